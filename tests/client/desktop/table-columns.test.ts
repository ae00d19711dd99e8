// @vitest-environment happy-dom
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { Route, Routes } from 'react-router-dom';
import { CrudPage } from '../../../src/desktop/components/crud/CrudPage.tsx';
import { CELL_PADDING, textWidth } from '../../../src/desktop/components/table-width.ts';
import { TodoPage } from '../../../src/desktop/pages/work/WorkListPage.tsx';
import { menu } from '../../../src/shared/entities/system/menu.ts';
import { buttons, buttonsOf, fakeServer, ok, page, useFakeServer } from './fake-server.ts';
import { renderDesktop } from './render.tsx';

const { serve, reset } = fakeServer();
useFakeServer({ reset });

/** Each header's text with the width its column is given (antd sets the widths on the table's <col>s). */
function headerWidths(): Array<[string, number]> {
  const table = document.querySelector('.ant-table-thead')!.closest('table')!;
  const cols = [...table.querySelectorAll('colgroup col')].map((col) =>
    Number.parseFloat((col as HTMLElement).style.width),
  );
  return [...table.querySelectorAll('thead th')].map((th, index) => [th.textContent ?? '', cols[index]]);
}

describe('table headers in English', () => {
  it('gives a workflow list\'s Version column room for its header on one line (it wrapped as "Versio n")', async () => {
    await i18next.changeLanguage('en');
    serve({
      'GET /api/blade-system/menu/buttons': () => ok(buttonsOf([])),
      'GET /api/blade-system/dict/dictionary': () => ok([]),
      'GET /api/blade-flow/work/todo-list': () => page([]),
    });
    renderDesktop(
      createElement(Routes, null, createElement(Route, { path: '*', element: createElement(TodoPage) })),
      '/work/todo/index',
    );
    await screen.findAllByText('Version');
    const version = headerWidths().find(([text]) => text === 'Version')!;
    // Chromium draws "Version" 59.2 px wide in Noto Sans at 14 px, weight 600; the cell adds its padding and border.
    expect(version[1]).toBeGreaterThanOrEqual(Math.ceil(59.2) + CELL_PADDING);
    for (const [text, width] of headerWidths())
      if (text) expect(width, text).toBeGreaterThanOrEqual(textWidth(text, true) + CELL_PADDING);
  });

  it('sizes every column of an entity screen for its English header', async () => {
    await i18next.changeLanguage('en');
    serve({
      'GET /api/blade-system/menu/buttons': () => ok(buttons('menu')),
      'GET /api/blade-system/dict/dictionary': () => ok([]),
      'GET /api/blade-system/menu/lazy-list': () => ok([]),
    });
    renderDesktop(createElement(CrudPage, { entity: menu, options: { lazy: true } }), '/system/menu/index');
    await screen.findAllByText('English name');
    const widths = headerWidths();
    expect(widths.map(([text]) => text)).toEqual(
      expect.arrayContaining(['No.', 'Name', 'English name', 'Sort', 'Type', 'Actions']),
    );
    for (const [text, width] of widths)
      if (text) expect(width, text).toBeGreaterThanOrEqual(textWidth(text, true) + CELL_PADDING);
  });
});
