import { useEffect } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import { setNotifier } from '../../client/notify.ts';

/** Shared code (axios interceptor, session) reports through this antd `message` while the caller is mounted. */
export function useMessageNotifier(message: MessageInstance): void {
  useEffect(() => {
    const previous = setNotifier({ error: (text) => void message.error(text), success: (text) => void message.success(text) });
    return () => { setNotifier(previous); };
  }, [message]);
}
