import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenSigner, type AccessClaims } from '../../src/server/platform/token.ts';

const claims: AccessClaims = {
  token_type: 'access_token',
  client_id: 'saber',
  tenant_id: '000000',
  user_id: '1',
  dept_id: '1',
  post_id: '',
  role_id: '1',
  oauth_id: '',
  account: 'admin',
  user_name: 'admin',
  nick_name: 'admin',
  real_name: 'admin',
  role_name: 'administrator',
  role_power: 2,
  detail: {},
  sid: 's1',
  cred: 'c1',
  role_choice: '',
  dept_choice: '',
};

afterEach(() => vi.useRealTimers());

describe('TokenSigner', () => {
  const signer = new TokenSigner(new TextEncoder().encode('a-secret-of-enough-length-for-hs256-signing!!'));

  it('answers a token it verified before from memory, and still refuses it once it has expired', async () => {
    const token = await signer.sign(claims, 60);
    expect(await signer.verify(token, 'access_token')).toMatchObject({ user_id: '1', sid: 's1' });
    expect(await signer.verify(token, 'access_token')).toMatchObject({ user_id: '1', sid: 's1' });
    expect(await signer.verify(token, 'refresh_token')).toBeUndefined();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 61_000);
    expect(await signer.verify(token, 'access_token')).toBeUndefined();
  });

  it('refuses a token changed in one character, though the original was verified', async () => {
    const token = await signer.sign(claims, 60);
    expect(await signer.verify(token, 'access_token')).toBeDefined();
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload, 'base64url').toString());
    forged.role_power = 2;
    forged.user_id = '2';
    const altered = [header, Buffer.from(JSON.stringify(forged)).toString('base64url'), signature].join('.');
    expect(await signer.verify(altered, 'access_token')).toBeUndefined();
    // A character inside the signature (the last one carries padding bits).
    const at = token.length - 10;
    const flipped = token.slice(0, at) + (token[at] === 'A' ? 'B' : 'A') + token.slice(at + 1);
    expect(await signer.verify(flipped, 'access_token')).toBeUndefined();
  });

  it('hands each caller its own copy of the claims', async () => {
    const token = await signer.sign(claims, 60);
    const first = (await signer.verify<AccessClaims>(token, 'access_token'))!;
    first.user_id = 'changed';
    expect((await signer.verify<AccessClaims>(token, 'access_token'))!.user_id).toBe('1');
  });
});
