import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { MESSAGE_UNREAD, type Message } from '../../../client/api/message.ts';
import { useOnline } from '../../../client/pwa.ts';

/** The whole message in a bottom sheet (opening it marks it read). */
export function MessageDetail({
  message,
  visible,
  onClose,
}: {
  message?: Message;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      showCloseButton
      className="m-detail-popup"
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
    >
      {message && (
        <article className="m-detail" aria-label={t('mobile.messages.detail')}>
          <h3>{message.title || t('mobile.messages.untitled')}</h3>
          <div className="m-msg-time">{message.createTime}</div>
          <div className="m-detail-content">{message.content}</div>
          {!online && message.status === MESSAGE_UNREAD && (
            <div className="m-detail-note">{t('mobile.messages.readNeedsNetwork')}</div>
          )}
        </article>
      )}
    </Popup>
  );
}
