import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Progress, Upload } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { downloadFile, uploadFile } from '../../../client/download.ts';
import { ApiFailure } from '../../../client/http.ts';

/**
 * What the import dialogs share (the entity's 数据导入 and the books' 导入 of 用友/金蝶): the picked file, the upload
 * with its progress, the refused rows listed in the dialog so that the file can be corrected and sent again, and the
 * template's link.
 */

/** The count the server adds after the rows it lists (`(共25处错误)` after 20): a line of its own. */
const MORE_ERRORS = /\s*(\(共\d+处错误\)|\(\d+ errors in all\))\s*$/;

/**
 * The server names every refused row in one message (`第3行: …; 第5行 科目编码: …`, `Row 3: …` in English): one
 * line each. Only a `;` before the next row's name parts them: a cell quoted in a message may hold one itself
 * (金蝶's 核算项目 `客户---C001; 部门---01`).
 */
export function rowErrors(text: string): string[] {
  const more = MORE_ERRORS.exec(text);
  const rows = (more ? text.slice(0, more.index) : text)
    .split(/;\s*(?=第\d+行|Row \d+)/)
    .map((line) => line.trim())
    .filter(Boolean);
  return more ? [...rows, more[1]] : rows;
}

/**
 * An upload to an import route: its progress in percent while the file goes up (undefined when none runs), and the
 * server's refusal as lines. A 400 is not toasted: its lines stay in the dialog beside the file.
 */
export function useWorkbookUpload<T>(url: string, onImported: (answer: T) => void) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [errors, setErrors] = useState<string[]>([]);
  const [uploaded, setUploaded] = useState<number>();
  const upload = useMutation({
    mutationFn: ({ file, fields }: { file: File; fields: Record<string, string> }) =>
      uploadFile<T>(url, file, fields, setUploaded, [400]),
    onMutate: () => {
      setErrors([]);
      setUploaded(0);
    },
    onSettled: () => setUploaded(undefined),
    onSuccess: onImported,
    onError: (error) => {
      if (error instanceof ApiFailure) setErrors(rowErrors(error.message));
      else void message.error(t('common.networkError'));
    },
  });
  return {
    send: (file: File, fields: Record<string, string>) => upload.mutate({ file, fields }),
    pending: upload.isPending,
    uploaded,
    errors,
    clearErrors: () => setErrors([]),
  };
}

/** The .xlsx to import: one file, kept until removed or replaced (a refused file is corrected and sent again). */
export function WorkbookPicker({ file, onFile }: { file: File | undefined; onFile: (file: File | undefined) => void }) {
  const { t } = useTranslation();
  return (
    <Upload
      accept=".xlsx"
      maxCount={1}
      fileList={file ? [{ uid: 'import', name: file.name, status: 'done' }] : []}
      beforeUpload={(picked) => {
        onFile(picked);
        return false;
      }}
      onRemove={() => onFile(undefined)}
    >
      <Button icon={<UploadOutlined />}>{t('crud.excel.importPick')}</Button>
    </Upload>
  );
}

/** 点击下载: the template's workbook (a failure is toasted by the client). */
export function TemplateLink({ url }: { url: string }) {
  const { t } = useTranslation();
  return (
    <Button type="link" icon={<DownloadOutlined />} onClick={() => void downloadFile(url).catch(() => undefined)}>
      {t('crud.excel.templateLink')}
    </Button>
  );
}

/** The bar and the words under it while an import runs. */
export function ImportProgress({ percent, children }: { percent?: number; children: ReactNode }) {
  return (
    <div className="tenon-import-progress" role="status">
      {percent !== undefined && <Progress percent={percent} status="active" showInfo={false} size="small" />}
      {children}
    </div>
  );
}

/** 导入失败: the refused rows, a line each. */
export function ImportErrorList({ errors }: { errors: string[] }) {
  const { t } = useTranslation();
  if (!errors.length) return null;
  return (
    <Alert
      type="error"
      showIcon
      title={t('crud.excel.importFailed')}
      description={
        <ul
          className="tenon-import-errors"
          style={{ margin: 0, paddingInlineStart: 18, maxHeight: 240, overflow: 'auto' }}
        >
          {errors.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      }
    />
  );
}
