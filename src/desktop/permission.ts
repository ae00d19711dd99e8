import { useQuery } from '@tanstack/react-query';
import { useSession } from '../client/session.ts';
import { permissionQuery } from './queries.ts';

export interface Permission {
  /** The `{code: true}` map of spec §6. */
  permission: Record<string, true>;
  /** Whether the session holds a button code, e.g. `can(EXPENSE_PAY)`; false until the buttons are loaded. */
  can: (code: string) => boolean;
}

/** Button permissions of the session, kept in its react-query cache (emptied on logout). */
export function usePermission(): Permission {
  const { token } = useSession();
  const { data } = useQuery({ ...permissionQuery, enabled: Boolean(token) });
  const permission = data ?? {};
  return { permission, can: (code) => permission[code] === true };
}
