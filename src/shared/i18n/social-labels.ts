import type { LocalText } from './server-messages.ts';

/** The social login's words on the login page and in the registration dialog (spec §2/§5). */
export const SOCIAL_LABELS = {
  others: { zh: '第三方登录', en: 'Sign in with' },
  signInWith: { zh: '使用 {name} 登录', en: 'Sign in with {name}' },
  registerTitle: { zh: '用户注册', en: 'Register' },
  registerHint: {
    zh: '第三方账号尚未绑定本系统账号,请注册,管理员审核通过后即可登录',
    en: 'This identity is not bound to an account yet: register, and sign in once an administrator approves it',
  },
  tenantId: { zh: '租户编号', en: 'Tenant ID' },
  name: { zh: '用户姓名', en: 'Name' },
  account: { zh: '账号名称', en: 'Account' },
  password: { zh: '密码', en: 'Password' },
  password2: { zh: '确认密码', en: 'Confirm password' },
  submit: { zh: '提交', en: 'Submit' },
  cancel: { zh: '取消', en: 'Cancel' },
} satisfies Record<string, LocalText>;
