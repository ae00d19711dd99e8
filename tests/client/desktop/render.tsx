import '../support/dom.ts';
import type { ReactElement } from 'react';
import { render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { MemoryRouter } from 'react-router-dom';
import { ObservedStyles } from '../support/antd-styles.tsx';

/**
 * A desktop component under test: fresh query cache without retries, antd zh locale and App context, a router at
 * `path`, antd's styles reduced to what shows or hides an element.
 */
export function renderDesktop(ui: ReactElement, path = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <ObservedStyles>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
          <App>
            <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
          </App>
        </ConfigProvider>
      </QueryClientProvider>
    </ObservedStyles>,
  );
  return { ...result, queryClient };
}

// Role queries stay inside the part of the page they mean: naming every button of a page recomputes the styles of
// each one in happy-dom, seconds per query on a busy machine.

/** The toolbar of the CRUD screen. */
export const toolbar = () => document.querySelector('.tenon-crud-toolbar') as HTMLElement;
/** A button of the CRUD toolbar, once it shows. */
export const toolbarButton = (name: string | RegExp) => within(toolbar()).findByRole('button', { name });

/** The table row showing `text`, once it is there. */
export const findRow = async (text: string) => (await screen.findByText(text)).closest('tr') as HTMLElement;

/** The newest dialog (happy-dom runs no animations: a closed one stays in its leave state). */
export const lastDialog = async () => (await screen.findAllByRole('dialog')).at(-1)!;

/**
 * Ids held by more than one element of the document (a label would name the first of them). rc-component's popups
 * all take the id `test-id` under NODE_ENV=test (React's unique id in a browser): left out.
 */
export function duplicateIds(): string[] {
  const seen = new Map<string, number>();
  for (const element of document.querySelectorAll('[id]')) seen.set(element.id, (seen.get(element.id) ?? 0) + 1);
  return [...seen].filter(([id, count]) => count > 1 && id !== 'test-id').map(([id]) => id);
}

export { signIn, userInfo } from '../support/dom.ts';
