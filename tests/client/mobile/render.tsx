import '../support/dom.ts';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { MemoryRouter } from 'react-router-dom';
import '../../../src/mobile/render-shim.ts';

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

export { signIn, userInfo } from '../support/dom.ts';
