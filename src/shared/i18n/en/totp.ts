import type { Resource } from '../resource.ts';
import type { totp as zh } from '../zh/totp.ts';

export const totp: Resource<typeof zh> = {
  title: 'Two-factor sign-in',
  on: 'On',
  off: 'Off',
  requiredHint: 'Your administrator requires two-factor sign-in',
  intro:
    'Besides the password, signing in asks for the 6-digit code of an authenticator app (such as Google Authenticator or Microsoft Authenticator).',
  enable: 'Turn on two-factor sign-in',
  disable: 'Turn off two-factor sign-in',
  scan: 'Scan the QR code with an authenticator app, or type in the key:',
  secret: 'Key',
  qrAlt: 'Two-factor QR code',
  code: 'Code',
  codePlaceholder: '6-digit code',
  codeRequired: 'Please enter the code',
  confirm: 'Turn on',
  enabled: 'Two-factor sign-in is on',
  disabled: 'Two-factor sign-in is off',
  recoveryTitle: 'Recovery codes',
  recoveryHint:
    'Keep these recovery codes safe: each works once, and they are shown only now. Without your phone, sign in with one instead of a code.',
  recoveryLeft: '{{count}} recovery codes left',
  saved: 'I have saved them, continue',
  disableHint: 'Enter a current code or your password to turn it off:',
  codeOrRecovery: 'Code or recovery code',
  password: 'Password',
  loginTitle: 'Two-factor sign-in',
  loginHint: 'Enter the 6-digit code of your authenticator app, or a recovery code.',
  enrolTitle: 'Set up an authenticator',
  enrolHint:
    'Your administrator requires two-factor sign-in. Scan the QR code with an authenticator app, then enter the code it shows.',
  verify: 'Verify and sign in',
  back: 'Back to sign-in',
  cancel: 'Cancel',
};
