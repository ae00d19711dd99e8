import { useEffect, useState } from 'react';
import { Badge, Button } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { countErrorLogs, onErrorLogsChanged } from '../../../client/error-log.ts';
import { lazyDialog } from '../../components/LazyDialog.tsx';

const ErrorLogsDialog = lazyDialog(() => import('./ErrorLogsDialog.tsx'));

/** Locally kept UI errors: a badge with their count and a full-screen list to upload or clear. */
export function ErrorLogsButton() {
  const { t } = useTranslation();
  const [count, setCount] = useState(0);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const refresh = () => {
      void countErrorLogs().then(setCount, () => setCount(0));
    };
    refresh();
    return onErrorLogsChanged(refresh);
  }, []);

  return (
    <>
      <Button
        type="text"
        className="tenon-top-item"
        onClick={() => setOpen(true)}
        aria-label={t('shell.logs.title')}
        title={t('shell.logs.title')}
      >
        <Badge count={count} size="small" offset={[4, -2]}>
          <BugOutlined className="tenon-top-icon" />
        </Badge>
      </Button>
      <ErrorLogsDialog open={open} onClose={() => setOpen(false)} />
    </>
  );
}
