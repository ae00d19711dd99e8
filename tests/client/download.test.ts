// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { downloadFile, fileNameOf, uploadFile } from '../../src/client/download.ts';
import { ApiFailure, http } from '../../src/client/http.ts';
import { setNavigator } from '../../src/client/navigation.ts';
import { setNotifier } from '../../src/client/notify.ts';
import { session } from '../../src/client/session.ts';
import { signIn } from './support/dom.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const errors: string[] = [];
const visited: string[] = [];
setNotifier({ error: (text) => errors.push(text), success: () => undefined });
setNavigator((path) => visited.push(path));

let lastRequest: InternalAxiosRequestConfig | undefined;
/** The server's answer as raw bytes, the way the browser adapter hands an arraybuffer response over. */
function respond(status: number, body: Uint8Array | string, headers: Record<string, string>) {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    lastRequest = config;
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
    const data =
      config.responseType === 'arraybuffer'
        ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
        : new TextDecoder().decode(bytes);
    const response: AxiosResponse = { data, status, statusText: String(status), headers, config };
    if (!config.validateStatus || config.validateStatus(status)) return response;
    throw Object.assign(new Error(`status ${status}`), { response });
  }) as AxiosAdapter;
}

const saved: Array<{ name: string; blob: Blob }> = [];
beforeEach(() => {
  errors.length = 0;
  visited.length = 0;
  saved.length = 0;
  signIn();
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const href = `blob:test/${blobs.size}`;
    blobs.set(href, blob as Blob);
    return href;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href')!)! });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  session.localLogout();
});

describe('fileNameOf', () => {
  it('prefers the RFC 5987 UTF-8 name, then the plain one, then the fallback', () => {
    expect(
      fileNameOf(
        `attachment; filename="_____20240101.xlsx"; filename*=UTF-8''${encodeURIComponent('用户数据20240101.xlsx')}`,
      ),
    ).toBe('用户数据20240101.xlsx');
    expect(fileNameOf('attachment; filename="users.xlsx"')).toBe('users.xlsx');
    expect(fileNameOf('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameOf(undefined, 'x.xlsx')).toBe('x.xlsx');
  });
});

describe('downloadFile', () => {
  it('fetches with the token header and the filters, and saves the blob under the server name', async () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4, 9, 9]);
    respond(200, bytes, {
      'content-type': XLSX,
      'content-disposition': `attachment; filename="x.xlsx"; filename*=UTF-8''${encodeURIComponent('用户数据.xlsx')}`,
    });
    await downloadFile('/api/blade-system/user/export-user', { account: 'ali', deptId: '7' });
    expect(lastRequest!.headers['Blade-Auth']).toBe('bearer test-token');
    expect(lastRequest!.params).toEqual({ account: 'ali', deptId: '7' });
    expect(lastRequest!.url).not.toContain('blade-auth');
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toBe('用户数据.xlsx');
    expect(saved[0].blob.type).toBe(XLSX);
    expect(new Uint8Array(await saved[0].blob.arrayBuffer())).toEqual(bytes);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });

  it('turns a JSON failure into the catalogue: toast with msg, nothing saved; 401 logs out', async () => {
    respond(403, JSON.stringify({ code: 403, success: false, data: null, msg: '请求被拒绝,缺少权限: user_export' }), {
      'content-type': 'application/json; charset=utf-8',
    });
    await expect(downloadFile('/api/blade-system/user/export-user')).rejects.toBeInstanceOf(ApiFailure);
    expect(errors).toEqual(['请求被拒绝,缺少权限: user_export']);
    respond(401, JSON.stringify({ code: 401, success: false, data: null, msg: '请求未授权' }), {
      'content-type': 'application/json',
    });
    await expect(downloadFile('/api/blade-system/user/export-user')).rejects.toThrow('请求未授权');
    expect(visited).toEqual(['/login']);
    expect(saved).toEqual([]);
  });
});

describe('uploadFile', () => {
  it('posts multipart with the fields and the file as `file`, answering the envelope data', async () => {
    respond(200, JSON.stringify({ code: 200, success: true, data: null, msg: '操作成功' }), {
      'content-type': 'application/json',
    });
    const file = new File([new Uint8Array([1, 2, 3])], 'users.xlsx', { type: XLSX });
    await expect(uploadFile('/api/blade-system/user/import-user', file, { isCovered: '1' })).resolves.toBeNull();
    const form = lastRequest!.data as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('isCovered')).toBe('1');
    expect((form.get('file') as File).name).toBe('users.xlsx');
    expect(lastRequest!.headers['Blade-Auth']).toBe('bearer test-token');
  });

  it('rejects with the server message of a refused import', async () => {
    respond(400, JSON.stringify({ code: 400, success: false, data: null, msg: '第3行: 请输入登录账号' }), {
      'content-type': 'application/json',
    });
    await expect(uploadFile('/api/blade-system/user/import-user', new Blob(['x']))).rejects.toThrow(
      '第3行: 请输入登录账号',
    );
  });
});
