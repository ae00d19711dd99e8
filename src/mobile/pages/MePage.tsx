import { Avatar, Button, CheckList, List, Switch } from 'antd-mobile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData, postData } from '../../client/http.ts';
import { setLanguage, type Language } from '../../client/i18n.ts';
import { useTenantName } from '../../client/queries.ts';
import { useSession } from '../../client/session.ts';
import { confirmLogout } from '../logout.ts';
import { TotpItem } from './TotpSettings.tsx';
import { showToast } from '../toast.ts';
import { phoneProblem } from '../../shared/entities/system/user.ts';
import { USER_PROFILE_URL, USER_UPDATE_INFO_URL } from '../../shared/contract/api/system.ts';

const PROFILE_KEY = ['mobile', 'user-profile'] as const;

/** Who is signed in, the new-task SMS setting, the language (stored), and log out. */
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
      <SmsTaskItem />
      <TotpItem />
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

/** 新待办短信提醒, saved as soon as it is switched (个人信息's setting on the desktop); off without a phone number. */
function SmsTaskItem() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: PROFILE_KEY,
    queryFn: () => getData<{ phone?: string; smsTask?: number } | null>(USER_PROFILE_URL),
  });
  const save = useMutation({
    mutationFn: (smsTask: number) => postData<null>(USER_UPDATE_INFO_URL, { smsTask }),
    onSuccess: async () => {
      showToast('success', t('shell.info.saved'));
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    },
  });
  if (!data) return null;
  const on = (save.isPending ? save.variables : data.smsTask) === 1;
  const noPhone = Boolean(phoneProblem(data.phone, true));
  return (
    <List>
      <List.Item
        description={t(noPhone ? 'shell.info.smsTaskNoPhone' : 'shell.info.smsTaskHint')}
        extra={
          <Switch
            checked={on}
            loading={save.isPending}
            disabled={noPhone && !on}
            aria-label={t('shell.info.smsTask')}
            onChange={(checked) => save.mutate(checked ? 1 : 0)}
          />
        }
      >
        {t('shell.info.smsTask')}
      </List.Item>
    </List>
  );
}
