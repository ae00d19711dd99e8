import { useMemo } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiFailure, postData } from '../../../client/http.ts';
import { SMS_ENABLE_URL } from '../../../shared/contract/api/resource.ts';
import { sms, SMS_ENABLE, SMS_ENABLED } from '../../../shared/entities/resource/sms.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudOptions } from '../../components/crud/fields.ts';

/** /resource/sms (短信配置): the shared list plus 启用 on each row not enabled yet (one enabled per tenant). */
export default function SmsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const options = useMemo<CrudOptions>(
    () => ({
      rowActions: [
        {
          key: 'enable',
          permission: SMS_ENABLE,
          label: 'crud.sms.enable',
          visible: (record) => record.status !== SMS_ENABLED,
          onClick: (record, context) => {
            postData<null>(SMS_ENABLE_URL, undefined, { id: record.id })
              .then(async () => {
                void message.success(t('common.operationSuccess'));
                await context.reload();
              })
              .catch((error: unknown) => {
                if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
              });
          },
        },
      ],
    }),
    [message, t],
  );
  return <CrudPage entity={sms} options={options} />;
}
