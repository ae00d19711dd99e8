import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { StorageService } from '../../src/server/modules/resource/storage/storage.service.ts';
import { ROLE_POWER } from '../../src/server/platform/auth-context.ts';
import { expectError, expectOk, TEST_SECRET, withTestApp, type TestApp } from '../support/app.ts';
import { createRole, createTenantAdmin, createUser, crudCodes } from '../support/factories.ts';
import { ATTACH, download, enabledConfig, EP, OSS, PNG, upload } from './resource-oss.support.ts';

/**
 * Object storage configs (contract resource-desk-log.md §1): CRUD, the sealed secret, `enable`, the server's default
 * store, tenant isolation and the button codes of the routes.
 */
let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

const s3Config = (body: Record<string, unknown> = {}) => ({
  category: 3,
  ossCode: 'ali-1',
  endpoint: 'https://oss-cn-hangzhou.aliyuncs.com',
  accessKey: 'AKID',
  secretKey: 'the-secret-key',
  bucketName: 'tenon-bucket',
  region: 'cn-hangzhou',
  ...body,
});
const storedSecret = async (id: string) =>
  (await t.services.db.selectFrom('blade_oss').select('secret_key').where('id', '=', id).executeTakeFirstOrThrow())
    .secret_key;
const statuses = async (tenantId: string) =>
  (
    await t.services.db
      .selectFrom('blade_oss')
      .select(['id', 'status'])
      .where('tenant_id', '=', tenantId)
      .where('is_deleted', '=', 0)
      .execute()
  ).map((r) => [String(r.id), r.status]);

describe('object storage configs', () => {
  it('adds, lists with names, edits keeping the sealed secret, never sends it back', async () => {
    const saved = expectOk(await t.post(`${OSS}/submit`, admin, s3Config()));
    expect(saved).not.toHaveProperty('secretKey');
    const sealed = await storedSecret(saved.id);
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('the-secret-key');
    const page = expectOk(await t.get(`${OSS}/list?category=3`, admin));
    expect(page.records).toContainEqual(
      expect.objectContaining({ id: saved.id, ossCode: 'ali-1', categoryName: 'ali', status: 1, statusName: '否' }),
    );
    expect(JSON.stringify(page)).not.toContain('the-secret-key');
    const detail = expectOk(await t.get(`${OSS}/detail?id=${saved.id}`, admin));
    expect(detail).toMatchObject({ ossCode: 'ali-1', accessKey: 'AKID' });
    expect(detail).not.toHaveProperty('secretKey');

    expectOk(await t.post(`${OSS}/submit`, admin, { id: saved.id, remark: 'kept', secretKey: '' }));
    expect(await storedSecret(saved.id)).toBe(sealed);
    expectOk(await t.post(`${OSS}/submit`, admin, { id: saved.id, secretKey: 'new-secret' }));
    expect(await storedSecret(saved.id)).not.toBe(sealed);
    // A body cannot enable a config by itself: status is the server's.
    expectOk(await t.post(`${OSS}/submit`, admin, { id: saved.id, status: 2 }));
    expect(expectOk(await t.get(`${OSS}/detail?id=${saved.id}`, admin)).status).toBe(1);
    expectOk(await t.post(`${OSS}/remove?ids=${saved.id}`, admin));
  });

  it('answers a duplicate code, an unknown category and missing S3 settings', async () => {
    const saved = expectOk(await t.post(`${OSS}/submit`, admin, s3Config({ ossCode: 'dup' })));
    expectError(await t.post(`${OSS}/submit`, admin, s3Config({ ossCode: 'dup' })), 400, '当前资源编号已存在!');
    expectError(await t.post(`${OSS}/submit`, admin, s3Config({ ossCode: 'c9', category: 9 })), 400);
    expectError(await t.post(`${OSS}/submit`, admin, s3Config({ ossCode: 'c1', endpoint: '' })), 400, '请输入资源地址');
    expectError(
      await t.post(`${OSS}/submit`, admin, s3Config({ ossCode: 'c2', secretKey: '' })),
      400,
      '请输入secretKey',
    );
    expectError(
      await t.post(`${OSS}/submit`, admin, s3Config({ ossCode: 'c3', endpoint: 'file:///etc' })),
      400,
      '资源地址须为 http(s)://主机[:端口]',
    );
    expectError(await t.post(`${OSS}/submit`, admin, s3Config({ ossCode: 'c4', bucketName: '../x' })), 400);
    // The local store needs neither an endpoint nor keys.
    const local = expectOk(
      await t.post(`${OSS}/submit`, admin, { category: 5, ossCode: 'disk', bucketName: 'tenon-disk' }),
    );
    expectOk(await t.post(`${OSS}/remove?ids=${saved.id},${local.id}`, admin));
  });

  it('enable leaves exactly one enabled config per tenant', async () => {
    const a = expectOk(await t.post(`${OSS}/submit`, admin, s3Config({ ossCode: 'en-a' })));
    const b = expectOk(await t.post(`${OSS}/submit`, admin, s3Config({ ossCode: 'en-b' })));
    expectOk(await t.post(`${OSS}/enable?id=${a.id}`, admin));
    expectOk(await t.post(`${OSS}/enable?id=${b.id}`, admin));
    const enabled = (await statuses('000000')).filter(([, status]) => status === 2);
    expect(enabled).toEqual([[String(b.id), 2]]);
    expectError(await t.post(`${OSS}/enable?id=1`, admin), 400);
    expectOk(await t.post(`${OSS}/remove?ids=${a.id},${b.id}`, admin));
  });

  it('answers a store it cannot reach with 对象存储访问失败, not a server error', async () => {
    const closed = expectOk(
      await t.post(`${OSS}/submit`, admin, s3Config({ ossCode: 'closed', endpoint: 'http://127.0.0.1:1' })),
    );
    expectOk(await t.post(`${OSS}/enable?id=${closed.id}`, admin));
    try {
      for (const action of ['make-bucket', 'remove-bucket'])
        expectError(await t.post(`${EP}/${action}?bucketName=tenon-b1`, admin), 400, '对象存储访问失败');
      expectError(await t.post(`${EP}/remove-file?fileName=a.txt`, admin), 400, '对象存储访问失败');
      expectError(await t.post(`${EP}/remove-files?fileNames=a.txt,b.txt`, admin), 400, '对象存储访问失败');
      expectError(await t.get(`${EP}/stat-file?fileName=a.txt`, admin), 400, '对象存储访问失败');
    } finally {
      expectOk(await t.post(`${OSS}/remove?ids=${closed.id}`, admin));
    }
  });

  it('uploads to the server default store when no config is enabled', async () => {
    const data = expectOk(await upload(t, admin, `${EP}/put-file`, PNG, 'a.png', 'image/png'));
    expect(data.domain).toBe('/oss/000000/0');
    expect((await download(t, data.link)).body.equals(PNG)).toBe(true);
  });

  it('refuses the local store where several processes do not share its folder', async () => {
    const several = (env: Record<string, string>) =>
      new StorageService(
        t.services.db,
        loadConfig({ DATA_DIR: '/tmp/x', TENON_JWT_SECRET: TEST_SECRET, REDIS_URL: 'redis://127.0.0.1:1', ...env })
          .files,
        t.services.config.jwtSecret,
      );
    expect(() => several({}).checkLocalAllowed()).toThrow();
    expect(() => several({ TENON_FILES_DIR: '/mnt/shared' }).checkLocalAllowed()).not.toThrow();
    await expect(several({}).enabled('000000')).rejects.toThrow();
  });
});

describe('tenant isolation', () => {
  it("never shows or uses another tenant's configs, objects or attachments", async () => {
    const other = await createTenantAdmin(t, '210001', [...crudCodes('oss'), 'oss_enable', ...crudCodes('attach')]);
    const mine = await enabledConfig(t, admin, { category: 5, ossCode: 'iso', bucketName: 'tenon-iso' });
    const file = expectOk(await upload(t, admin, `${EP}/put-file-attach`, PNG, 'mine.png', 'image/png'));

    expect(expectOk(await t.get(`${OSS}/list`, other.token)).records).toEqual([]);
    expect(expectOk(await t.get(`${OSS}/detail?id=${mine}`, other.token))).toBeNull();
    expectError(await t.post(`${OSS}/enable?id=${mine}`, other.token), 400);
    expect((await statuses('000000')).find(([id]) => id === mine)?.[1]).toBe(2);
    expect(expectOk(await t.get(`${ATTACH}/list`, other.token)).records).toEqual([]);
    // The other tenant's store is its own: the name finds nothing there, and removing it leaves ours.
    expectError(await t.get(`${EP}/stat-file?fileName=${file.name}`, other.token), 400, '文件不存在');
    expectError(await t.post(`${ATTACH}/remove?ids=${file.attachId}`, other.token), 400, '数据不存在或无权访问');
    expect(expectOk(await t.get(`${ATTACH}/detail?id=${file.attachId}`, admin))).toMatchObject({ name: file.name });
    expect(expectOk(await t.get(`${EP}/stat-file?fileName=${file.name}`, admin)).length).toBe(PNG.length);
    // Its own upload lands in its own default store.
    const theirs = expectOk(await upload(t, other.token, `${EP}/put-file`, PNG, 'b.png', 'image/png'));
    expect(theirs.domain).toBe('/oss/210001/0');
    // A link names its tenant and config under the signature: pointing it at another tenant breaks it.
    const moved = file.link.replace('/oss/000000/', '/oss/210001/');
    expect((await t.app.inject({ method: 'GET', url: moved })).statusCode).toBe(404);
  });
});

describe('access rights', () => {
  it('needs the 对象存储 codes to name objects, manage buckets and enable; any user uploads', async () => {
    const role = await createRole(t, '000000', 'plain', [], [], ROLE_POWER.none);
    await createUser(t, { tenantId: '000000', account: 'oss_plain', password: 'pw', roleId: role });
    const plain = await t.tokenOf('oss_plain', 'pw', '000000');
    expectOk(await upload(t, plain, `${EP}/put-file`, PNG, 'avatar.png', 'image/png'));
    expectOk(await upload(t, plain, `${EP}/put-file-attach`, PNG, 'receipt.png', 'image/png'));
    expectError(await upload(t, plain, `${EP}/put-file-by-name?fileName=a.png`, PNG, 'a.png', 'image/png'), 403);
    expectError(await t.post(`${EP}/remove-file?fileName=a.png`, plain), 403);
    expectError(await t.post(`${EP}/make-bucket?bucketName=abc`, plain), 403);
    expectError(await t.post(`${OSS}/enable?id=1`, plain), 403);
    expectError(await t.get(`${OSS}/list`, plain), 403);
    expectError(await t.post(`${ATTACH}/remove?ids=1`, plain), 403);
  });
});
