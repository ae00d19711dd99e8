import { Type, type Static } from 'typebox';
import { OpenObject } from '../wire.ts';

/**
 * What the auth module's routes answer (urls: auth.ts). The token, captcha, logout and clear-cache answers are the
 * OAuth server's own, outside the envelope (contract auth.md); user-info is in it.
 */

/** A granted token and who it is for (contract auth.md §2; `tenant_name`, `time_zone`: Tenon's additions). */
export const TokenAnswer = OpenObject({
  access_token: Type.String(),
  token_type: Type.String(),
  refresh_token: Type.String(),
  expires_in: Type.Integer(),
  scope: Type.String(),
  tenant_id: Type.String(),
  tenant_name: Type.String(),
  user_id: Type.String(),
  dept_id: Type.String(),
  post_id: Type.String(),
  role_id: Type.String(),
  oauth_id: Type.String(),
  account: Type.String(),
  user_name: Type.String(),
  nick_name: Type.String(),
  real_name: Type.String(),
  role_name: Type.String(),
  authority: Type.String(),
  avatar: Type.String(),
  client_id: Type.String(),
  time_zone: Type.String(),
  license: Type.String(),
});

export type TokenAnswer = Static<typeof TokenAnswer>;

/**
 * A refused grant: the envelope's fields (Blade clients), and for a refused grant the OAuth error too (Saber reads
 * `error_description`); a request refused before the grant (its parameters) has the envelope alone.
 */
export const GrantFailure = Type.Object({
  code: Type.Integer(),
  success: Type.Boolean(),
  msg: Type.String(),
  data: Type.Optional(Type.Null()),
  error_code: Type.Optional(Type.Integer()),
  error: Type.Optional(Type.String()),
  error_description: Type.Optional(Type.String()),
  /** `mfa_required` / `mfa_enrol_required`: the ticket the second factor finishes the sign-in with (grant mfa_otp). */
  mfa_token: Type.Optional(Type.String()),
});

/** A captcha: its key (sent back as `Captcha-Key`) and its picture as a data URL. */
export const Captcha = Type.Object({ key: Type.String(), image: Type.String() });
export type Captcha = Static<typeof Captcha>;

/** Logout and clear-cache: success as BladeX says it; logout names the account it signed out. */
export const OAuthSuccess = Type.Object({
  success: Type.String(),
  msg: Type.String(),
  account: Type.Optional(Type.String()),
});

/** `oauth/user-info`: who the token says the caller is. */
export const UserDetail = Type.Object({
  userId: Type.String(),
  tenantId: Type.String(),
  account: Type.String(),
  userName: Type.String(),
  realName: Type.String(),
  roleId: Type.String(),
  roleName: Type.String(),
  deptId: Type.String(),
  postId: Type.String(),
  roles: Type.Array(Type.String()),
  permissions: Type.Array(Type.String()),
});
export type UserDetail = Static<typeof UserDetail>;
