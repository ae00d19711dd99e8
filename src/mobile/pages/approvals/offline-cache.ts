import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { session } from '../../../client/session.ts';
import { getStore, removeStore, setStore } from '../../../client/storage.ts';
import { FLOW_KEY } from './approval-queries.ts';

/**
 * The workflow screens last loaded, kept in local storage for their user, so an approver who reopens the app without
 * a network still reads his lists, requests and their history (react-query's memory is gone after a reload). Only
 * successful reads are kept, the most recent first; logging out removes the copy.
 */
const STORE = 'mobileFlowCache';
const MAX_ENTRIES = 60;
const SAVE_DELAY_MS = 300;

interface Entry {
  key: QueryKey;
  data: unknown;
  updatedAt: number;
}
interface Saved {
  owner: string;
  entries: Entry[];
}

const isFlowKey = (key: QueryKey) => FLOW_KEY.every((part, index) => key[index] === part);

let timer: ReturnType<typeof setTimeout> | undefined;
const cancelSave = () => {
  clearTimeout(timer);
  timer = undefined;
};
session.onLogout(() => {
  cancelSave();
  removeStore(STORE);
});

/** Puts the saved copy of `owner` (tenant and user) into the cache where nothing fresher is loaded yet. */
export function restoreFlowCache(client: QueryClient, owner: string) {
  const saved = getStore<Saved>(STORE);
  if (!saved || saved.owner !== owner || !Array.isArray(saved.entries)) return;
  for (const entry of saved.entries) {
    if (!Array.isArray(entry.key) || !isFlowKey(entry.key)) continue;
    const state = client.getQueryState(entry.key);
    if (state?.data !== undefined && state.dataUpdatedAt >= entry.updatedAt) continue;
    client.setQueryData(entry.key, entry.data, { updatedAt: entry.updatedAt });
    // Shown at once, but asked again as soon as a screen uses it and the network is there.
    void client.invalidateQueries({ queryKey: entry.key, exact: true, refetchType: 'none' });
  }
}

function save(client: QueryClient, owner: string) {
  const entries = client
    .getQueryCache()
    .findAll({ queryKey: FLOW_KEY })
    .filter((query) => query.state.data !== undefined && query.state.data !== null && query.state.status === 'success')
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_ENTRIES)
    .map((query): Entry => ({ key: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
  try {
    setStore(STORE, { owner, entries } satisfies Saved);
  } catch {
    // Storage full or blocked: the app works, only without the offline copy.
  }
}

/**
 * Keeps the copy up to date while the signed-in area is shown: saved shortly after each load, and at once when the
 * page goes away (a reload or the app sent to the background does not wait for the delay). Returns the unsubscribe,
 * which saves what is due.
 */
export function keepFlowCache(client: QueryClient, owner: string): () => void {
  const flush = () => {
    if (timer === undefined) return;
    cancelSave();
    save(client, owner);
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || !isFlowKey(event.query.queryKey)) return;
    cancelSave();
    timer = setTimeout(() => {
      timer = undefined;
      save(client, owner);
    }, SAVE_DELAY_MS);
  });
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onHidden);
  return () => {
    unsubscribe();
    window.removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', onHidden);
    flush();
  };
}
