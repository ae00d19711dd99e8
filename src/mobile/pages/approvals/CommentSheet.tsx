import { useId, useState } from 'react';
import { Button, Popup, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

export interface CommentAction {
  /** the sheet's title and the button that sends it */
  title: string;
  /** the comment the sheet starts with (同意, 驳回 ...) */
  comment: string;
  /** a line above the comment (what the action does) */
  hint?: string;
  danger?: boolean;
  send: (comment: string) => Promise<void>;
}

/**
 * The second tap of an approval: a bottom sheet with the comment prefilled, confirmed with one button. The sheet
 * stays open when sending fails (the server's message is already shown).
 */
export function CommentSheet({ action, onClose }: { action?: CommentAction; onClose: () => void }) {
  return (
    <Popup
      visible={Boolean(action)}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      destroyOnClose
    >
      {action && <SheetBody key={action.title} action={action} onClose={onClose} />}
    </Popup>
  );
}

function SheetBody({ action, onClose }: { action: CommentAction; onClose: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState(action.comment);
  const [sending, setSending] = useState(false);
  const inputId = useId();
  const confirm = async () => {
    setSending(true);
    try {
      await action.send(comment.trim());
    } catch {
      setSending(false);
    }
  };
  return (
    <section className="m-sheet" role="dialog" aria-label={action.title}>
      <h3 className="m-sheet-title">{action.title}</h3>
      {action.hint && <p className="m-sheet-hint">{action.hint}</p>}
      <label htmlFor={inputId} className="m-visually-hidden">
        {t('mobile.approvals.comment')}
      </label>
      <TextArea
        id={inputId}
        className="m-sheet-input"
        value={comment}
        onChange={setComment}
        placeholder={t('mobile.approvals.commentPlaceholder')}
        rows={3}
        maxLength={500}
        showCount
        autoSize={{ minRows: 3, maxRows: 6 }}
      />
      <div className="m-sheet-buttons">
        <Button size="large" onClick={onClose} disabled={sending}>
          {t('common.cancel')}
        </Button>
        <Button size="large" color={action.danger ? 'danger' : 'primary'} loading={sending} onClick={confirm}>
          {t('mobile.approvals.confirm')}
        </Button>
      </div>
    </section>
  );
}
