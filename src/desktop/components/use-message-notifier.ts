import { useEffect } from 'react';
import type { message } from 'antd';
import { setNotifier } from '../../client/notify.ts';

type MessageApi = ReturnType<typeof message.useMessage>[0];

/** Shared code (axios interceptor, session) reports through this antd `message` while the caller is mounted. */
export function useMessageNotifier(api: MessageApi): void {
  useEffect(() => {
    const previous = setNotifier({ error: (text) => void api.error(text), success: (text) => void api.success(text) });
    return () => {
      setNotifier(previous);
    };
  }, [api]);
}
