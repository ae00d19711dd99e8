import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A server menu whose screen is not built yet: says so plainly, with the menu's name and path. */
export function UnderConstruction({ name, path }: { name: string; path: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={t('shell.page.notAvailable')}
      subTitle={
        <>
          <div>{name}</div>
          <Typography.Text type="secondary" code>
            {path}
          </Typography.Text>
        </>
      }
    />
  );
}
