import type { Db } from '../../db/connect.ts';
import { asSystem } from '../../db/tenant-context.ts';

/**
 * 验证码模式 of a tenant (blade_tenant.captcha_mode): its password logins must come through the captcha grant. Read
 * as system work: the login form asks before anyone is known, and an unknown tenant simply has no captcha mode.
 */
export async function captchaRequired(db: Db, tenantId: string): Promise<boolean> {
  const row = await asSystem(() =>
    db
      .selectFrom('blade_tenant')
      .select('captcha_mode')
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst(),
  );
  return Number(row?.captcha_mode) === 1;
}
