import { Type, type Static } from 'typebox';

/** A provider as the login page shows it: its source and name, nothing of its client. */
export const SocialSource = Type.Object({ source: Type.String(), name: Type.String() });
export type SocialSource = Static<typeof SocialSource>;
export const SocialSources = Type.Array(SocialSource);

/** The caller's identity at a provider (`oauth/refresh/{source}`). */
export const SocialBinding = Type.Object({
  /** The binding's id: the `{token}` of `oauth/revoke/{source}/{token}`. */
  oauthId: Type.String(),
  source: Type.String(),
  username: Type.String(),
  nickname: Type.String(),
  avatar: Type.String(),
  email: Type.String(),
});
export type SocialBinding = Static<typeof SocialBinding>;
