import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { MemoryRouter } from 'react-router-dom';
import '../../../src/mobile/render-shim.ts';
import { initI18n } from '../../../src/client/i18n.ts';
import { session, type UserInfo } from '../../../src/client/session.ts';

// antd-mobile reads media queries; happy-dom has none.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => undefined, removeListener: () => undefined,
    addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
  }) as MediaQueryList;
}
initI18n();

/** A phone screen under test: fresh query cache (no retries), zh locale, a router at `path`. */
export function renderMobile(ui: ReactElement, path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN}>
        <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export const userInfo: UserInfo = {
  access_token: 'test-token', refresh_token: 'test-refresh', tenant_id: '000000', user_id: '1', user_name: 'admin',
  account: 'admin', real_name: '管理员', nick_name: '管理员', avatar: '', dept_id: '1', role_id: '1', role_name: 'administrator',
};

/** Signs the session in without a server (cookies and storage as a real login leaves them). */
export function signIn() {
  session.signedIn(userInfo);
}
