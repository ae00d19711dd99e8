import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { BASIC_SABER, expectError, expectOk, startApp, type TestApp } from '../support/app.ts';

const PUT_FILE = '/api/blade-resource/oss/endpoint/put-file';
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('0000000d49484452', 'hex'),
  Buffer.alloc(64, 1),
]);
const JPG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 2)]);

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await startApp();
  token = await t.tokenOf();
});
afterAll(async () => {
  await t?.stop();
});

/** A multipart/form-data body built by hand: one file part. */
function multipartBody(field: string, filename: string, type: string, content: Buffer) {
  const boundary = '----tenon-test-boundary-7MA4YWxkTrZu0gW';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

function upload(
  content: Buffer,
  filename = 'avatar.png',
  type = 'image/png',
  auth: string | undefined = token,
  field = 'file',
) {
  const { payload, contentType } = multipartBody(field, filename, type, content);
  return t.app.inject({
    method: 'POST',
    url: PUT_FILE,
    payload,
    headers: {
      authorization: BASIC_SABER,
      'content-type': contentType,
      ...(auth ? { 'blade-auth': `bearer ${auth}` } : {}),
    },
  });
}

describe('put-file', () => {
  it('stores a PNG under DATA_DIR/files/<tenant>/<yyyyMM> and serves it back', async () => {
    const data = expectOk(await upload(PNG, 'me.png'));
    expect(data).toMatchObject({ domain: '', originalName: 'me.png', attachId: '' });
    expect(data.name).toMatch(/^000000\/\d{6}\/\d+\.png$/);
    expect(data.link).toBe(`/files/${data.name}`);
    expect(existsSync(join(t.services.config.dataDir, 'files', ...data.name.split('/')))).toBe(true);

    const res = await t.app.inject({ method: 'GET', url: data.link });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('stores a JPEG with the .jpg extension', async () => {
    const data = expectOk(await upload(JPG, 'photo.jpeg', 'image/jpeg'));
    expect(data.name).toMatch(/\.jpg$/);
  });

  it('refuses a file over 500 KB', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(500 * 1024, 0)]);
    expectError(await upload(big, 'big.png'), 400, '上传头像图片大小不能超过 500KB!');
  });

  it('refuses a .png that is really text, and a type other than JPG/PNG', async () => {
    expectError(
      await upload(Buffer.from('hello, I am not an image'), 'fake.png', 'image/png'),
      400,
      '上传头像图片只能是 JPG/PNG 格式!',
    );
    expectError(await upload(PNG, 'x.gif', 'image/gif'), 400, '上传头像图片只能是 JPG/PNG 格式!');
  });

  it('refuses a request without a token', async () => {
    expectError(await upload(PNG, 'me.png', 'image/png', ''), 401);
  });

  it('refuses a part that is not named file', async () => {
    expectError(await upload(PNG, 'me.png', 'image/png', token, 'other'), 400);
  });

  it('serves nothing outside the files folder', async () => {
    for (const url of [
      '/files/../jwt-secret',
      '/files/%2e%2e/jwt-secret',
      '/files/..%2fjwt-secret',
      '/files/000000/../../jwt-secret',
      '/files/jwt-secret',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(Buffer.from(t.services.config.jwtSecret).toString());
    }
  });
});
