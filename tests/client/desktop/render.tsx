import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter } from 'react-router-dom';
import { initI18n } from '../../../src/client/i18n.ts';
import { session, type UserInfo } from '../../../src/client/session.ts';

// antd reads media queries (grid, drawer); happy-dom has none.
if (!window.matchMedia) {
  window.matchMedia = (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => undefined, removeListener: () => undefined,
    addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false,
  }) as MediaQueryList;
}
initI18n();

/** A desktop component under test: fresh query cache without retries, antd zh locale and App context, a router at `path`. */
export function renderDesktop(ui: ReactElement, path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
        <App>
          <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
        </App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}

export const userInfo: UserInfo = {
  access_token: 'test-token', refresh_token: 'test-refresh', tenant_id: '000000', user_id: '1', user_name: 'admin',
  account: 'admin', real_name: '管理员', nick_name: '管理员', avatar: '', dept_id: '1', role_id: '1', role_name: 'administrator',
};

export function signIn() {
  session.signedIn(userInfo);
}
