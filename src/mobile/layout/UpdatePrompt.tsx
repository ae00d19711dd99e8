import { useEffect, useRef } from 'react';
import { Dialog } from 'antd-mobile';
import { t } from '../../client/i18n.ts';
import { applyUpdate, useUpdateWaiting } from '../../client/pwa.ts';

/** A new version is waiting: ask once; accepting activates it and the page reloads into it. */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  const asked = useRef(false);
  useEffect(() => {
    if (!waiting || asked.current) return;
    asked.current = true;
    void Dialog.confirm({
      content: t('common.updateAvailable'),
      confirmText: t('common.updateNow'),
      cancelText: t('common.later'),
      onConfirm: applyUpdate,
    });
  }, [waiting]);
  return null;
}
