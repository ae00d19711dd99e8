import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A server menu whose screen is not built yet: says so plainly, with the menu's name and path; `title` says why
 * when it is another reason (an external page the console does not open).
 */
export function UnderConstruction({ name, path, title }: { name: string; path: string; title?: string }) {
  const { t } = useTranslation();
  return (
    <Result
      status="info"
      title={title ?? t('shell.page.notAvailable')}
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
