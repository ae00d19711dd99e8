import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { postData } from '../../../client/http.ts';
import { OSS_ENABLE_URL } from '../../../shared/contract/api/resource.ts';
import { OSS_ENABLE, OSS_STATUS, oss } from '../../../shared/entities/resource/oss.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudOptions } from '../../components/crud/fields.ts';

/** 对象存储: the shared page over the configs with 启用 on each disabled row (the secret key is write-only). */
export default function OssPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const options: CrudOptions = {
    rowActions: [
      {
        key: 'enable',
        permission: OSS_ENABLE,
        label: 'resource.enable',
        visible: (record) => Number(record.status) !== OSS_STATUS.enabled,
        onClick: (record, context) =>
          modal.confirm({
            title: t('resource.enable'),
            content: t('resource.enableConfirm'),
            onOk: async () => {
              await postData<null>(OSS_ENABLE_URL, undefined, { id: record.id });
              void message.success(t('resource.enabled'));
              await context.reload();
            },
          }),
      },
    ],
  };
  return <CrudPage entity={oss} options={options} />;
}
