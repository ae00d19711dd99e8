// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { askEarly, getData, http, onRefused } from '../../src/client/http.ts';
import { initI18n } from '../../src/client/i18n.ts';
import { setNavigator } from '../../src/client/navigation.ts';
import { setNotifier } from '../../src/client/notify.ts';
import { session, type UserInfo } from '../../src/client/session.ts';
import { site } from '../../src/client/config.ts';
import { setCookie } from '../../src/client/storage.ts';

initI18n();
const errors: string[] = [];
const visited: string[] = [];
setNotifier({ error: (text) => errors.push(text), success: () => undefined });
setNavigator((path) => visited.push(path));

let lastRequest: InternalAxiosRequestConfig | undefined;
function respond(status: number, data: unknown) {
  http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
    lastRequest = config;
    const response: AxiosResponse = { data, status, statusText: String(status), headers: {}, config };
    if (!config.validateStatus || config.validateStatus(status)) return response;
    throw Object.assign(new Error(`status ${status}`), { response });
  }) as AxiosAdapter;
}

const signedIn = () =>
  session.signedIn({
    access_token: 'tok-1',
    refresh_token: 'ref-1',
    tenant_id: '000000',
    user_id: '1',
    user_name: 'admin',
    account: 'admin',
    real_name: '管理员',
    nick_name: '管理员',
    avatar: '',
    dept_id: '2',
    role_id: '3',
    role_name: 'administrator',
  } satisfies UserInfo);

beforeEach(() => {
  errors.length = 0;
  visited.length = 0;
  signedIn();
});
afterEach(() => session.localLogout());

describe('the axios error catalogue (spec §8)', () => {
  it('sends the client Basic header, the bearer token, the language and the long timeout', async () => {
    respond(200, { code: 200, success: true, data: 1, msg: '操作成功' });
    await http.get('/api/x');
    expect(lastRequest!.headers.Authorization).toBe(`Basic ${btoa('saber:saber_secret')}`);
    expect(lastRequest!.headers['Blade-Auth']).toBe('bearer tok-1');
    expect(lastRequest!.headers['Accept-Language']).toBe('zh-CN');
    expect(lastRequest!.timeout).toBe(site.requestTimeoutMs);
  });

  it('passes any status 200-500 to the body code: 400 toasts msg, else error_description, else 未知错误', async () => {
    respond(400, { code: 400, success: false, data: null, msg: '请输入参数名称' });
    await expect(http.post('/api/x')).rejects.toThrow('请输入参数名称');
    respond(400, { error_code: 400, error_description: '用户名或密码错误' });
    await expect(http.post('/api/x')).rejects.toThrow('用户名或密码错误');
    respond(500, 'oops');
    await expect(http.post('/api/x')).rejects.toThrow('未知错误');
    expect(errors).toEqual(['请输入参数名称', '用户名或密码错误', '未知错误']);
  });

  it('takes the code from the body even on HTTP 200', async () => {
    respond(200, { code: 403, success: false, data: null, msg: '请求被拒绝' });
    await expect(http.get('/api/x')).rejects.toThrow('请求被拒绝');
    expect(errors).toEqual(['请求被拒绝']);
  });

  it('logs out locally and goes to /login on 401, without a toast', async () => {
    respond(401, { code: 401, success: false, data: null, msg: '请求未授权' });
    await expect(http.get('/api/x')).rejects.toThrow();
    expect(session.get().token).toBe('');
    expect(visited).toEqual(['/login']);
    expect(errors).toEqual([]);
  });

  it('tells whoever shows menus and buttons of a 403 it did not expect, not of a silent one', async () => {
    let told = 0;
    const stop = onRefused(() => told++);
    respond(403, { code: 403, success: false, data: null, msg: '请求被拒绝,缺少权限: user' });
    await expect(http.get('/api/x', { silent: [403] })).rejects.toMatchObject({ code: 403 });
    expect(told).toBe(0);
    await expect(http.get('/api/x')).rejects.toThrow('缺少权限');
    expect(told).toBe(1);
    stop();
  });

  it('rejects white-listed codes and silent requests without a toast', async () => {
    respond(404, { code: 404, success: false, data: null, msg: '404 没找到请求' });
    await expect(http.get('/api/x', { silent: true })).rejects.toMatchObject({ code: 404 });
    expect(errors).toEqual([]);
  });

  it('rejects network failures', async () => {
    http.defaults.adapter = (async () => {
      throw new Error('Network Error');
    }) as AxiosAdapter;
    await expect(http.get('/api/x')).rejects.toThrow('Network Error');
  });
});

describe('the session (spec §4)', () => {
  it('locks and unlocks with the lock password only, keeping lock state in session storage', () => {
    session.setLockPassword('1234');
    session.lock();
    expect(session.get().isLock).toBe(true);
    expect(sessionStorage.getItem('saber-isLock')).toContain('true');
    expect(localStorage.getItem('saber-isLock')).toBeNull();
    expect(session.unlock('0000')).toBe(false);
    expect(session.unlock('1234')).toBe(true);
    expect(session.get().isLock).toBe(false);
  });

  it('keeps tokens in the saber-access-token / saber-refresh-token cookies and clears everything on logout', () => {
    expect(document.cookie).toContain('saber-access-token=tok-1');
    expect(document.cookie).toContain('saber-refresh-token=ref-1');
    session.lock();
    session.localLogout();
    expect(document.cookie).not.toContain('saber-access-token=tok-1');
    expect(session.get()).toMatchObject({ token: '', isLock: false, userInfo: undefined });
  });

  it('takes the pair another tab stored after refreshing instead of spending its own (spent) refresh token', async () => {
    const { refreshToken } = await import('../../src/client/auth.ts');
    const sent: string[] = [];
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      sent.push(String(new URLSearchParams(String(config.data)).get('refresh_token')));
      return {
        data: { access_token: 'tok-switched', refresh_token: 'ref-switched', tenant_id: '000000', user_id: '1' },
        status: 200,
        statusText: 'OK',
        headers: {},
        config,
      };
    }) as AxiosAdapter;
    // Another tab of this console refreshed: the cookies hold its new pair, this tab's memory the spent one.
    setCookie('access-token', 'tok-other-tab');
    setCookie('refresh-token', 'ref-other-tab');
    await refreshToken();
    expect(sent).toEqual([]);
    expect(session.get()).toMatchObject({ token: 'tok-other-tab', refreshToken: 'ref-other-tab' });
    // A role switch still asks the server, with the newest refresh token.
    await refreshToken({ roleId: '3' });
    expect(sent).toEqual(['ref-other-tab']);
    expect(session.get().token).toBe('tok-switched');
  });

  it('refreshes automatically once the token age reaches the token time, one refresh at a time', async () => {
    vi.useFakeTimers();
    try {
      const { startAutoRefresh } = await import('../../src/client/auth.ts');
      let refreshes = 0;
      http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
        refreshes += 1;
        return {
          data: { access_token: `tok-${refreshes + 1}`, refresh_token: 'ref-2', tenant_id: '000000', user_id: '1' },
          status: 200,
          statusText: 'OK',
          headers: {},
          config,
        };
      }) as AxiosAdapter;
      signedIn();
      const stop = startAutoRefresh();
      await vi.advanceTimersByTimeAsync((site.tokenTime - 20) * 1000);
      expect(refreshes).toBe(0);
      await vi.advanceTimersByTimeAsync(30_000);
      expect(refreshes).toBe(1);
      expect(session.get().token).toBe('tok-2');
      await vi.advanceTimersByTimeAsync(60_000);
      expect(refreshes).toBe(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('answers asked ahead of their screen (askEarly)', () => {
  /** Answers each GET with its own URL and parameters, counting what was sent. */
  function countRequests() {
    const sent: string[] = [];
    http.defaults.adapter = (async (config: InternalAxiosRequestConfig) => {
      sent.push(`${config.url}?${new URLSearchParams(config.params as Record<string, string>)}`);
      const data = { code: 200, success: true, data: sent.length, msg: '' };
      return { data, status: 200, statusText: '200', headers: {}, config } satisfies AxiosResponse;
    }) as AxiosAdapter;
    return sent;
  }

  it('sends the request at once, and the screen asking the same URL and parameters takes its answer', async () => {
    const sent = countRequests();
    askEarly('/api/blade-flow/work/todo-list', { current: 1, size: 10 });
    expect(sent).toEqual(['/api/blade-flow/work/todo-list?current=1&size=10']);
    expect(await getData('/api/blade-flow/work/todo-list', { size: 10, current: 1 })).toBe(1);
    expect(sent).toHaveLength(1);
    // Taken once: the next ask goes to the server.
    expect(await getData('/api/blade-flow/work/todo-list', { current: 1, size: 10 })).toBe(2);
  });

  it('leaves other parameters, an answer older than 30 s and a logout to ask the server again', async () => {
    const sent = countRequests();
    askEarly('/api/blade-system/menu/routes');
    expect(await getData('/api/blade-system/menu/routes', { topMenuId: '9' })).toBe(2);

    const now = Date.now();
    askEarly('/api/blade-flow/work/todo-list', { current: 1, size: 10 });
    vi.spyOn(Date, 'now').mockReturnValue(now + 31_000);
    expect(await getData('/api/blade-flow/work/todo-list', { current: 1, size: 10 })).toBe(4);
    vi.restoreAllMocks();

    askEarly('/api/blade-system/menu/buttons');
    session.localLogout();
    signedIn();
    expect(await getData('/api/blade-system/menu/buttons')).toBe(6);
    expect(sent).toHaveLength(6);
  });
});
