import { attach } from '../../../shared/entities/resource/attach.ts';
import { CrudPage } from '../../components/crud/CrudPage.tsx';
import type { CrudOptions } from '../../components/crud/fields.ts';
import { FileUploader } from '../../components/upload/FileUploader.tsx';
import { usePermission } from '../../permission.ts';

/** 附件管理: the attachment list with the uploader above it; 下载 opens the file's link, 删除 removes the object too. */
export default function AttachPage() {
  const { can } = usePermission();
  const options: CrudOptions = {
    hideView: true,
    above: (context) => (can(`${attach.code}_add`) ? <FileUploader onUploaded={() => void context.reload()} /> : null),
    rowActions: [
      {
        key: 'download',
        label: 'resource.download',
        onClick: (record) => window.open(String(record.link), '_blank', 'noopener'),
      },
    ],
  };
  return <CrudPage entity={attach} options={options} />;
}
