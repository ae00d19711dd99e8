import { Button } from 'antd-mobile';
import { ExclamationCircleOutline, QuestionCircleOutline, StopOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { StateView } from '../components/StateView.tsx';
import { useDocumentTitle } from '../page-hooks.ts';

export type Status = '403' | '404' | '500';

const TEXT: Record<Status, { title: string; text: string; icon: typeof StopOutline }> = {
  404: { title: 'shell.route.notFound', text: 'shell.error.notFound', icon: QuestionCircleOutline },
  403: { title: 'shell.route.forbidden', text: 'shell.error.forbidden', icon: StopOutline },
  500: { title: 'shell.route.serverError', text: 'shell.error.serverError', icon: ExclamationCircleOutline },
};

/** Spec §2's public /404, /403 and /500 on the phone, with the way back to the tabs. */
export function StatusPage({ status }: { status: Status }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { title, text, icon: Icon } = TEXT[status];
  useDocumentTitle(t(title));
  return (
    <main>
      <StateView icon={<Icon />} title={status} description={t(text)}>
        <Button color="primary" onClick={() => navigate('/', { replace: true })}>
          {t('shell.error.backHome')}
        </Button>
      </StateView>
    </main>
  );
}
