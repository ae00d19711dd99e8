import { useSyncExternalStore } from 'react';
import { session } from '../../client/session.ts';
import { getStore, setStore } from '../../client/storage.ts';
import type { Tab } from '../router/types.ts';
import { addTab, closeAllTabs, closeOtherTabs, closeTab, FIRST_TAB, normalizeTabs, retitleTab } from './tab-list.ts';

interface TabState {
  tabs: Tab[];
  /** The tab last entered (Saber's `tag`): unlocking returns to it. */
  current: Tab;
  /** Bumped by "refresh" to remount that tab's page. */
  generations: Record<string, number>;
}

let state: TabState = {
  tabs: normalizeTabs(getStore<Tab[]>('tagList')),
  current: getStore<Tab>('tag') ?? FIRST_TAB,
  generations: {},
};
const listeners = new Set<() => void>();

function update(next: Partial<TabState>, persist = true) {
  state = { ...state, ...next };
  // Signed out, nothing is kept: a screen still settling after a 401 (its route entered, its tab retitled) must not
  // write back the tabs the logout removed.
  if (persist && session.get().token) {
    setStore('tagList', state.tabs);
    setStore('tag', state.current);
  }
  for (const listener of listeners) listener();
}

/** Tabs of visited routes, kept as `tagList` in the Saber store. */
export const tabStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  enter(tab: Tab) {
    update({ tabs: addTab(state.tabs, tab), current: tab });
  },
  /** A page names its tab more precisely than its route (an i18n key). */
  retitle(value: string, title: string) {
    if (state.tabs.some((tab) => tab.value === value && tab.title !== title))
      update({ tabs: retitleTab(state.tabs, value, title) });
  },
  close(value: string) {
    update({ tabs: closeTab(state.tabs, value) });
  },
  closeOthers(value: string) {
    update({ tabs: closeOtherTabs(state.tabs, value) });
  },
  closeAll() {
    update({ tabs: closeAllTabs() });
  },
  refresh(value: string) {
    update({ generations: { ...state.generations, [value]: (state.generations[value] ?? 0) + 1 } }, false);
  },
  /** Logout and login start from the first page only; logout already removed the stored lists. */
  reset(persist = false) {
    update({ tabs: closeAllTabs(), current: FIRST_TAB, generations: {} }, persist);
  },
};

session.onLogout(() => tabStore.reset());

export const useTabs = () => useSyncExternalStore(tabStore.subscribe, tabStore.get);
/**
 * The refresh generations alone: the layout reads them, and a new screen's tab entering the list (after the screen's
 * first drawing) must not draw the whole layout and the screen again.
 */
export const useTabGenerations = () => useSyncExternalStore(tabStore.subscribe, () => tabStore.get().generations);
