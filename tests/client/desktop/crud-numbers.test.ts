// @vitest-environment happy-dom
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { CrudPage } from '../../../src/desktop/components/crud/CrudPage.tsx';
import { defineEntity } from '../../../src/shared/entities/define.ts';
import { buttons, fakeServer, ok, page, useFakeServer } from './fake-server.ts';
import { findRow, renderDesktop } from './render.tsx';

/** Money, percentages and derived values as the domain files show them (domain/README.md §3.2). */
const quote = defineEntity({
  name: 'test-quote',
  service: 'blade-desk',
  table: 'test_quote',
  label: { zh: '测试报价', en: 'Test quote' },
  code: 'test_quote',
  tenant: true,
  audit: false,
  fields: {
    quoteNo: { type: 'string', max: 32, list: true, form: true, label: { zh: '报价单号', en: 'Quote no.' } },
    amount: { type: 'money', list: true, form: true, label: { zh: '金额', en: 'Amount' } },
    taxRate: { type: 'decimal', percent: true, list: true, form: true, label: { zh: '税率', en: 'Tax rate' } },
    margin: {
      type: 'decimal',
      percent: true,
      nullable: true,
      list: true,
      form: true,
      label: { zh: '毛利率', en: 'Margin' },
      derive: { compute: () => null },
    },
  },
  defaultSort: [['quoteNo', 'asc']],
});

const { serve, calls, reset } = fakeServer();
useFakeServer({ reset });
const API = '/api/blade-desk/test-quote';
const ROW = { id: '7', quoteNo: 'Q-1', amount: 1234567.5, taxRate: 0.13, margin: null };

function renderQuotes() {
  serve({
    'GET /api/blade-system/menu/buttons': () => ok(buttons('test_quote')),
    [`GET ${API}/list`]: () => page([ROW]),
    [`GET ${API}/detail`]: () => ok(ROW),
    [`POST ${API}/submit`]: ({ body }) => ok(body),
  });
  return renderDesktop(createElement(CrudPage, { entity: quote }), '/desk/quote/index');
}

describe('numbers on the shared CRUD page', () => {
  it('lists money with separators and two decimals, fractions as percentages, a missing one as -', async () => {
    renderQuotes();
    const row = await findRow('Q-1');
    expect(within(row).getByText('1,234,567.50')).toBeVisible();
    expect(within(row).getByText('13.00%')).toBeVisible();
    expect(within(row).getByText('-')).toBeVisible();
  });

  it('edits a percentage as 13 and sends the fraction; a derived value is shown in view, never edited', async () => {
    renderQuotes();
    fireEvent.click(await within(await findRow('Q-1')).findByRole('button', { name: '修改' }));
    const dialog = await screen.findByRole('dialog');
    const rate = (await within(dialog).findByRole('spinbutton', { name: '税率' })) as HTMLInputElement;
    expect(rate.value).toBe('13');
    expect(within(dialog).queryByText('毛利率')).toBeNull();
    fireEvent.change(rate, { target: { value: '9' } });
    fireEvent.blur(rate);
    fireEvent.click(within(dialog).getByRole('button', { name: '修改' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(calls('POST', `${API}/submit`)[0].body).toMatchObject({ id: '7', taxRate: '0.09' });
    expect(calls('POST', `${API}/submit`)[0].body).not.toHaveProperty('margin');
  });

  it('shows the derived value in the view dialog', async () => {
    renderQuotes();
    fireEvent.click(await within(await findRow('Q-1')).findByRole('button', { name: '查看' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('毛利率')).toBeInTheDocument();
  });
});
