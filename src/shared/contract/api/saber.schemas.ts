import { Type, type Static } from 'typebox';
import { Envelope, OpenObject } from '../wire.ts';

/** SpringBlade's `AuthInfo` (contract auth.md [SB]): a granted token in the envelope, camelCase. */
export const AuthInfo = OpenObject({
  accessToken: Type.String(),
  tokenType: Type.String(),
  refreshToken: Type.String(),
  expiresIn: Type.Integer(),
  tenantId: Type.String(),
  userId: Type.String(),
  oauthId: Type.String(),
  account: Type.String(),
  /** The user's real name (SpringBlade's `userName`), shown in the console's top bar. */
  userName: Type.String(),
  /** An absolute URL: Saber is served from another origin than the API. */
  avatar: Type.String(),
  /** The role aliases, comma-joined. */
  authority: Type.String(),
  license: Type.String(),
});
export type AuthInfo = Static<typeof AuthInfo>;

/** SpringBlade's refusal: `R.fail` (code 400 or 401, msg). */
export const SaberFailure = Type.Object({
  code: Type.Integer(),
  success: Type.Boolean(),
  msg: Type.String(),
  data: Type.Null(),
});

export const SaberCaptcha = Envelope(Type.Object({ key: Type.String(), image: Type.String() }));
export const SaberLogout = Envelope(Type.Object({ code: Type.String(), msg: Type.String() }));
