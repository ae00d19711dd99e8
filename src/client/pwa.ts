import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';
import { whenIdle } from './idle.ts';

/**
 * Service worker (precached shell, update prompt) and the online state. A new deployment's worker waits until the
 * user accepts the update, then takes over and the page reloads once.
 */
let workbox: Workbox | undefined;
let updateWaiting = false;
let updateAccepted = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/**
 * Registers the worker once the page has loaded and is idle (main.tsx calls it once the first screen is drawn): its
 * precache downloads most of the app, which on a slow line would otherwise compete with the first screen's own files
 * (workbox-window itself is fetched then too).
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  const start = () =>
    whenIdle(
      () => void import('workbox-window').then(({ Workbox }) => register(new Workbox('/sw.js', { scope: '/' }))),
    );
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

function register(worker: Workbox) {
  workbox = worker;
  workbox.addEventListener('waiting', () => {
    updateWaiting = true;
    emit();
  });
  // `isUpdate` is false when this page's first visit installed the worker; an accepted update must reload anyway.
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate || updateAccepted) window.location.reload();
  });
  // Blocked service workers (private modes, some test browsers) leave the app working without offline support.
  workbox.register().catch(() => undefined);
}

/** Accept the waiting version: it activates and the page reloads into it. */
export function applyUpdate() {
  updateAccepted = true;
  workbox?.messageSkipWaiting();
}

export const useUpdateWaiting = () => useSyncExternalStore(subscribe, () => updateWaiting);
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);
