import '../support/dom.ts';
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter } from 'react-router-dom';

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

export { signIn, userInfo } from '../support/dom.ts';
