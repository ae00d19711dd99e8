import { onlineManager, QueryClient } from '@tanstack/react-query';
import { session } from './session.ts';

/** Server state cache; emptied on logout so the next user never sees the last one's data. */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
});
session.onLogout(() => queryClient.clear());
// react-query assumes online at start; a page opened offline must know it is offline.
onlineManager.setOnline(typeof navigator === 'undefined' || navigator.onLine);
