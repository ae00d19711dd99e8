import { onlineManager, QueryClient } from '@tanstack/react-query';
import { session } from './session.ts';

/** Server state cache; emptied on logout (with the lists kept for offline use) so the next user never sees them. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
session.onLogout(() => {
  queryClient.clear();
  // Loaded here, not before the first screen: IndexedDB's wrapper is only needed once lists were kept.
  void import('./offline-lists.ts').then(({ clearKeptLists }) => clearKeptLists()).catch(() => undefined);
});
// react-query assumes online at start; a page opened offline must know it is offline.
onlineManager.setOnline(typeof navigator === 'undefined' || navigator.onLine);
