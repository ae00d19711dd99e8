import { useState } from 'react';
import { App, Button } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../client/download.ts';
import { ApiFailure } from '../../../client/http.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { usePermission } from '../../permission.ts';
import { ExcelImportDialog } from './ExcelImportDialog.tsx';
import type { CrudContext } from './fields.ts';

/**
 * 导入 / 导出 of an entity whose definition declares `excel`, by the session's `<code>_import` / `<code>_export`:
 * an export downloads what the list's search matches, an import opens the upload dialog and reloads the list after.
 */
export function ExcelButtons({ entity, lang, context }: { entity: EntityDef; lang: Lang; context: CrudContext }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { can } = usePermission();
  const [importing, setImporting] = useState<{ open: boolean }>();
  const { excel } = entity;
  if (!excel) return null;
  const base = `/api/${entity.service}/${entity.name}`;
  const label = entity.label[lang];
  const confirmExport = () => {
    modal.confirm({
      title: t('common.tip'),
      content: t('crud.excel.exportConfirm', { label: lang === 'en' ? label.toLowerCase() : label }),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: () =>
        downloadFile(`${base}/export-${entity.name}`, context.query).catch((error: unknown) => {
          if (!(error instanceof ApiFailure)) void message.error(t('common.networkError'));
        }),
    });
  };
  return (
    <>
      {excel.import && can(`${entity.code}_import`) && (
        <Button icon={<UploadOutlined />} onClick={() => setImporting({ open: true })}>
          {t('crud.excel.import')}
        </Button>
      )}
      {can(`${entity.code}_export`) && (
        <Button icon={<DownloadOutlined />} onClick={confirmExport}>
          {t('crud.excel.export')}
        </Button>
      )}
      {importing && (
        <ExcelImportDialog
          importUrl={`${base}/import-${entity.name}`}
          templateUrl={`${base}/export-template`}
          label={label}
          open={importing.open}
          onClose={() => setImporting({ open: false })}
          afterClose={() => setImporting(undefined)}
          onImported={() => {
            setImporting({ open: false });
            void context.reload();
          }}
        />
      )}
    </>
  );
}
