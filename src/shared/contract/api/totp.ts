/** Two-factor sign-in (issue 37, part 3); what the routes answer: totp.schemas.ts. */

/** The caller's own second factor: on or not, required or not. */
export const TOTP_STATUS_URL = '/api/blade-auth/totp/status';
/** A new secret and its QR code for the caller (replaces a pending one). */
export const TOTP_ENROL_URL = '/api/blade-auth/totp/enrol';
/** The first code turns it on; answers the recovery codes, once. */
export const TOTP_CONFIRM_URL = '/api/blade-auth/totp/confirm';
/** Turns it off, with a current code, a recovery code or the password. */
export const TOTP_DISABLE_URL = '/api/blade-auth/totp/disable';
/** Enrolment during a sign-in the administrator requires it for: the `mfa_token` of `mfa_enrol_required`. */
export const TOTP_TICKET_ENROL_URL = '/api/blade-auth/totp/ticket-enrol';
