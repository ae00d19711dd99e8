import { sm2 } from 'sm-crypto';

/** The operator's SM2 key pair (hex): Saber encrypts the login password with the public key. */
export interface Sm2Keys {
  privateKey: string;
  /** Uncompressed point, `04` + x + y (130 hex digits): what Saber's `website.js` holds as `auth.publicKey`. */
  publicKey: string;
}

const PROBE = 'tenon-sm2-probe';

/**
 * The key pair from TENON_SM2_PRIVATE_KEY / TENON_SM2_PUBLIC_KEY: both or neither; a pair whose halves do not belong
 * together is refused at start (every SM2 login would fail later with a misleading message).
 */
export function sm2KeysOf(privateText: string | undefined, publicText: string | undefined): Sm2Keys | undefined {
  const privateKey = privateText?.trim().toLowerCase() ?? '';
  const publicKey = publicText?.trim().toLowerCase() ?? '';
  if (!privateKey && !publicKey) return undefined;
  if (!/^[0-9a-f]{64}$/.test(privateKey))
    throw new Error('TENON_SM2_PRIVATE_KEY must be 64 hex digits (npm run sm2-keys prints a pair)');
  if (!/^04[0-9a-f]{128}$/.test(publicKey))
    throw new Error('TENON_SM2_PUBLIC_KEY must be 130 hex digits starting with 04 (npm run sm2-keys prints a pair)');
  if (sm2.doDecrypt(sm2.doEncrypt(PROBE, publicKey, 1), privateKey, 1) !== PROBE)
    throw new Error('TENON_SM2_PUBLIC_KEY is not the public key of TENON_SM2_PRIVATE_KEY');
  return { privateKey, publicKey };
}

export function newSm2Keys(): Sm2Keys {
  const pair = sm2.generateKeyPairHex();
  return { privateKey: pair.privateKey, publicKey: pair.publicKey };
}

/**
 * The plain text of an SM2 ciphertext (hex) as Saber and other SpringBlade clients send it, else undefined when it
 * does not decrypt to text this key pair's holder sent (altered, foreign, or no ciphertext at all). sm-crypto omits
 * C1's `04` prefix, Java clients keep it; Saber's sm-crypto call uses C1C2C3 (tried first), GM/T 0009 C1C3C2: each
 * form is tried, and only the one whose C3 digest matches the plain text yields it.
 */
export function decryptSm2Password(cipherHex: string, keys: Sm2Keys): string | undefined {
  const hex = cipherHex.trim().toLowerCase();
  // C1 (64 bytes) + C3 (32 bytes) + at least one byte of C2; a password is short.
  if (!/^[0-9a-f]+$/.test(hex) || hex.length % 2 !== 0 || hex.length < 194 || hex.length > 2048) return undefined;
  const bodies = hex.startsWith('04') ? [hex.slice(2), hex] : [hex];
  for (const body of bodies)
    for (const mode of [0, 1] as const) {
      try {
        const plain = sm2.doDecrypt(body, keys.privateKey, mode);
        if (plain) return plain;
      } catch {
        // Not a point of the curve in this reading: try the next one.
      }
    }
  return undefined;
}
