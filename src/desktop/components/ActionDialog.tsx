import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  afterClose?: () => void;
  title: ReactNode;
  width: number;
  /** What the dialog shows is still loading: the body is a skeleton and OK is disabled. */
  loading: boolean;
  /** Nothing to save (what it shows could not be read): OK is disabled. */
  failed: boolean;
  /** The save is under way: OK spins. */
  saving: boolean;
  onClose: () => void;
  onOk: () => void;
  children?: ReactNode;
}

/**
 * The shell of a dialog that loads something, lets it be changed and saves it with 确定: closable by 取消 or the
 * corner only (not the mask), its content dropped when hidden.
 */
export function ActionDialog({
  open,
  afterClose,
  title,
  width,
  loading,
  failed,
  saving,
  onClose,
  onOk,
  children,
}: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title={title}
      width={width}
      mask={{ closable: false }}
      destroyOnHidden
      loading={loading}
      onCancel={onClose}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {t('common.cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={saving} disabled={loading || failed} onClick={onOk}>
          {t('common.ok')}
        </Button>,
      ]}
    >
      {children}
    </Modal>
  );
}
