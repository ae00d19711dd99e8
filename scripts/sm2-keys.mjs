// A new SM2 key pair for Saber 4.x's login form (README "Saber 4.x against Tenon"): the server's two variables, and
// the public key Saber's src/config/website.js holds as `auth.publicKey`.
import smCrypto from 'sm-crypto';

const { privateKey, publicKey } = smCrypto.sm2.generateKeyPairHex();
process.stdout.write(
  [
    '# Tenon server environment (keep the private key secret):',
    `TENON_SM2_PRIVATE_KEY=${privateKey}`,
    `TENON_SM2_PUBLIC_KEY=${publicKey}`,
    '',
    "# Saber src/config/website.js, auth: { publicKey: '...' }:",
    publicKey,
    '',
  ].join('\n'),
);
