import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sms, SMS_ENABLE, SMS_TEST } from '../../../shared/entities/resource/sms.ts';
import { phoneProblem } from '../../../shared/entities/system/user.ts';
import { text, type LocalText, type MessageVars } from '../../../shared/i18n/server-messages.ts';
import { failWith, langOf, ok, type R } from '../../platform/errors.ts';
import { idParam, textParam } from '../../platform/params.ts';
import { answers, ANSWERS_NO_DATA } from '../../platform/response-schemas.ts';
import { Param, paramsOf, queryOrBody } from '../../platform/route-schemas.ts';
import { usualLog } from '../../platform/audit/usual-log.ts';
import type { Services } from '../../services.ts';
import { enableSms, sendSms, smsAccountById, smsAccountOf } from './sms-config.ts';
import { smsFailure } from './sms-failures.ts';
import { SMS_TEST_SEND_URL } from '../../../shared/contract/api/resource.ts';
import { CODES_PER_DAY, SmsCodes } from './sms-codes.ts';
import type { SmsAccount, SmsMessage } from './sms-senders.ts';

/** The most phones one send-message reaches (an SMS to a whole list is a refusal, not a bill). */
export const MAX_PHONES = 100;

export const SMS_MESSAGES = {
  sent: { zh: '发送成功', en: 'Sent' },
  sendFailed: { zh: '发送失败', en: 'Sending failed' },
  validated: { zh: '校验成功', en: 'Validated' },
  validateFailed: { zh: '校验失败', en: 'Validation failed' },
  codeRequired: { zh: '请输入短信配置编号', en: 'Please enter the SMS configuration code' },
  unknownCode: { zh: '短信配置不存在: {name}', en: 'No SMS configuration {name}' },
  phonesRequired: { zh: '请输入手机号码', en: 'Please enter the mobile numbers' },
  tooManyPhones: {
    zh: '一次最多发送给{name}个手机号码',
    en: 'One message reaches at most {name} mobile numbers',
  },
  badPhone: { zh: '手机号码格式不正确: {name}', en: 'Not a valid mobile number: {name}' },
  badParams: {
    zh: '短信参数须为JSON对象，如 {"code":"1234"}',
    en: 'The SMS parameters must be a JSON object, e.g. {"code":"1234"}',
  },
  tooSoon: { zh: '验证码发送过于频繁，请60秒后再试', en: 'A code was just sent: try again in 60 seconds' },
  dailyLimit: {
    zh: `该手机号今日验证码已达上限（${CODES_PER_DAY}条），请明天再试`,
    en: `This number got its ${CODES_PER_DAY} codes for today: try again tomorrow`,
  },
  missing: { zh: '短信配置不存在', en: 'The SMS configuration does not exist' },
  testSent: { zh: '测试短信已发送至{name}', en: 'Test message sent to {name}' },
} satisfies Record<string, LocalText>;

const say = <T>(request: FastifyRequest, data: T, message: LocalText, vars?: MessageVars): R<T> => ({
  code: 200,
  success: true,
  data,
  msg: text(langOf(request), message, vars),
});

/** The phones of a comma list: each a mobile number, each once, at most MAX_PHONES. */
function phonesOf(raw: Param | undefined): string[] {
  const list = textParam(raw, 100_000);
  if (!list) throw failWith(SMS_MESSAGES.phonesRequired);
  const phones = [...new Set(list.split(/[,，\s]+/).filter(Boolean))];
  if (phones.length > MAX_PHONES) throw failWith(SMS_MESSAGES.tooManyPhones, { name: MAX_PHONES });
  const bad = phones.find((phone) => phoneProblem(phone, true));
  if (bad !== undefined) throw failWith(SMS_MESSAGES.badPhone, { name: bad.slice(0, 20) });
  if (!phones.length) throw failWith(SMS_MESSAGES.phonesRequired);
  return phones;
}

/** `params`: a JSON object of template variables (texts and numbers), `{}` when absent. */
function paramsOfText(raw: Param | undefined): Record<string, string> {
  const json = textParam(raw, 4000);
  if (json === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw failWith(SMS_MESSAGES.badParams);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw failWith(SMS_MESSAGES.badParams);
  const entries = Object.entries(parsed);
  if (entries.some(([, value]) => typeof value !== 'string' && typeof value !== 'number'))
    throw failWith(SMS_MESSAGES.badParams);
  return Object.fromEntries(entries.map(([key, value]) => [key, String(value)]));
}

/**
 * `/api/blade-resource/sms` beyond the engine's CRUD (`enable`) and the send endpoint (contract resource-desk-log.md
 * §4): messages through the tenant's configs, validation codes kept in the key-value store.
 */
export async function smsRoutes(fastify: FastifyInstance, { services }: { services: Services }) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const rows = services.entities.get(sms.name)!;
  const codes = new SmsCodes(services.kv);
  const log = usualLog(services);
  const base = '/api/blade-resource/sms';

  app.post(
    `${base}/enable`,
    { config: { permission: SMS_ENABLE }, schema: { ...queryOrBody({ id: Param }), ...ANSWERS_NO_DATA } },
    async (request) => {
      const id = idParam(paramsOf(request).id, 'id');
      const { user } = request;
      const visible = await rows.visibleRows(user);
      if (!(await enableSms(services.db, visible, id, user.userId))) throw failWith(SMS_MESSAGES.missing);
      return ok(request, null);
    },
  );

  app.post(
    SMS_TEST_SEND_URL,
    {
      config: { permission: SMS_TEST },
      schema: { ...queryOrBody({ id: Param, phone: Param, params: Param }), ...ANSWERS_NO_DATA },
    },
    async (request) => {
      const input = paramsOf(request);
      const id = idParam(input.id, 'id');
      const phone = textParam(input.phone, 20) ?? '';
      const problem = phoneProblem(phone, true);
      if (problem) throw failWith(problem);
      const params = paramsOfText(input.params);
      const account = await smsAccountById(services, await rows.visibleRows(request.user), id);
      if (!account) throw failWith(SMS_MESSAGES.missing);
      try {
        await sendSms(services, account, { phones: [phone], params }, { request });
      } catch (error) {
        log.error('sms-failed', { sms: account.code, phones: [phone], error: String(error) }, { request });
        throw smsFailure(error);
      }
      return say(request, null, SMS_MESSAGES.testSent, { name: phone });
    },
  );

  const endpoint = `${base}/endpoint`;
  const send = async (request: FastifyRequest, account: SmsAccount, message: SmsMessage) => {
    try {
      await sendSms(services, account, message, { request });
    } catch (error) {
      log.error('sms-failed', { sms: account.code, phones: message.phones, error: String(error) }, { request });
      throw failWith(SMS_MESSAGES.sendFailed);
    }
  };

  app.post(
    `${endpoint}/send-message`,
    {
      config: { permission: sms.code },
      schema: { ...queryOrBody({ code: Param, phones: Param, params: Param }), ...ANSWERS_NO_DATA },
    },
    async (request) => {
      const input = paramsOf(request);
      const code = textParam(input.code, 32);
      if (!code) throw failWith(SMS_MESSAGES.codeRequired);
      const phones = phonesOf(input.phones);
      const params = paramsOfText(input.params);
      const account = await smsAccountOf(services, request.user.tenantId, code);
      if (!account) throw failWith(SMS_MESSAGES.unknownCode, { name: code });
      await send(request, account, { phones, params });
      return say(request, null, SMS_MESSAGES.sent);
    },
  );

  const Sent = Type.Object({ id: Type.String(), phone: Type.String(), value: Type.Optional(Type.String()) });
  app.post(
    `${endpoint}/send-validate`,
    { schema: { ...queryOrBody({ phone: Param }), ...answers(Sent) } },
    async (request) => {
      const phone = textParam(paramsOf(request).phone, 20) ?? '';
      const problem = phoneProblem(phone, true);
      if (problem) throw failWith(problem);
      const { tenantId } = request.user;
      const refused = await codes.takeTurn(tenantId, phone);
      if (refused) throw failWith(SMS_MESSAGES[refused]);
      const { id, value } = await codes.issue(tenantId, phone);
      await send(request, await enabledAccount(tenantId), { phones: [phone], params: { code: value } });
      // The code reaches the phone only; a development server hands it back to whoever tries the screens.
      return say(request, { id, phone, ...(services.config.production ? {} : { value }) }, SMS_MESSAGES.sent);
    },
  );

  app.post(
    `${endpoint}/validate-message`,
    { schema: { ...queryOrBody({ id: Param, phone: Param, value: Param }), ...ANSWERS_NO_DATA } },
    async (request) => {
      const input = paramsOf(request);
      const id = textParam(input.id, 32) ?? '';
      const phone = textParam(input.phone, 20) ?? '';
      const value = textParam(input.value, 32) ?? '';
      const valid =
        /^\d{1,19}$/.test(id) && /^\d{6}$/.test(value) && (await codes.check(request.user.tenantId, id, phone, value));
      if (!valid) throw failWith(SMS_MESSAGES.validateFailed);
      return say(request, null, SMS_MESSAGES.validated);
    },
  );

  async function enabledAccount(tenantId: string): Promise<SmsAccount> {
    return (await smsAccountOf(services, tenantId))!;
  }
}
