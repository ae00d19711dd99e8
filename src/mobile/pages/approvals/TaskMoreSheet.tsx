import { useState } from 'react';
import { Button, CheckList, DotLoading, Popup, Selector, TextArea, Toast } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchUserOptions } from '../../../client/api/flow.ts';
import {
  addSign,
  copyTask,
  delegateTask,
  fetchReturnTargets,
  returnTask,
  type SignType,
} from '../../../client/api/flow-actions.ts';
import { useSession } from '../../../client/session.ts';
import { SIGN_TYPES } from '../../../shared/flow/actions.ts';

/** The approval actions of the phone's task screen (issue 34 point 5): 加签, 委派, 抄送, 退回. */
export type MoreAction = 'addSign' | 'delegate' | 'copy' | 'return';
export const MORE_ACTIONS: MoreAction[] = ['addSign', 'delegate', 'copy', 'return'];

/**
 * One bottom sheet per action: whom (the tenant's users; one for 委派), how (加签's kind) or where to (退回's earlier
 * steps), a comment, and one confirm. The server's refusals are toasted by the interceptor and the sheet stays.
 */
export function TaskMoreSheet({
  action,
  taskId,
  onClose,
  onDone,
}: {
  action?: MoreAction;
  taskId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  return (
    <Popup
      visible={Boolean(action)}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '85vh', overflowY: 'auto' }}
      destroyOnClose
    >
      {action && <SheetBody key={action} action={action} taskId={taskId} onClose={onClose} onDone={onDone} />}
    </Popup>
  );
}

function SheetBody({
  action,
  taskId,
  onClose,
  onDone,
}: {
  action: MoreAction;
  taskId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const [people, setPeople] = useState<string[]>([]);
  const [type, setType] = useState<SignType>('before');
  const [target, setTarget] = useState('');
  const [comment, setComment] = useState('');
  const [sending, setSending] = useState(false);
  const users = useQuery({
    queryKey: ['mobile', 'approvers', ''],
    queryFn: () => fetchUserOptions(''),
    enabled: action !== 'return',
    retry: false,
    staleTime: 60_000,
  });
  const targets = useQuery({
    queryKey: ['mobile', 'return-targets', taskId],
    queryFn: () => fetchReturnTargets(taskId),
    enabled: action === 'return',
  });
  const options = (users.data ?? []).filter((user) => user.id !== userInfo?.user_id);
  const chosen = action === 'return' ? Boolean(target) : people.length > 0;
  const send = async () => {
    setSending(true);
    try {
      const text = comment.trim() || undefined;
      const message =
        action === 'addSign'
          ? await addSign({ taskId, userIds: people, type, comment: text })
          : action === 'delegate'
            ? await delegateTask({ taskId, userId: people[0], comment: text })
            : action === 'copy'
              ? await copyTask({ taskId, userIds: people, comment: text })
              : await returnTask({ taskId, targetKey: target, comment: text });
      Toast.show({ icon: 'success', content: message });
      onClose();
      if (action !== 'copy') onDone();
    } catch {
      setSending(false);
    }
  };
  const title = t(`flow.actions.${action}`);
  return (
    <section className="m-sheet" role="dialog" aria-label={title}>
      <h3 className="m-sheet-title">{title}</h3>
      {action === 'addSign' && (
        <Selector
          aria-label={t('flow.actions.signType')}
          columns={1}
          value={[type]}
          onChange={(value) => value[0] && setType(value[0])}
          options={SIGN_TYPES.map((value) => ({ value, label: t(`flow.actions.${value}`) }))}
        />
      )}
      {action === 'return' ? (
        targets.isPending ? (
          <DotLoading color="primary" />
        ) : targets.data?.length ? (
          <CheckList value={target ? [target] : []} onChange={(keys) => setTarget(String(keys[0] ?? ''))}>
            {targets.data.map((row) => (
              <CheckList.Item key={row.taskKey} value={row.taskKey} description={row.assigneeName}>
                {row.taskName}
              </CheckList.Item>
            ))}
          </CheckList>
        ) : (
          <p className="m-hint">{t('flow.actions.noReturnTarget')}</p>
        )
      ) : users.isPending ? (
        <DotLoading color="primary" />
      ) : (
        <div
          className="m-picker-list"
          aria-label={t(
            `flow.actions.${action === 'delegate' ? 'delegateTo' : action === 'copy' ? 'copyUsers' : 'signUsers'}`,
          )}
        >
          <CheckList multiple={action !== 'delegate'} value={people} onChange={(ids) => setPeople(ids.map(String))}>
            {options.map((user) => (
              <CheckList.Item key={user.id} value={user.id} description={user.deptName || user.account}>
                {user.realName || user.name || user.account}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      )}
      <TextArea
        className="m-sheet-input"
        aria-label={t('mobile.approvals.comment')}
        value={comment}
        onChange={setComment}
        placeholder={t('mobile.approvals.commentPlaceholder')}
        rows={2}
        maxLength={255}
      />
      <div className="m-sheet-buttons">
        <Button size="large" onClick={onClose} disabled={sending}>
          {t('common.cancel')}
        </Button>
        <Button size="large" color="primary" disabled={!chosen} loading={sending} onClick={() => void send()}>
          {t('mobile.approvals.confirm')}
        </Button>
      </div>
    </section>
  );
}
