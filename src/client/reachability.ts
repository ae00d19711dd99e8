import { useSyncExternalStore } from 'react';

/**
 * Whether the server answered the last request: a network failure (the server or the way to it down while the
 * browser still says it is online) marks it out of reach, any answer back in reach. The desktop's offline banner
 * shows for either.
 */
let reachable = true;
const listeners = new Set<() => void>();

export function markReachable(value: boolean) {
  if (value === reachable) return;
  reachable = value;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

// Back online, the next request tells again; until then the browser's word is taken.
if (typeof window !== 'undefined') window.addEventListener('online', () => markReachable(true));

export const useServerReachable = () => useSyncExternalStore(subscribe, () => reachable);
