import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { API_LOG_TYPE, apiLog } from '../../../shared/entities/log/api-log.ts';
import { CallChanges } from '../../components/audit/ChangeRecords.tsx';
import { CrudPage } from '../../components/crud/CrudPage.tsx';

/**
 * /monitor/log/api (接口日志): the shared page over the API log (filters: time, account, URI, IP, tenant), its type
 * as a tag, and a row's detail with what the call changed (its change records).
 */
export default function ApiLogPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  return (
    <CrudPage
      entity={apiLog}
      options={{
        openOnDoubleClick: true,
        dialogWidth: 900,
        cells: {
          type: (record) =>
            String(record.type) === API_LOG_TYPE.exception ? (
              <Tag color="error">{t('log.audit.exception')}</Tag>
            ) : (
              <Tag color="success">{t('log.audit.normal')}</Tag>
            ),
        },
        dialogExtra: (_form, _mode, id) => (id ? <CallChanges apiLogId={id} lang={lang} /> : null),
      }}
    />
  );
}
