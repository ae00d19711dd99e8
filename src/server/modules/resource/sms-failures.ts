import type { LocalText } from '../../../shared/i18n/server-messages.ts';
import { ApiError, failWith } from '../../platform/errors.ts';
import { SmsRefused } from './sms-senders.ts';

/** What a provider's refusal means, by its error code (Aliyun dysmsapi and Tencent Cloud SMS publish these). */
const REASONS: ReadonlyArray<readonly [RegExp, LocalText]> = [
  [
    /^(InvalidAccessKeyId|AuthFailure\.SecretIdNotFound)/,
    { zh: 'AccessKey不存在或已停用', en: 'the access key is unknown or disabled' },
  ],
  [
    /^(SignatureDoesNotMatch|IncompleteSignature|AuthFailure\.Signature)/,
    { zh: '密钥不正确', en: 'the secret key is wrong' },
  ],
  [
    /SIGN(ATURE)?_(NAME_)?ILLEGAL|SignatureIncorrectOrUnapproved/i,
    { zh: '短信签名不正确或未审核通过', en: 'the signature name is wrong or not approved' },
  ],
  [/TEMPLATE|Template/, { zh: '模版ID或模版参数不正确', en: 'the template ID or its parameters are wrong' }],
  [
    /MOBILE_NUMBER_ILLEGAL|PhoneNumber(Format|Illegal)|IncorrectPhoneNumber/,
    { zh: '手机号码不正确', en: 'the mobile number is wrong' },
  ],
  [
    /LIMIT_CONTROL|^LimitExceeded/,
    { zh: '发送频率或数量超出服务商限制', en: "the provider's sending limit is reached" },
  ],
  [
    /AMOUNT_NOT_ENOUGH|OUT_OF_SERVICE|InsufficientBalance/,
    { zh: '服务商账户余额不足', en: 'the provider account has no credit left' },
  ],
  [/SdkAppId/, { zh: '应用ID不正确', en: 'the SMS app ID is wrong' }],
];

export const SMS_FAILURES = {
  refusedBecause: {
    zh: '短信服务商拒绝发送：{label}（{name}）',
    en: 'The SMS provider refused the message: {label} ({name})',
  },
  refused: { zh: '短信服务商拒绝发送：{name}', en: 'The SMS provider refused the message: {name}' },
  unreachable: { zh: '无法连接短信服务商：{name}', en: 'Could not reach the SMS provider: {name}' },
} satisfies Record<string, LocalText>;

/** Why the network call failed: the system's error code (ECONNREFUSED, ENOTFOUND) or the timeout, never a stack. */
function networkCause(error: unknown): string {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) return 'timeout';
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  if (typeof cause?.code === 'string') return cause.code;
  return error instanceof Error ? error.message.slice(0, 200) : 'error';
}

/**
 * A failed send as the admin who tried it reads it (测试发送): the provider's code and text as it said them, after
 * what they mean in the caller's language where the code is a known one; a provider never reached says why.
 */
export function smsFailure(error: unknown): ApiError {
  if (error instanceof SmsRefused) {
    const said = `${error.code}: ${error.detail}`.slice(0, 300);
    const reason = REASONS.find(([pattern]) => pattern.test(error.code))?.[1];
    return reason
      ? failWith(SMS_FAILURES.refusedBecause, { label: reason, name: said })
      : failWith(SMS_FAILURES.refused, { name: said });
  }
  return failWith(SMS_FAILURES.unreachable, { name: networkCause(error) });
}
