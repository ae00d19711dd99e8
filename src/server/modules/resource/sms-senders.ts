import { createHash, createHmac, randomUUID } from 'node:crypto';
import { SMS_CATEGORY } from '../../../shared/entities/resource/sms.ts';
import type { UsualLogContext, UsualLogger } from '../../platform/audit/usual-log.ts';

/** One message to some phones: the config's template filled with `params`. */
export interface SmsMessage {
  phones: readonly string[];
  params: Readonly<Record<string, string>>;
}

/** A config as the senders need it (its secret unsealed). */
export interface SmsAccount {
  code: string;
  category: number;
  templateId: string;
  accessKey: string;
  secretKey: string;
  regionId: string;
  signName: string;
  appId: string;
}

/** Where the provider APIs are (server settings, so a tenant's config cannot point a request elsewhere). */
export interface SmsEndpoints {
  aliyun: string;
  tencent: string;
}

/** Why a provider refused a message: its code and text as the provider said them (the usual log, 测试发送). */
export class SmsRefused extends Error {
  constructor(
    readonly provider: 'aliyun' | 'tencent',
    readonly code: string,
    readonly detail: string,
  ) {
    super(`${provider} ${code}: ${detail}`);
  }
}

export type SmsSender = (account: SmsAccount, message: SmsMessage) => Promise<void>;

const TIMEOUT_MS = 10_000;

/** The sender of a config's category: Aliyun, Tencent Cloud, else the log-only one (the default). */
export function senderOf(category: number, endpoints: SmsEndpoints, log: UsualLogger, context: UsualLogContext) {
  if (category === SMS_CATEGORY.ali) return (a: SmsAccount, m: SmsMessage) => sendAliyun(endpoints.aliyun, a, m);
  if (category === SMS_CATEGORY.tencent) return (a: SmsAccount, m: SmsMessage) => sendTencent(endpoints.tencent, a, m);
  return logOnlySender(log, context);
}

/**
 * Nothing leaves the server: the message lands in the usual log (通用日志, log id `sms-send`), which is where one
 * reads it in a test or an installation without a provider. Yunpian and Qiniu configs send this way too.
 */
export const logOnlySender =
  (log: UsualLogger, context: UsualLogContext): SmsSender =>
  async (account, message) =>
    log.info(
      'sms-send',
      { sms: account.code, template: account.templateId, phones: message.phones, params: message.params },
      context,
    );

/** RFC 3986 percent-encoding as Aliyun's POP signature wants it (`encodeURIComponent` leaves !'()* as they are). */
export const popEncode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Aliyun dysmsapi SendSms, RPC style with signature version 1.0: HMAC-SHA1 with `<secret>&` over
 * `POST&%2F&<encoded canonical query>`, the query's keys sorted, every key and value percent-encoded.
 */
export async function sendAliyun(base: string, account: SmsAccount, message: SmsMessage): Promise<void> {
  const params: Record<string, string> = {
    AccessKeyId: account.accessKey,
    Action: 'SendSms',
    Format: 'JSON',
    RegionId: account.regionId || 'cn-hangzhou',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
    PhoneNumbers: message.phones.join(','),
    SignName: account.signName,
    TemplateCode: account.templateId,
    TemplateParam: JSON.stringify(message.params),
  };
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${popEncode(key)}=${popEncode(params[key])}`)
    .join('&');
  const toSign = `POST&${popEncode('/')}&${popEncode(canonical)}`;
  const signature = createHmac('sha1', `${account.secretKey}&`).update(toSign).digest('base64');
  const response = await fetch(`${base.replace(/\/+$/, '')}/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `Signature=${popEncode(signature)}&${canonical}`,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => ({}))) as { Code?: string; Message?: string };
  if (!response.ok || answer.Code !== 'OK')
    throw new SmsRefused('aliyun', answer.Code ?? String(response.status), answer.Message ?? '');
}

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');
const hmac256 = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text).digest();

/** A mainland number as Tencent Cloud wants it (E.164); numbers with a country code stay as they are. */
const e164 = (phone: string) => (phone.startsWith('+') ? phone : `+86${phone}`);

/**
 * Tencent Cloud SMS SendSms (API 2021-01-11) signed with TC3-HMAC-SHA256: the canonical request over content-type,
 * host and x-tc-action, the key derived from `TC3<secret>` by date, service (`sms`) and `tc3_request`.
 */
export async function sendTencent(base: string, account: SmsAccount, message: SmsMessage): Promise<void> {
  const url = new URL(base);
  const body = JSON.stringify({
    PhoneNumberSet: message.phones.map(e164),
    SmsSdkAppId: account.appId,
    SignName: account.signName,
    TemplateId: account.templateId,
    TemplateParamSet: Object.values(message.params).map(String),
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const date = new Date(timestamp * 1000).toISOString().slice(0, 10);
  const contentType = 'application/json; charset=utf-8';
  const action = 'SendSms';
  const signedHeaders = 'content-type;host;x-tc-action';
  const canonicalRequest = [
    'POST',
    '/',
    '',
    `content-type:${contentType}\nhost:${url.host}\nx-tc-action:${action.toLowerCase()}\n`,
    signedHeaders,
    sha256Hex(body),
  ].join('\n');
  const scope = `${date}/sms/tc3_request`;
  const toSign = ['TC3-HMAC-SHA256', String(timestamp), scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac256(hmac256(hmac256(`TC3${account.secretKey}`, date), 'sms'), 'tc3_request');
  const signature = createHmac('sha256', key).update(toSign).digest('hex');
  const response = await fetch(`${url.origin}/`, {
    method: 'POST',
    headers: {
      authorization: `TC3-HMAC-SHA256 Credential=${account.accessKey}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
      'content-type': contentType,
      'x-tc-action': action,
      'x-tc-timestamp': String(timestamp),
      'x-tc-version': '2021-01-11',
      'x-tc-region': account.regionId || 'ap-guangzhou',
    },
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => ({}))) as {
    Response?: { Error?: { Code: string; Message: string }; SendStatusSet?: Array<{ Code: string; Message: string }> };
  };
  const error = answer.Response?.Error;
  if (!response.ok || error)
    throw new SmsRefused('tencent', error?.Code ?? String(response.status), error?.Message ?? '');
  const failed = answer.Response?.SendStatusSet?.find((status) => status.Code !== 'Ok');
  if (failed) throw new SmsRefused('tencent', failed.Code, failed.Message);
}
