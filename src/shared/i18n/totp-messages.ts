import type { LocalText } from './server-messages.ts';

/** The second factor's messages (issue 37, part 3), zh first; the server sends them, the login pages show them. */
export const TOTP_MESSAGES = {
  mfaRequired: { zh: '请输入两步验证码', en: 'Enter your two-factor code' },
  ssoEnrolFirst: {
    zh: '管理员要求启用两步验证,请先在控制台登录并绑定验证器',
    en: 'Your administrator requires two-factor sign-in: sign in on the console and set up an authenticator first',
  },
  enrolRequired: {
    zh: '管理员要求启用两步验证,请先绑定验证器',
    en: 'Your administrator requires two-factor sign-in: set up an authenticator first',
  },
  ticketInvalid: {
    zh: '两步验证已超时,请重新登录',
    en: 'The two-factor sign-in has timed out, please log in again',
  },
  codeMissing: { zh: '请输入验证码', en: 'Please enter the code' },
  codeWrong: { zh: '验证码错误', en: 'Wrong code' },
  codeReplayed: {
    zh: '该验证码已使用,请等待下一个验证码',
    en: 'This code has been used already, please wait for the next one',
  },
  alreadyEnabled: { zh: '两步验证已启用', en: 'Two-factor sign-in is already on' },
  notStarted: { zh: '请先获取二维码', en: 'Please get the QR code first' },
  notEnabled: { zh: '两步验证未启用', en: 'Two-factor sign-in is not on' },
  disableProof: {
    zh: '请输入验证码或登录密码',
    en: 'Please enter a code or your password',
  },
  passwordWrong: { zh: '密码不正确', en: 'Wrong password' },
  requiredCannotDisable: {
    zh: '管理员要求启用两步验证,不能停用',
    en: 'Your administrator requires two-factor sign-in: it cannot be turned off',
  },
} satisfies Record<string, LocalText>;
