import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASIC_SABER, expectError, expectOk, startApp, type TestApp } from '../support/app.ts';
import { multipartFile } from '../support/uploads.ts';
import { startS3 } from '../support/s3-server.ts';
import {
  ATTACH,
  download,
  enabledConfig,
  EP,
  EXE,
  expectBladeFile,
  OSS,
  PDF,
  PNG,
  shortLink,
  upload,
} from './resource-oss.support.ts';

/**
 * The file endpoint and attachments (contract resource-desk-log.md §2, §3) on both providers: the local disk and an
 * S3-compatible store, a real S3 protocol server (s3rver) started here.
 */
let t: TestApp;
let admin: string;
let s3: Awaited<ReturnType<typeof startS3>>;

beforeAll(async () => {
  [t, s3] = await Promise.all([startApp(), startS3('tenon-files')]);
  admin = await t.tokenOf();
}, 60_000);
afterAll(async () => {
  await Promise.all([t?.stop(), s3?.stop()]);
});

const providers = [
  ['local disk', () => ({ category: 5, ossCode: 'local-1', bucketName: 'tenon-local' })],
  [
    'S3 (s3rver)',
    () => ({
      category: 1,
      ossCode: 's3-1',
      endpoint: s3.endpoint,
      accessKey: s3.accessKey,
      secretKey: s3.secretKey,
      bucketName: s3.bucket,
    }),
  ],
] as const;

describe.each(providers)('the file endpoint on %s', (_name, config) => {
  let ossId: string;
  let domain: string;
  beforeAll(async () => {
    ossId = await enabledConfig(t, admin, config());
    domain = `/oss/000000/${ossId}`;
  });

  it('put-file stores under upload/yyyyMMdd/<uuid>.<ext> and its link reads the bytes back', async () => {
    const data = expectOk(await upload(t, admin, `${EP}/put-file`, PNG, '我的头像.PNG', 'image/png'));
    expectBladeFile(data, domain, '我的头像.PNG');
    expect(data.attachId).toBe('');
    const got = await download(t, data.link);
    expect(got.status).toBe(200);
    expect(got.body.equals(PNG)).toBe(true);
  });

  it('streams a file larger than one S3 part through', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(12 * 1024 * 1024 + 17, 0x41)]);
    const data = expectOk(await upload(t, admin, `${EP}/put-file`, big, 'big.pdf', 'application/pdf'));
    expect(data.name).toMatch(/\.pdf$/);
    const stat = expectOk(await t.get(`${EP}/stat-file?fileName=${data.name}`, admin));
    expect(stat).toMatchObject({ name: data.name, length: big.length, contentType: 'application/pdf' });
    const got = await download(t, data.link);
    expect(got.body.equals(big)).toBe(true);
  }, 60_000);

  it('put-file-by-name, stat-file, file-path, file-link, remove-file and remove-files', async () => {
    const data = expectOk(
      await upload(t, admin, `${EP}/put-file-by-name?fileName=docs/合同 1.pdf`, PDF, 'x.pdf', 'application/pdf'),
    );
    expect(data).toMatchObject({ name: 'docs/合同 1.pdf', domain, originalName: 'x.pdf' });
    // The name may also come as a form field before the file.
    const second = expectOk(
      await upload(t, admin, `${EP}/put-file-by-name`, PNG, 'y.png', 'image/png', { fileName: 'docs/b.png' }),
    );
    expect(second.name).toBe('docs/b.png');

    const stat = expectOk(await t.get(`${EP}/stat-file?fileName=${encodeURIComponent('docs/合同 1.pdf')}`, admin));
    expect(stat).toMatchObject({ name: 'docs/合同 1.pdf', length: PDF.length, contentType: 'application/pdf' });
    expect(stat.putTime).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(expectOk(await t.get(`${EP}/file-path?fileName=docs/b.png`, admin))).toBe(
      `${config().bucketName}/docs/b.png`,
    );
    const link = expectOk(await t.get(`${EP}/file-link?fileName=docs/b.png`, admin));
    const got = await shortLink(t, link);
    expect(got.status).toBe(200);
    expect(got.body.equals(PNG)).toBe(true);

    expectOk(await t.post(`${EP}/remove-file?fileName=docs/b.png`, admin));
    expectError(await t.get(`${EP}/stat-file?fileName=docs/b.png`, admin), 400, '文件不存在');
    expectOk(
      await t.post(`${EP}/remove-files?fileNames=${encodeURIComponent('docs/合同 1.pdf,docs/none.png')}`, admin),
    );
    expectError(await t.get(`${EP}/stat-file?fileName=docs/合同 1.pdf`, admin), 400, '文件不存在');
  });

  it('make-bucket, copy-file into it, remove-bucket', async () => {
    const bucket = `extra-${ossId}`;
    expectOk(await t.post(`${EP}/make-bucket?bucketName=${bucket}`, admin));
    expectError(await t.post(`${EP}/make-bucket?bucketName=${bucket}`, admin), 400, '存储桶已存在');
    const data = expectOk(await upload(t, admin, `${EP}/put-file`, PNG, 'a.png', 'image/png'));
    expectOk(
      await t.post(`${EP}/copy-file?fileName=${data.name}&destBucketName=${bucket}&destFileName=copies/a.png`, admin),
    );
    expectError(await t.post(`${EP}/remove-bucket?bucketName=${bucket}`, admin), 400, '存储桶不为空');
    expectError(
      await t.post(`${EP}/copy-file?fileName=upload/none.png&destBucketName=${bucket}`, admin),
      400,
      '文件不存在',
    );
    expectError(
      await t.post(`${EP}/copy-file?fileName=${data.name}&destBucketName=no-such-1`, admin),
      400,
      '存储桶不存在',
    );
    const empty = `empty-${ossId}`;
    expectOk(await t.post(`${EP}/make-bucket?bucketName=${empty}`, admin));
    expectOk(await t.post(`${EP}/remove-bucket?bucketName=${empty}`, admin));
    expectError(await t.post(`${EP}/remove-bucket?bucketName=${empty}`, admin), 400, '存储桶不存在');
    expectError(await t.post(`${EP}/make-bucket?bucketName=Bad_Name`, admin), 400, '存储桶名称不合法');
  });

  it('put-file-attach adds an attachment; list, detail; remove deletes the object too', async () => {
    const data = expectOk(await upload(t, admin, `${EP}/put-file-attach`, PDF, '发票.pdf', 'application/pdf'));
    expectBladeFile(data, domain, '发票.pdf');
    expect(data.attachId).toMatch(/^\d+$/);
    const page = expectOk(await t.get(`${ATTACH}/list?originalName=发票`, admin));
    expect(page.records).toContainEqual(
      expect.objectContaining({
        id: data.attachId,
        link: data.link,
        domain,
        name: data.name,
        originalName: '发票.pdf',
        extension: 'pdf',
        attachSize: PDF.length,
      }),
    );
    expect(expectOk(await t.get(`${ATTACH}/detail?id=${data.attachId}`, admin))).toMatchObject({ name: data.name });
    expectOk(await t.post(`${ATTACH}/remove?ids=${data.attachId}`, admin));
    expect(expectOk(await t.get(`${ATTACH}/detail?id=${data.attachId}`, admin))).toBeNull();
    expectError(await t.get(`${EP}/stat-file?fileName=${data.name}`, admin), 400, '文件不存在');
    expect((await download(t, data.link)).status).toBe(404);
  });

  it('refuses a file over the config size limit, a disguised file and a type not allowed, storing nothing', async () => {
    expectOk(await t.post(`${OSS}/update`, admin, { id: ossId, maxSize: 1, allowedTypes: 'png,pdf,txt' }));
    try {
      const big = Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 0x20)]);
      expectError(await upload(t, admin, `${EP}/put-file-attach`, big, 'big.pdf'), 400, '上传文件大小不能超过 1MB');
      expectError(
        await upload(t, admin, `${EP}/put-file-attach`, big, 'big.pdf', 'application/pdf', {}),
        400,
        /^上传文件大小不能超过/,
      );
      expectError(await upload(t, admin, `${EP}/put-file`, EXE, 'photo.png', 'image/png'), 400, '文件内容与扩展名不符');
      expectError(await upload(t, admin, `${EP}/put-file`, EXE, 'setup.exe'), 400, '不支持上传该类型的文件');
      expectError(
        await upload(t, admin, `${EP}/put-file`, EXE, 'notes.txt', 'text/plain'),
        400,
        '文件内容与扩展名不符',
      );
      // Allowed by the server's list but not by this config's.
      expectError(
        await upload(t, admin, `${EP}/put-file`, Buffer.from('a,b\n1,2\n'), 'a.csv', 'text/csv'),
        400,
        '不支持上传该类型的文件',
      );
      expectError(await upload(t, admin, `${EP}/put-file`, Buffer.alloc(0), 'empty.txt'), 400, '上传文件不能为空');
      expectError(
        await upload(t, admin, `${EP}/put-file-by-name?fileName=a.pdf`, PNG, 'a.png', 'image/png'),
        400,
        '文件内容与扩展名不符',
      );
      const request = uploadRequest(EXE, 'photo.png');
      const english = await t.app.inject({ ...request, headers: { ...request.headers, 'accept-language': 'en-US' } });
      expect(english.json().msg).toBe('The file content does not match its extension');
      const text = expectOk(await upload(t, admin, `${EP}/put-file`, Buffer.from('备注\n'), 'memo.txt', 'text/plain'));
      expect(text.name).toMatch(/\.txt$/);
    } finally {
      expectOk(await t.post(`${OSS}/update`, admin, { id: ossId, maxSize: 0, allowedTypes: '' }));
    }
    const attachments = expectOk(await t.get(`${ATTACH}/list?originalName=big.pdf`, admin));
    expect(attachments.records).toEqual([]);
  });

  it('refuses object names that would leave the bucket', async () => {
    const tricks = ['../secret.png', '/etc/passwd.png', 'a\\..\\b.png', 'a/../../b.png', 'a//b.png', './a.png', ' '];
    for (const name of tricks) {
      const q = encodeURIComponent(name);
      expectError(await t.get(`${EP}/stat-file?fileName=${q}`, admin), 400, '文件名称不合法');
      expectError(await t.get(`${EP}/file-link?fileName=${q}`, admin), 400, '文件名称不合法');
      expectError(await t.post(`${EP}/remove-file?fileName=${q}`, admin), 400, '文件名称不合法');
      expectError(
        await upload(t, admin, `${EP}/put-file-by-name?fileName=${q}`, PNG, 'a.png', 'image/png'),
        400,
        '文件名称不合法',
      );
      expectError(
        await t.post(`${EP}/copy-file?fileName=a.png&destBucketName=tenon-x&destFileName=${q}`, admin),
        400,
        '文件名称不合法',
      );
    }
    expectError(await t.get(`${EP}/stat-file?fileName=a%00.png`, admin), 400);
    expectError(await t.get(`${EP}/stat-file`, admin), 400, '文件名称不合法');
  });

  it('serves an object only through a link whose signature holds', async () => {
    const data = expectOk(await upload(t, admin, `${EP}/put-file`, PNG, 'a.png', 'image/png'));
    const forged = data.link.replace(/sign=.*/, 'sign=AAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    const unsigned = data.link.replace(/\?.*/, '');
    expect((await t.app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(404);
    // Another name under the same signature.
    const other = data.link.replace(data.name, 'upload/20200101/x.png');
    expect((await t.app.inject({ method: 'GET', url: other })).statusCode).toBe(404);
    if (config().category === 5) {
      const short = String((await t.app.inject({ method: 'GET', url: data.link })).headers.location);
      expect(short).toMatch(/expires=\d+&signature=/);
      const later = short.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 1}`);
      expect((await t.app.inject({ method: 'GET', url: later })).statusCode).toBe(404);
      const res = await t.app.inject({ method: 'GET', url: short });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-type']).toBe('image/png');
    }
  });
});

function uploadRequest(file: Buffer, filename: string) {
  const { payload, headers } = multipartFile(file, {}, filename, 'image/png');
  return {
    method: 'POST' as const,
    url: `${EP}/put-file`,
    payload,
    headers: { ...headers, authorization: BASIC_SABER, 'blade-auth': `bearer ${admin}` },
  };
}
