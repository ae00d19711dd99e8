import { Avatar, Button, CheckList, List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { setLanguage, type Language } from '../../client/i18n.ts';
import { useTenantName } from '../../client/queries.ts';
import { useSession } from '../../client/session.ts';
import { confirmLogout } from '../logout.ts';

/** Who is signed in, the language (stored), and log out. */
export function MePage() {
  const { t, i18n } = useTranslation();
  const { userInfo, tenantId } = useSession();
  const tenantName = useTenantName();
  const language: Language = i18n.language === 'en' ? 'en' : 'zh';

  return (
    <div>
      <div className="m-me-card">
        <Avatar src={userInfo?.avatar ?? ''} style={{ '--size': '56px', '--border-radius': '50%' }} />
        <div>
          <div className="m-me-name">{userInfo?.real_name || userInfo?.account}</div>
          <div className="m-me-sub">{tenantName ? `${tenantName} · ${tenantId}` : tenantId}</div>
        </div>
      </div>
      <List>
        <List.Item extra={userInfo?.account}>{t('mobile.me.account')}</List.Item>
        <List.Item extra={tenantName ? `${tenantName} (${tenantId})` : tenantId}>{t('mobile.me.tenant')}</List.Item>
        {userInfo?.role_name && <List.Item extra={userInfo.role_name}>{t('mobile.me.role')}</List.Item>}
      </List>
      <List header={t('common.language')}>
        <CheckList
          value={[language]}
          onChange={(values) => {
            const next = values[0];
            if (next === 'zh' || next === 'en') void setLanguage(next);
          }}
        >
          <CheckList.Item value="zh">{t('common.zh')}</CheckList.Item>
          <CheckList.Item value="en">{t('common.en')}</CheckList.Item>
        </CheckList>
      </List>
      <div className="m-section">
        <Button block color="danger" fill="outline" size="large" onClick={confirmLogout}>
          {t('common.logout')}
        </Button>
      </div>
    </div>
  );
}
