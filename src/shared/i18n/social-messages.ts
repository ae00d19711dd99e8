import type { LocalText } from './server-messages.ts';

/** Social login and the guest registration (issue 37, contract auth.md §6; spec §2/§5 for the dialog's checks). */
export const SOCIAL_MESSAGES = {
  sourceUnknown: { zh: '未配置的第三方平台: {name}', en: 'No social login is configured for {name}' },
  stateInvalid: {
    zh: '第三方登录状态无效或已使用,请重新登录',
    en: 'The social login state is invalid or was already used; please sign in again',
  },
  codeInvalid: {
    zh: '第三方平台拒绝了授权码,请重新登录',
    en: 'The provider refused the authorization code; please sign in again',
  },
  providerFailed: {
    zh: '第三方平台暂时无法访问,请稍后再试',
    en: 'The provider cannot be reached; please try again later',
  },
  providerDenied: { zh: '第三方平台未授权登录', en: 'The provider did not authorise the sign-in' },
  registrationClosed: {
    zh: '当前系统未开启注册功能,请联系管理员',
    en: 'Registration is turned off: please contact the administrator',
  },
  guestInvalid: { zh: '第三方登陆信息错误!', en: 'The social login information is wrong!' },
  tenantWrong: { zh: '租户信息错误!', en: 'The tenant information is wrong!' },
  accountUsed: { zh: '当前账号已被使用!', en: 'The account is already in use!' },
  tenantRequired: { zh: '请先输入租户编号', en: 'Please enter the tenant ID first' },
  accountRequired: { zh: '请先输入账号名称', en: 'Please enter the account name first' },
  accountShape: {
    zh: '登录账号不能包含空格,且不超过45个字符',
    en: 'The account cannot contain spaces nor exceed 45 characters',
  },
  passwordRequired: { zh: '请先输入密码', en: 'Please enter the password first' },
  passwordMismatch: { zh: '两次密码输入不一致', en: 'The two passwords differ' },
  registered: {
    zh: '注册申请已提交,请耐心等待管理员审核通过',
    en: 'Registration submitted: please wait for an administrator to approve it',
  },
} satisfies Record<string, LocalText>;
