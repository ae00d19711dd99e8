import { getData, http } from '../client/http.ts';

// Calls the shell needs that the client core does not offer yet (candidates for src/client/api).

export interface DeptOption { id: string; deptName: string }
export interface RoleOption { id: string; roleName: string }

/** `oauth/user-info`: who the token says we are. */
export interface UserDetail {
  userId: string;
  tenantId: string;
  account: string;
  userName: string;
  realName: string;
  roleId: string;
  roleName: string;
  deptId: string;
  postId: string;
  roles: string[];
  permissions: string[];
}

export const fetchDeptSelect = () => getData<DeptOption[]>('/api/blade-system/dept/select');
export const fetchRoleSelect = () => getData<RoleOption[]>('/api/blade-system/role/select');
export const fetchUserDetail = () => getData<UserDetail>('/api/blade-auth/oauth/user-info');
export async function clearServerCache(): Promise<void> {
  await http.get('/api/blade-auth/oauth/clear-cache');
}
