import { site } from '../../client/config.ts';
import type { Language } from '../../client/i18n.ts';
import type { Tab } from '../router/types.ts';

/** The first page's tab: always first, never closable (spec §9). */
export const FIRST_TAB: Tab = {
  label: site.firstPage.label,
  value: site.firstPage.value,
  meta: { i18n: 'shell.route.home' },
  closable: site.firstPage.closable,
};

const isFirst = (tab: Tab) => tab.value === FIRST_TAB.value;

/** A stored list made safe: the first page first and not closable, no duplicates. */
export function normalizeTabs(list: readonly Tab[] | undefined): Tab[] {
  const seen = new Set<string>([FIRST_TAB.value]);
  const rest: Tab[] = [];
  for (const tab of list ?? []) {
    if (!tab || typeof tab.value !== 'string' || seen.has(tab.value)) continue;
    seen.add(tab.value);
    rest.push({ ...tab, closable: true });
  }
  return [FIRST_TAB, ...rest];
}

/** Opens a tab, or refreshes the label of the one already open for that path (a title its page gave stays). */
export function addTab(list: readonly Tab[], tab: Tab): Tab[] {
  if (isFirst(tab)) return normalizeTabs(list);
  const index = list.findIndex((t) => t.value === tab.value);
  if (index === -1) return normalizeTabs([...list, tab]);
  const next = [...list];
  next[index] = { ...tab, title: list[index].title, closable: true };
  return normalizeTabs(next);
}

/** The page's own title for its open tab. */
export function retitleTab(list: readonly Tab[], value: string, title: string): Tab[] {
  return list.map((t) => (t.value === value && !isFirst(t) ? { ...t, title } : t));
}

export function closeTab(list: readonly Tab[], value: string): Tab[] {
  if (value === FIRST_TAB.value) return normalizeTabs(list);
  return normalizeTabs(list.filter((t) => t.value !== value));
}

export function closeOtherTabs(list: readonly Tab[], value: string): Tab[] {
  return normalizeTabs(list.filter((t) => t.value === value));
}

export function closeAllTabs(): Tab[] {
  return normalizeTabs([]);
}

/** Where to go after closing the active tab: its right neighbour, else its left one. */
export function tabAfterClose(list: readonly Tab[], value: string): string {
  const index = list.findIndex((t) => t.value === value);
  if (index === -1) return FIRST_TAB.value;
  return (list[index + 1] ?? list[index - 1] ?? FIRST_TAB).value;
}

/** A tab's label in the current language. */
export function tabLabel(tab: Tab, lang: Language, translate: (key: string) => string): string {
  if (tab.title) return translate(tab.title);
  if (tab.meta?.i18n) return translate(tab.meta.i18n);
  return lang === 'en' && tab.labelEn ? tab.labelEn : tab.label;
}
