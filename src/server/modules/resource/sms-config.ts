import { SMS_CATEGORY, SMS_ENABLED } from '../../../shared/entities/resource/sms.ts';
import { usualLog, type UsualLogContext } from '../../platform/audit/usual-log.ts';
import type { EntityHooks } from '../../platform/entity/service.ts';
import type { VisibleRows } from '../../platform/entity/types.ts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connect.ts';
import type { BladeSms } from '../../db/schema.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { sealedFieldHooks, unsealText } from '../../platform/sealed-text.ts';
import type { Services } from '../../services.ts';
import { senderOf, type SmsAccount, type SmsMessage } from './sms-senders.ts';

/** SMS secret keys at rest: sealed (platform/sealed-text.ts) under the server's signing secret. */
const PURPOSE = 'tenon sms secret key';

/**
 * The secret key is sealed before it is written, and an edit with it blank keeps the stored one: the body names it
 * `secretKey`, the row's values `secret_key`.
 */
export function smsHooks(services: Services): EntityHooks {
  const { jwtSecret } = services.config;
  return {
    prepare: sealedFieldHooks('secretKey', jwtSecret, PURPOSE).prepare,
    beforeWrite: sealedFieldHooks('secret_key', jwtSecret, PURPOSE).beforeWrite,
  };
}

/** What the log-only sender is called when a tenant has no enabled config. */
const LOG_ONLY: Omit<SmsAccount, 'code'> = {
  category: SMS_CATEGORY.log,
  templateId: '',
  accessKey: '',
  secretKey: '',
  regionId: '',
  signName: '',
  appId: '',
};

/**
 * A tenant's config: the one with `code`, or the enabled one without; none enabled is the log-only sender (code
 * `log`). undefined: no live config has that code.
 */
export async function smsAccountOf(
  services: Services,
  tenantId: string,
  code?: string,
): Promise<SmsAccount | undefined> {
  let query = services.db
    .selectFrom('blade_sms')
    .selectAll()
    .where('tenant_id', '=', tenantId)
    .where('is_deleted', '=', 0);
  query = code === undefined ? query.where('status', '=', SMS_ENABLED) : query.where('sms_code', '=', code);
  const row = await query.executeTakeFirst();
  if (!row) return code === undefined ? { ...LOG_ONLY, code: 'log' } : undefined;
  return accountOf(row, services.config.jwtSecret);
}

/** A config the caller sees, by id (测试发送 sends through the chosen row, enabled or not); undefined: none. */
export async function smsAccountById(
  services: Services,
  visible: VisibleRows,
  id: string,
): Promise<SmsAccount | undefined> {
  const row = await visible(services.db).selectAll().where('id', '=', id).executeTakeFirst();
  return row ? accountOf(row as Selectable<BladeSms>, services.config.jwtSecret) : undefined;
}

function accountOf(row: Selectable<BladeSms>, jwtSecret: Uint8Array): SmsAccount {
  return {
    code: row.sms_code,
    category: row.category,
    templateId: row.template_id,
    accessKey: row.access_key,
    secretKey: unsealText(row.secret_key, jwtSecret, PURPOSE),
    regionId: row.region_id,
    signName: row.sign_name,
    appId: row.app_id,
  };
}

/** Sends through the account's provider (the API addresses are the server's settings); throws when it fails. */
export async function sendSms(services: Services, account: SmsAccount, message: SmsMessage, context: UsualLogContext) {
  const send = senderOf(account.category, services.config.sms, usualLog(services), {
    serviceId: 'blade-resource',
    ...context,
  });
  await send(account, message);
}

/**
 * `enable`: the row (one the caller sees) becomes its tenant's enabled config, every other live row of the tenant
 * disabled, in one transaction. false: no such row.
 */
export async function enableSms(db: Db, visible: VisibleRows, id: string, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await visible(trx).select(['id', 'tenant_id']).where('id', '=', id).executeTakeFirst();
    if (!row) return false;
    // Every other live row first (all of them, whatever their status: a concurrent enable's row is among them once it
    // commits), then the chosen one: the index of one enabled row per tenant never sees two.
    await trx
      .updateTable('blade_sms')
      .set({ status: 1 })
      .where('tenant_id', '=', String(row.tenant_id))
      .where('is_deleted', '=', 0)
      .where('id', '<>', id)
      .execute();
    await trx
      .updateTable('blade_sms')
      .set({ status: SMS_ENABLED, update_user: userId, update_time: formatDateTime() })
      .where('id', '=', id)
      .execute();
    return true;
  });
}
