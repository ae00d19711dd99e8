import { Type, type Static } from 'typebox';

/** What the two-factor routes answer (urls: totp.ts), inside the envelope. */

export const TotpStatus = Type.Object({
  enabled: Type.Boolean(),
  /** The tenant or one of the caller's roles requires it: it cannot be turned off. */
  required: Type.Boolean(),
  recoveryCodesLeft: Type.Integer(),
});
export type TotpStatus = Static<typeof TotpStatus>;

/** A secret awaiting its first code: typed in by hand or scanned (the QR code is an SVG data URL). */
export const TotpEnrolment = Type.Object({
  secret: Type.String(),
  otpauthUrl: Type.String(),
  qrCode: Type.String(),
});
export type TotpEnrolment = Static<typeof TotpEnrolment>;

/** Ten one-time recovery codes, shown this once (the server keeps their hashes only). */
export const TotpRecoveryCodes = Type.Object({ recoveryCodes: Type.Array(Type.String()) });
export type TotpRecoveryCodes = Static<typeof TotpRecoveryCodes>;
