import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useState } from 'react';
import { ApiFailure, http, type R } from '../../../client/http.ts';
import { notify } from '../../../client/notify.ts';
import { LIVE_MESSAGES } from '../../../shared/develop/live-messages.ts';
import { LIVE_PUBLISH_URL, type LivePublished } from '../../../shared/develop/live.ts';
import { DESKTOP_KEY } from '../../queries.ts';

/** The refusal that asks for confirmation (a dropped field holds data), in either language. */
const asksConfirmation = (message: string) =>
  [LIVE_MESSAGES.columnHoldsData.zh, LIVE_MESSAGES.columnHoldsData.en].some((text) =>
    message.startsWith(text.slice(0, text.indexOf('{'))),
  );

/**
 * 发布 of a data model (数据模型设计's row action): publishes it as a live entity, or its changes; a change that drops
 * a column holding data is asked again, then backed up and made. Menus reload, so 在线表单 shows the model at once.
 */
export function useLivePublish() {
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const publish = async (modelId: string, confirm = false): Promise<void> => {
    setBusy(true);
    try {
      const params = { id: modelId, ...(confirm ? { confirm: 1 } : {}) };
      const answer = await http.post<R<LivePublished>>(LIVE_PUBLISH_URL, undefined, { params, silent: [400] });
      notify.success(`v${answer.data.data.version}`);
      await queryClient.invalidateQueries({ queryKey: [DESKTOP_KEY] });
    } catch (error) {
      if (!(error instanceof ApiFailure) || error.code !== 400) throw error;
      if (!confirm && asksConfirmation(error.message))
        modal.confirm({ content: error.message, onOk: () => publish(modelId, true) });
      else notify.error(error.message);
    } finally {
      setBusy(false);
    }
  };
  return { publish, busy };
}

/** The same as a button, for a screen that has no row actions of the shared page. */
export function LivePublishButton({ modelId, label = '发布' }: { modelId: string; label?: string }) {
  const { publish, busy } = useLivePublish();
  return (
    <Button type="link" size="small" loading={busy} onClick={() => void publish(modelId)}>
      {label}
    </Button>
  );
}
