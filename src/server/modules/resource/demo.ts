import { OSS_CATEGORY, OSS_STATUS } from '../../../shared/entities/resource/oss.ts';
import { SMS_CATEGORY, SMS_ENABLED } from '../../../shared/entities/resource/sms.ts';
import { formatDateTime } from '../../../shared/contract/time.ts';
import { loadConfig } from '../../config.ts';
import type { Db } from '../../db/connect.ts';
import { nextId } from '../../platform/ids.ts';
import { storeDemoAttachments, type DemoFile } from './storage/demo-receipts.ts';

const TENANT = '000000';
const BUCKET = 'tenon-demo';
/** A 1×1 PNG and a short text: two attachments a new user can open. */
const FILES: DemoFile[] = [
  {
    originalName: '发票样张.png',
    extension: 'png',
    bytes: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    ),
  },
  { originalName: '报销说明.txt', extension: 'txt', bytes: Buffer.from('差旅报销请附发票原件与行程单。\n') },
];

/**
 * `npm run demo`: the demo tenant's SMS config, log-only and enabled, so its messages (new-task SMS, 测试发送, codes)
 * are read in 通用日志. Skipped once the tenant has one.
 */
export async function seedSmsDemo(db: Db): Promise<string[]> {
  const existing = await db.selectFrom('blade_sms').select('id').where('tenant_id', '=', TENANT).executeTakeFirst();
  if (existing) return [];
  await db
    .insertInto('blade_sms')
    .values({
      id: nextId(),
      tenant_id: TENANT,
      category: SMS_CATEGORY.log,
      sms_code: 'log-demo',
      template_id: 'TASK_NOTICE',
      sign_name: '布雷德',
      remark: '演示: 仅记录日志 (通用日志)',
      create_time: formatDateTime(new Date(), 'Asia/Shanghai'),
      status: SMS_ENABLED,
      is_deleted: 0,
    })
    .execute();
  return ['1 SMS config (log only, enabled)'];
}

/**
 * `npm run demo`: an enabled local store for the demo tenant and two attachments in it, written where the server
 * (same environment) reads them. Skipped once the tenant has a config, and where several processes would not share
 * the local folder.
 */
export async function seedResourceDemo(db: Db): Promise<string[]> {
  const existing = await db.selectFrom('blade_oss').select('id').where('tenant_id', '=', TENANT).executeTakeFirst();
  const { files } = loadConfig();
  if (existing || (files.severalProcesses && !files.sharedDir)) return ['0 object storage configs'];
  const ossId = nextId();
  const now = formatDateTime(new Date(), 'Asia/Shanghai');
  await db
    .insertInto('blade_oss')
    .values({
      id: ossId,
      tenant_id: TENANT,
      category: OSS_CATEGORY.local,
      oss_code: 'local-demo',
      bucket_name: BUCKET,
      remark: '演示: 本地磁盘存储',
      create_time: now,
      status: OSS_STATUS.enabled,
      is_deleted: 0,
    })
    .execute();
  await storeDemoAttachments(db, TENANT, null, FILES);
  return ['1 object storage config (local, enabled)', `${FILES.length} attachments`];
}
