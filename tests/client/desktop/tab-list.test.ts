// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { Tab } from '../../../src/desktop/router/types.ts';
import {
  addTab,
  retitleTab,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  FIRST_TAB,
  normalizeTabs,
  tabAfterClose,
  tabLabel,
} from '../../../src/desktop/tabs/tab-list.ts';

const tab = (value: string, label = value): Tab => ({ label, value, meta: {} });
const values = (tabs: Tab[]) => tabs.map((t) => t.value);

describe('tab list', () => {
  const opened = [tab('/a/index'), tab('/b/index'), tab('/c/index')].reduce(addTab, closeAllTabs());

  it('starts with the first page, which is not closable', () => {
    expect(closeAllTabs()).toEqual([FIRST_TAB]);
    expect(FIRST_TAB).toMatchObject({ value: '/wel/index', label: '首页', closable: false });
  });

  it('adds tabs in visiting order, once per path, refreshing the label of an open one', () => {
    expect(values(opened)).toEqual(['/wel/index', '/a/index', '/b/index', '/c/index']);
    const again = addTab(opened, tab('/b/index', 'B'));
    expect(values(again)).toEqual(values(opened));
    expect(again[2]).toMatchObject({ label: 'B', closable: true });
    expect(addTab(opened, { ...FIRST_TAB, label: 'x' })).toEqual(opened);
  });

  it('closes one tab, but never the first page', () => {
    expect(values(closeTab(opened, '/b/index'))).toEqual(['/wel/index', '/a/index', '/c/index']);
    expect(closeTab(opened, '/wel/index')[0]).toEqual(FIRST_TAB);
    expect(values(closeTab(opened, '/wel/index'))).toEqual(values(opened));
  });

  it('closes the others, keeping the first page and the chosen tab', () => {
    expect(values(closeOtherTabs(opened, '/b/index'))).toEqual(['/wel/index', '/b/index']);
    expect(values(closeOtherTabs(opened, '/wel/index'))).toEqual(['/wel/index']);
  });

  it('closes all but the first page', () => {
    expect(closeAllTabs()).toEqual([FIRST_TAB]);
  });

  it('moves to the right neighbour after closing the active tab, else the left one', () => {
    expect(tabAfterClose(opened, '/b/index')).toBe('/c/index');
    expect(tabAfterClose(opened, '/c/index')).toBe('/b/index');
    expect(tabAfterClose(opened, '/gone')).toBe('/wel/index');
  });

  it('repairs a stored list: first page first and not closable, duplicates and junk dropped', () => {
    const stored = [tab('/a/index'), { ...FIRST_TAB, closable: true }, tab('/a/index'), null as unknown as Tab];
    expect(normalizeTabs(stored)).toEqual([FIRST_TAB, { ...tab('/a/index'), closable: true }]);
    expect(normalizeTabs(undefined)).toEqual([FIRST_TAB]);
  });

  it('keeps the title a page gave its tab when the route is entered again', () => {
    const titled = retitleTab(opened, '/b/index', 'flow.route.leaveResubmit');
    expect(titled.find((t) => t.value === '/b/index')?.title).toBe('flow.route.leaveResubmit');
    expect(addTab(titled, tab('/b/index')).find((t) => t.value === '/b/index')?.title).toBe('flow.route.leaveResubmit');
    expect(retitleTab(opened, FIRST_TAB.value, 'x')[0]).toEqual(FIRST_TAB);
    expect(
      tabLabel({ label: '请假审批', value: '/h', title: 'flow.route.leaveResubmit' }, 'zh', (key) =>
        key === 'flow.route.leaveResubmit' ? '调整请假申请' : key,
      ),
    ).toBe('调整请假申请');
  });

  it('labels tabs in the current language', () => {
    const translate = (key: string) => (key === 'shell.route.home' ? 'Home' : key);
    expect(tabLabel(FIRST_TAB, 'en', translate)).toBe('Home');
    expect(tabLabel({ label: '参数管理', labelEn: 'Parameters', value: '/p' }, 'en', translate)).toBe('Parameters');
    expect(tabLabel({ label: '参数管理', labelEn: 'Parameters', value: '/p' }, 'zh', translate)).toBe('参数管理');
    expect(tabLabel({ label: '参数管理', labelEn: '', value: '/p' }, 'en', translate)).toBe('参数管理');
  });
});
