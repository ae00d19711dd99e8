import { Alert, Card, Descriptions, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchUserDetail } from '../../client/auth.ts';
import { DESKTOP_KEY } from '../queries.ts';

/** The user's own record, read-only: the profile editor comes with system administration. */
export default function InfoPage() {
  const { t } = useTranslation();
  const { data, isPending } = useQuery({ queryKey: [DESKTOP_KEY, 'user-info'], queryFn: fetchUserDetail });
  return (
    <Card title={t('shell.route.info')}>
      <Alert type="info" showIcon title={t('shell.info.readOnly')} className="tenon-info-note" />
      {isPending ? <Skeleton active /> : data && (
        <Descriptions
          bordered
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'account', label: t('shell.info.account'), children: data.account },
            { key: 'userName', label: t('shell.info.userName'), children: data.userName },
            { key: 'realName', label: t('shell.info.realName'), children: data.realName },
            { key: 'tenantId', label: t('shell.info.tenantId'), children: data.tenantId },
            { key: 'roleName', label: t('shell.info.roles'), children: data.roles.join(', ') || data.roleName },
            { key: 'userId', label: t('shell.info.userId'), children: data.userId },
            { key: 'deptId', label: t('shell.info.deptId'), children: data.deptId },
            { key: 'postId', label: t('shell.info.postId'), children: data.postId },
            { key: 'permissions', label: t('shell.info.permissions'), children: data.permissions.length, span: 'filled' },
          ]}
        />
      )}
    </Card>
  );
}
