import { useMemo, useState } from 'react';
import { App } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure, getData, postData } from '../../../client/http.ts';
import { downloadFile } from '../../../client/download.ts';
import {
  CODE_COPY_URL,
  CODE_DEV_MODE_URL,
  CODE_DOWNLOAD_URL,
  CODE_GEN_URL,
} from '../../../shared/contract/api/develop.ts';
import { code } from '../../../shared/entities/develop/code.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudContext, CrudOptions, WireRecord } from '../../components/crud/fields.ts';
import { CodePreviewDialog } from './CodePreviewDialog.tsx';

/**
 * /tool/code (代码生成): the shared list of code rows (which model becomes which module, with what template) plus, on
 * each row, 预览 (the generated files, highlighted), 下载 (a zip), 复制 and, when the server runs in development mode,
 * 生成 (written into its working tree).
 */
export default function CodePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [previewing, setPreviewing] = useState<WireRecord>();
  const devMode = useQuery({
    queryKey: [CODE_DEV_MODE_URL],
    queryFn: () => getData<{ write: boolean }>(CODE_DEV_MODE_URL),
  });
  const writes = devMode.data?.write === true;
  const options = useMemo<CrudOptions>(() => {
    const done = (run: Promise<unknown>, context?: CrudContext) =>
      run
        .then(async () => {
          void message.success(t('common.operationSuccess'));
          await context?.reload();
        })
        .catch((error: unknown) => {
          if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
        });
    return {
      rowActions: [
        { key: 'preview', label: 'crud.code.preview', onClick: (record) => setPreviewing(record) },
        {
          key: 'download',
          label: 'crud.code.download',
          onClick: (record) => void done(downloadFile(CODE_DOWNLOAD_URL, { ids: record.id })),
        },
        {
          key: 'copy',
          label: 'crud.code.copy',
          onClick: (record, context) => void done(postData(CODE_COPY_URL, undefined, { id: record.id }), context),
        },
        {
          key: 'generate',
          label: 'crud.code.generate',
          visible: () => writes,
          onClick: (record) => void done(postData(CODE_GEN_URL, undefined, { ids: record.id })),
        },
      ],
    };
  }, [message, t, writes]);
  return (
    <>
      <CrudPage entity={code} options={options} />
      {previewing && <CodePreviewDialog row={previewing} onClose={() => setPreviewing(undefined)} />}
    </>
  );
}
