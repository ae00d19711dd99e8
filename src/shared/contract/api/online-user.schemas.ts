import { Type, type Static } from 'typebox';
import { OpenObject, Page } from '../wire.ts';

/** What the 在线用户 routes answer inside the envelope (urls: online-user.ts). */
export const OnlineSession = OpenObject({
  sessionId: Type.String(),
  tenantId: Type.String(),
  tenantName: Type.String(),
  userId: Type.String(),
  account: Type.String(),
  realName: Type.String(),
  clientId: Type.String({ description: 'the OAuth client the login was made with (saber, sword, ...)' }),
  ip: Type.String(),
  userAgent: Type.String(),
  loginTime: Type.String({ description: 'yyyy-MM-dd HH:mm:ss' }),
  lastActiveTime: Type.String({ description: 'yyyy-MM-dd HH:mm:ss, to the minute' }),
  current: Type.Boolean({ description: "the caller's own login" }),
});
export type OnlineSession = Static<typeof OnlineSession>;
export const OnlineSessionPage = Page(OnlineSession);
export type OnlineSessionPage = Static<typeof OnlineSessionPage>;

export const LoginOptions = OpenObject({ captchaMode: Type.Boolean() });
export type LoginOptions = Static<typeof LoginOptions>;
