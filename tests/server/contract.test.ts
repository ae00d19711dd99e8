import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { BASIC_SABER, expectError, expectOk, startApp, withTestApp, type TestApp } from '../support/app.ts';

let t: TestApp;
let admin: string;
withTestApp((app, token) => {
  t = app;
  admin = token;
});

describe('the wire contract envelope', () => {
  it('answers an unknown route with the 404 envelope', async () => {
    expectError(await t.get('/api/blade-system/nothing/here', admin), 404, '404 没找到请求');
  });

  it('answers a known route called with the wrong method with 405', async () => {
    expectError(await t.get('/api/blade-system/param/submit', admin), 405, '不支持当前请求方法');
    expectError(await t.get('/api/blade-auth/oauth/token'), 405, '不支持当前请求方法');
  });

  it('refuses NUL characters in parameters and bodies with 400 instead of failing in SQL', async () => {
    expectError(await t.get('/api/blade-system/param/list?paramKey=a%00b', admin), 400, '请求参数类型错误: NUL');
    expectError(
      await t.post('/api/blade-system/param/submit', admin, {
        paramName: 'a\u0000b',
        paramKey: 'nul',
        paramValue: 'v',
      }),
      400,
      '请求参数类型错误: paramName',
    );
    expectError(
      await t.post('/api/blade-flow/model/submit', admin, { modelKey: 'nul', name: 'a\u0000b', xml: '' }),
      400,
      '请求参数类型错误: name',
    );
    expectError(
      await t.post('/api/blade-system/param/submit', admin, 'paramName=a%00b', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      400,
      '请求参数类型错误: paramName',
    );
  });

  it('refuses body keys that shadow Object.prototype and absurd nesting, instead of failing where the value is turned into text', async () => {
    expectError(
      await t.post('/api/blade-system/param/remove', admin, { ids: [{ toString: 'x' }] }),
      400,
      '请求参数类型错误: toString',
    );
    expectError(
      await t.post('/api/blade-system/param/submit', admin, {
        paramName: { valueOf: 1 },
        paramKey: 'k',
        paramValue: 'v',
      }),
      400,
      '请求参数类型错误: valueOf',
    );
    const deep = `${'['.repeat(50_000)}1${']'.repeat(50_000)}`;
    expectError(
      await t.post('/api/blade-system/param/remove', admin, `{"ids":${deep}}`, { 'content-type': 'application/json' }),
      400,
      '请求参数类型错误: ids',
    );
  });

  it('answers malformed JSON and a wrong media type without writing', async () => {
    const params = expectOk(await t.get('/api/blade-system/param/list', admin)).total;
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: '{"paramName":',
      headers: { authorization: BASIC_SABER, 'blade-auth': `bearer ${admin}`, 'content-type': 'application/json' },
    });
    expectError(bad, 400, '消息不能读取');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      payload: '<a/>',
      headers: { authorization: BASIC_SABER, 'blade-auth': `bearer ${admin}`, 'content-type': 'application/xml' },
    });
    expectError(xml, 415, '不支持当前媒体类型');
    expect(expectOk(await t.get('/api/blade-system/param/list', admin)).total).toBe(params);
  });

  it('reads POST parameters from a form body as well as from the query string', async () => {
    const created = expectOk(
      await t.post('/api/blade-system/param/submit', admin, { paramName: 'n', paramKey: 'form.key', paramValue: 'v' }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-system/param/remove',
      payload: `ids=${created.id}`,
      headers: {
        authorization: BASIC_SABER,
        'blade-auth': `bearer ${admin}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    expectOk(res);
    expect(expectOk(await t.get('/api/blade-system/param/list?paramKey_equal=form.key', admin)).total).toBe(0);
  });

  it('answers a crash with 500, a logged error id and no stack trace', async () => {
    await sql`alter table blade_top_menu rename to blade_top_menu_gone`.execute(t.services.db);
    try {
      const res = await t.get('/api/blade-system/menu/top-menu', admin);
      expectError(res, 500, /^服务器异常,错误编号 [0-9a-f]{12}$/);
      expect(res.body).not.toMatch(/at |blade_top_menu|relation/);
    } finally {
      await sql`alter table blade_top_menu_gone rename to blade_top_menu`.execute(t.services.db);
    }
  });

  it('speaks English when the client asks for it', async () => {
    expectError(await t.get('/api/blade-system/nothing', admin, { 'accept-language': 'en' }), 404, '404 Not found');
    expectError(
      await t.get('/api/blade-system/param/list', undefined, { 'accept-language': 'en' }),
      401,
      'Missing token, authentication failed',
    );
  });
});

describe('the web app on the same port', () => {
  it('serves the built app shell and its files without a token, and keeps /api closed', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const web = mkdtempSync(join(t.testDb.dataDir, 'web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>ERP 系统</title>');
    writeFileSync(join(web, 'favicon.svg'), '<svg/>');
    const { mkdirSync } = await import('node:fs');
    const { brotliCompressSync } = await import('node:zlib');
    mkdirSync(join(web, 'assets'));
    const script = 'console.log("tenon");'.repeat(100);
    writeFileSync(join(web, 'assets', 'app-abc.js'), script);
    writeFileSync(join(web, 'assets', 'app-abc.js.br'), brotliCompressSync(script));
    const withWeb = await startApp({ TENON_WEB_DIR: web });
    try {
      for (const url of ['/', '/wel/index', '/login']) {
        const res = await withWeb.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<title>ERP 系统</title>');
      }
      expect((await withWeb.app.inject({ method: 'GET', url: '/favicon.svg' })).statusCode).toBe(200);
      const asset = await withWeb.app.inject({
        method: 'GET',
        url: '/assets/app-abc.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(asset.headers['content-encoding']).toBe('br');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(asset.rawPayload.length).toBeLessThan(script.length / 5);
      expect((await withWeb.app.inject({ method: 'GET', url: '/' })).headers['cache-control']).toBe('no-cache');
      expectError(await withWeb.app.inject({ method: 'GET', url: '/api/blade-system/param/list' }), 401);
      expectError(await withWeb.app.inject({ method: 'GET', url: '/api/unknown' }), 404);
    } finally {
      await withWeb.stop();
    }
  });
});
