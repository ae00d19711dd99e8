import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';

/** /test/index exists for the mock menu only (spec §2); it shows where the router put us. */
export default function TestPage() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Card title={t('shell.route.test')}>
      <Typography.Paragraph>{t('shell.test.note')}</Typography.Paragraph>
      <Typography.Text code>{`${location.pathname}${location.search}`}</Typography.Text>
    </Card>
  );
}
