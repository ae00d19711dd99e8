import type { Lang, LocalText } from '../../../../shared/i18n/server-messages.ts';

/**
 * The SSO authorize page (sign in, then consent), served by the server itself rather than the console's bundle: it
 * must open on any device before any console code or session exists, in the console's look (its colours, card and
 * title), and works without JavaScript (plain form posts).
 */
const LABELS = {
  title: { zh: '统一身份认证', en: 'Single sign-on' },
  signInTo: { zh: '登录以继续访问 {client}', en: 'Sign in to continue to {client}' },
  tenant: { zh: '租户编号', en: 'Tenant ID' },
  account: { zh: '账号', en: 'Account' },
  password: { zh: '密码', en: 'Password' },
  captcha: { zh: '验证码', en: 'Captcha' },
  captchaImage: { zh: '验证码图片', en: 'Captcha image' },
  signIn: { zh: '登录', en: 'Sign in' },
  secondFactorTitle: { zh: '两步验证', en: 'Two-factor sign-in' },
  secondFactorHint: {
    zh: '请输入验证器中的 6 位验证码,或一个恢复码',
    en: 'Enter the 6-digit code of your authenticator, or a recovery code',
  },
  otp: { zh: '两步验证码', en: 'Two-factor code' },
  verify: { zh: '验证', en: 'Verify' },
  consentTitle: { zh: '{client} 请求访问你的账号', en: '{client} asks to access your account' },
  signedInAs: { zh: '当前账号: {account}', en: 'Signed in as {account}' },
  scopes: { zh: '它将获得:', en: 'It will receive:' },
  allow: { zh: '同意授权', en: 'Allow' },
  deny: { zh: '拒绝', en: 'Deny' },
} satisfies Record<string, LocalText>;

const SCOPES: Record<string, LocalText> = {
  openid: { zh: '你的账号标识', en: 'Your account identifier' },
  profile: { zh: '姓名、账号、租户与头像', en: 'Your name, account, tenant and avatar' },
  email: { zh: '邮箱地址', en: 'Your email address' },
  phone: { zh: '手机号码', en: 'Your phone number' },
  offline_access: { zh: '在你离开后保持访问(刷新令牌)', en: 'Access while you are away (refresh tokens)' },
};

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const label = (lang: Lang, key: keyof typeof LABELS, vars: Record<string, string> = {}) =>
  escape(LABELS[key][lang]).replace(/\{(\w+)\}/g, (_, name: string) => `<b>${escape(vars[name] ?? '')}</b>`);

const page = (lang: Lang, body: string) => `<!doctype html>
<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(LABELS.title[lang])} - Tenon ERP</title>
<link rel="icon" href="/favicon.svg">
<style>
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font:14px/1.5715 -apple-system,BlinkMacSystemFont,"Segoe UI","PingFang SC","Noto Sans CJK SC",sans-serif;
background:linear-gradient(135deg,#2d3a4b 0%,#409EFF 100%);color:rgba(0,0,0,.88)}
main{background:#fff;border-radius:8px;box-shadow:0 6px 16px rgba(0,0,0,.16);padding:32px;width:100%;max-width:360px;
box-sizing:border-box;margin:16px}
h1{font-size:20px;margin:0 0 4px;text-align:center}p{margin:0 0 16px;color:rgba(0,0,0,.65);text-align:center}
label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:6px 11px;font-size:14px;
border:1px solid #d9d9d9;border-radius:6px}input:focus{outline:none;border-color:#409EFF;box-shadow:0 0 0 2px rgba(64,158,255,.2)}
button{width:100%;margin-top:20px;padding:7px 15px;font-size:14px;border-radius:6px;cursor:pointer;border:1px solid #d9d9d9;background:#fff}
button.primary{background:#409EFF;border-color:#409EFF;color:#fff}.row{display:flex;gap:12px;align-items:center}.row button,.row input{flex:1}
.error{background:#fff2f0;border:1px solid #ffccc7;border-radius:6px;padding:8px 12px;color:#ff4d4f;margin-bottom:8px}
ul{padding-left:20px;margin:8px 0}
</style></head><body><main>${body}</main></body></html>`;

const errorBox = (message?: string) => (message ? `<div class="error" role="alert">${escape(message)}</div>` : '');

/** A captcha to answer on the sign-in form: its key (sent back hidden) and its image (a data URL). */
export interface PageCaptcha {
  key: string;
  image: string;
}

const captchaFields = (lang: Lang, captcha: PageCaptcha | undefined) =>
  captcha
    ? `<input type="hidden" name="captchaKey" value="${escape(captcha.key)}">
<label for="captchaCode">${label(lang, 'captcha')}</label>
<div class="row"><input id="captchaCode" name="captchaCode" autocomplete="off" required>
<img src="${escape(captcha.image)}" alt="${label(lang, 'captchaImage')}" height="32"></div>`
    : '';

export function loginPage(
  lang: Lang,
  input: { uid: string; client: string; tenantId: string; account: string; captcha?: PageCaptcha; error?: string },
) {
  const action = `/oauth2/interaction/${encodeURIComponent(input.uid)}`;
  return page(
    lang,
    `<h1>${escape(LABELS.title[lang])}</h1><p>${label(lang, 'signInTo', { client: input.client })}</p>
${errorBox(input.error)}
<form method="post" action="${action}/login" autocomplete="on">
<label for="tenantId">${label(lang, 'tenant')}</label>
<input id="tenantId" name="tenantId" value="${escape(input.tenantId)}" required>
<label for="account">${label(lang, 'account')}</label>
<input id="account" name="account" value="${escape(input.account)}" autocomplete="username" required autofocus>
<label for="password">${label(lang, 'password')}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
${captchaFields(lang, input.captcha)}
<button class="primary" type="submit">${label(lang, 'signIn')}</button>
</form>`,
  );
}

/** The second step after a right password, for an account with TOTP on: a current code or a recovery code. */
export function secondFactorPage(
  lang: Lang,
  input: { uid: string; client: string; account: string; ticket: string; error?: string },
) {
  const action = `/oauth2/interaction/${encodeURIComponent(input.uid)}`;
  return page(
    lang,
    `<h1>${label(lang, 'secondFactorTitle')}</h1><p>${label(lang, 'signInTo', { client: input.client })}</p>
<p>${label(lang, 'signedInAs', { account: input.account })}</p>
${errorBox(input.error)}
<form method="post" action="${action}/otp" autocomplete="off">
<input type="hidden" name="mfaToken" value="${escape(input.ticket)}">
<label for="otp">${label(lang, 'otp')}</label>
<input id="otp" name="otp" autocomplete="one-time-code" required autofocus>
<p><small>${label(lang, 'secondFactorHint')}</small></p>
<button class="primary" type="submit">${label(lang, 'verify')}</button>
</form>`,
  );
}

export function consentPage(lang: Lang, input: { uid: string; client: string; account: string; scopes: string[] }) {
  const action = `/oauth2/interaction/${encodeURIComponent(input.uid)}`;
  const items = input.scopes
    .map((scope) => `<li>${escape(SCOPES[scope]?.[lang] ?? scope)} <small>(${escape(scope)})</small></li>`)
    .join('');
  return page(
    lang,
    `<h1>${label(lang, 'consentTitle', { client: input.client })}</h1>
<p>${label(lang, 'signedInAs', { account: input.account })}</p>
<div>${label(lang, 'scopes')}</div><ul>${items}</ul>
<div class="row">
<form method="post" action="${action}/abort"><button type="submit">${label(lang, 'deny')}</button></form>
<form method="post" action="${action}/confirm"><button class="primary" type="submit">${label(lang, 'allow')}</button></form>
</div>`,
  );
}

export function messagePage(lang: Lang, message: string) {
  return page(lang, `<h1>${escape(LABELS.title[lang])}</h1>${errorBox(message)}`);
}
