import { useMemo, useState } from 'react';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiFailure, postData } from '../../../client/http.ts';
import { SMS_ENABLE_URL } from '../../../shared/contract/api/resource.ts';
import { sms, SMS_ENABLE, SMS_ENABLED, SMS_TEST } from '../../../shared/entities/resource/sms.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudOptions, WireRecord } from '../../components/crud/fields.ts';
import { SmsTestDialog } from './SmsTestDialog.tsx';

/**
 * /resource/sms (短信配置): the shared list plus 启用 on each row not enabled yet (one enabled per tenant) and 测试发送
 * on every row.
 */
export default function SmsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [testing, setTesting] = useState<WireRecord>();
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
        {
          key: 'test',
          permission: SMS_TEST,
          label: 'crud.sms.testSend',
          onClick: (record) => setTesting(record),
        },
      ],
    }),
    [message, t],
  );
  return (
    <>
      <CrudPage entity={sms} options={options} />
      {testing && <SmsTestDialog config={testing} onClose={() => setTesting(undefined)} />}
    </>
  );
}
