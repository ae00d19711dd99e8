import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SECRET } from '../support/app.ts';
import { copyTemplate } from '../support/database.ts';
import { get, startServer, tokenOf, type RunningServer } from '../support/process.ts';
import { startS3 } from '../support/s3-server.ts';
import { PNG } from './resource-oss.support.ts';

/**
 * Issue 36: two server processes on one PostgreSQL database (and Redis) with the server's default store on S3 (a real
 * S3 protocol server): a file uploaded through one is read through the other. Runs when both DATABASE_URL and
 * REDIS_URL are set.
 */
const enabled = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const EP = '/api/blade-resource/oss/endpoint';

describe.skipIf(!enabled)('uploads across two server processes', () => {
  let copy: Awaited<ReturnType<typeof copyTemplate>>;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    [copy, s3] = await Promise.all([copyTemplate(), startS3('tenon-shared')]);
    const env = {
      DATABASE_URL: copy.databaseUrl,
      REDIS_URL: process.env.REDIS_URL,
      TENON_KV_PREFIX: `tenon-test-${randomBytes(6).toString('hex')}:`,
      TENON_JWT_SECRET: TEST_SECRET,
      TENON_S3_ENDPOINT: s3.endpoint,
      TENON_S3_BUCKET: s3.bucket,
      TENON_S3_ACCESS_KEY: s3.accessKey,
      TENON_S3_SECRET_KEY: s3.secretKey,
    };
    // Each its own DATA_DIR: nothing is shared through the file system.
    [a, b] = await Promise.all([
      startServer({ ...env, DATA_DIR: `${copy.dataDir}/a` }),
      startServer({ ...env, DATA_DIR: `${copy.dataDir}/b` }),
    ]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), s3?.stop()]);
    await copy?.drop();
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
