import { useCallback, useEffect, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { t } from '../../../client/i18n.ts';
import { useSession } from '../../../client/session.ts';
import { onQueueChanged, queuedMovements, sendQueue, type QueuedMovement } from './movement-queue.ts';

/** Query keys of the warehouse pages: a stored or posted movement refreshes them all. */
export const movementKeys = {
  all: ['mobile', 'movements'] as const,
  stock: (productId: string) => ['mobile', 'movements', 'stock', productId] as const,
};

/** Whose queue this session sees and sends: `<tenant>:<user>`. */
export function useQueueOwner(): string {
  const { tenantId, userInfo } = useSession();
  return `${tenantId}:${userInfo?.user_id ?? ''}`;
}

/** The signed-in user's queued movements, oldest first; undefined until read. */
export function useQueuedMovements(): QueuedMovement[] | undefined {
  const owner = useQueueOwner();
  const [entries, setEntries] = useState<QueuedMovement[]>();
  useEffect(() => {
    let current = true;
    // Without IndexedDB (some private modes) there is no queue: nothing waits, movements are sent online only.
    const read = () =>
      void queuedMovements(owner)
        .catch(() => [])
        .then((found) => {
          if (current) setEntries(found);
        });
    read();
    const stop = onQueueChanged(read);
    return () => {
      current = false;
      stop();
    };
  }, [owner]);
  return entries;
}

/** Sends the queue now (online only) and says how many movements were stored; the lists then show them. */
export function useSendQueue(): () => Promise<void> {
  const owner = useQueueOwner();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    if (!navigator.onLine) return;
    const { stored } = await sendQueue(owner).catch(() => ({ stored: [] }));
    if (stored.length === 0) return;
    Toast.show({ icon: 'success', content: t('mobile.warehouse.synced', { count: stored.length }) });
    await queryClient.invalidateQueries({ queryKey: movementKeys.all });
  }, [owner, queryClient]);
}

/** Sends the queue when the app starts and whenever the network comes back. */
export function useQueueSync() {
  const send = useSendQueue();
  useEffect(() => {
    const onOnline = () => void send();
    void send();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [send]);
}
