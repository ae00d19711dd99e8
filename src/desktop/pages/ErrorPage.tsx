import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

type Status = '403' | '404' | '500';

const TITLE: Record<Status, string> = {
  403: 'shell.error.forbidden',
  404: 'shell.error.notFound',
  500: 'shell.error.serverError',
};

export default function ErrorPage({ status }: { status: Status }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div className="tenon-error-page">
      <Result
        status={status}
        title={status}
        subTitle={t(TITLE[status])}
        extra={
          <Button type="primary" onClick={() => void navigate('/', { replace: true })}>
            {t('shell.error.backHome')}
          </Button>
        }
      />
    </div>
  );
}
