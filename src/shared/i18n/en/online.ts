import type { Resource } from '../resource.ts';
import type { online as zh } from '../zh/online.ts';

export const online: Resource<typeof zh> = {
  tenant: 'Tenant',
  account: 'Account',
  realName: 'Name',
  client: 'Client',
  ip: 'Login IP',
  userAgent: 'Browser',
  loginTime: 'Signed in',
  lastActive: 'Last active',
  actions: 'Actions',
  current: 'This session',
  forceLogout: 'Force logout',
  confirm: 'Force {{name}} out of this login?',
  done: 'Logged out',
  search: 'Search',
  reset: 'Clear',
  refresh: 'Refresh',
  tenantId: 'Tenant ID',
};
