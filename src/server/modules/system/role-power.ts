import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import { ROLE_POWER, SUPER_TENANT, type AuthUser } from '../../platform/auth-context.ts';
import { ApiError, failWith } from '../../platform/errors.ts';
import type { Services } from '../../services.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';

export const ROLE_MESSAGES = {
  powerBeyond: { zh: '不能修改权限高于自身的角色', en: 'You cannot change a role with more power than your own' },
  aliasLocked: { zh: '管理员角色的别名不能修改', en: 'The alias of an administrator role cannot be changed' },
} satisfies Record<string, LocalText>;

/**
 * The power a new role gets: only the super administrator creates administrator roles, by giving one of the
 * reserved aliases (the entity refuses them from anyone else); super administrator power exists only in 000000.
 */
function powerOfNewRole(user: AuthUser, alias: unknown, tenantId: string): number {
  if (!user.isSuperAdmin) return ROLE_POWER.none;
  if (alias === 'administrator' && tenantId === SUPER_TENANT) return ROLE_POWER.superAdmin;
  return alias === 'administrator' || alias === 'admin' ? ROLE_POWER.tenantAdmin : ROLE_POWER.none;
}

/**
 * Roles carry their power on the row (ROLE_POWER): set once when the role is made, never from a later edit. A role
 * stronger than the caller can be neither changed nor removed by him, and an administrator role keeps its alias
 * (tokens and clients still read the alias).
 */
export function roleHooks(services: Services): EntityHooks {
  return {
    beforeWrite: async (trx, user, values, before) => {
      if (!before) {
        values.role_power = powerOfNewRole(user, values.role_alias, user.tenantId);
        return;
      }
      if (Number(before.role_power) > user.power) throw new ApiError(403, ROLE_MESSAGES.powerBeyond);
      const alias = values.role_alias;
      if (Number(before.role_power) > ROLE_POWER.none && alias !== undefined && alias !== before.role_alias) {
        throw failWith(ROLE_MESSAGES.aliasLocked);
      }
    },
    beforeRemove: async (user, ids) => {
      const rows = await services.db
        .selectFrom('blade_role')
        .select('role_power')
        .where('id', 'in', ids)
        .where('tenant_id', '=', user.tenantId)
        .execute();
      if (rows.some((r) => Number(r.role_power) > user.power)) throw new ApiError(403, ROLE_MESSAGES.powerBeyond);
    },
  };
}
