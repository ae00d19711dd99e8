import { useEffect, useRef } from 'react';
import { t } from '../../client/i18n.ts';
import { applyUpdate, useUpdateWaiting } from '../../client/pwa.ts';

/** A new version is waiting: ask once; accepting activates it and the page reloads into it. */
export function UpdatePrompt() {
  const waiting = useUpdateWaiting();
  const asked = useRef(false);
  useEffect(() => {
    if (!waiting || asked.current) return;
    asked.current = true;
    // The dialog's code is fetched now, not before the first screen (it is rarely shown).
    void import('antd-mobile/es/components/dialog').then(({ default: Dialog }) =>
      Dialog.confirm({
        content: t('common.updateAvailable'),
        confirmText: t('common.updateNow'),
        cancelText: t('common.later'),
        onConfirm: applyUpdate,
      }),
    );
  }, [waiting]);
  return null;
}
