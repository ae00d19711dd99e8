import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { get, tokenOf, type RunningServer } from '../support/process.ts';
import { SHARED_STATE, startServerPair, type ServerPair } from '../support/server-pair.ts';
import { startS3 } from '../support/s3-server.ts';
import { PNG } from './resource-oss.support.ts';

/**
 * Issue 36: two server processes on one PostgreSQL database (and Redis) with the server's default store on S3 (a real
 * S3 protocol server): a file uploaded through one is read through the other. Runs when both DATABASE_URL and
 * REDIS_URL are set.
 */
const EP = '/api/blade-resource/oss/endpoint';

describe.skipIf(!SHARED_STATE)('uploads across two server processes', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  let pair: ServerPair;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    s3 = await startS3('tenon-shared');
    pair = await startServerPair({
      TENON_S3_ENDPOINT: s3.endpoint,
      TENON_S3_BUCKET: s3.bucket,
      TENON_S3_ACCESS_KEY: s3.accessKey,
      TENON_S3_SECRET_KEY: s3.secretKey,
    });
    ({ a, b } = pair);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([pair?.stop(), s3?.stop()]);
  }, 60_000);

  it('reads on B what was uploaded through A', async () => {
    const { access_token: token } = await tokenOf(a.url);
    const form = new FormData();
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'shared.png');
    const res = await fetch(`${a.url}${EP}/put-file-attach`, {
      method: 'POST',
      body: form,
      headers: { 'blade-auth': `bearer ${token}`, authorization: `Basic ${btoa('saber:saber_secret')}` },
    });
    const uploaded = (await res.json()) as { code: number; data: { name: string; link: string } };
    expect(uploaded.code).toBe(200);
    const stat = await get(b.url, `${EP}/stat-file?fileName=${uploaded.data.name}`, token);
    expect(stat.body.data).toMatchObject({ name: uploaded.data.name, length: PNG.length });
    const redirect = await fetch(`${b.url}${uploaded.data.link}`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    const object = await fetch(String(redirect.headers.get('location')));
    expect(Buffer.from(await object.arrayBuffer()).equals(PNG)).toBe(true);
  });
});
