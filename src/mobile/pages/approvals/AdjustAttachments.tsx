import { useMemo, useState } from 'react';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { attachmentFieldsOf, formFieldsOf, isSent } from '../../../client/approval-fields.ts';
import { startRequest, type BusinessKind } from '../../../client/api/flow.ts';
import { filesKey } from '../../../shared/contract/api/attachments.ts';
import { approvalOf } from '../../../shared/entities/approvals.ts';
import { startedVia } from '../../../shared/entities/define.ts';
import { AttachmentsUploader, type UploadedFile } from '../../components/AttachmentsUploader.tsx';
import { Field } from '../../components/Field.tsx';
import type { BusinessRecord } from './business.ts';
import { local } from './business.ts';

type FilesByField = Record<string, UploadedFile[]>;

const idsOf = (files: readonly UploadedFile[] | undefined) => (files ?? []).map((file) => file.id).join(',');

/**
 * The files of a rejected request back with its applicant (调整申请), editable before he resubmits it: a receipt the
 * approver asked for is added, a wrong one removed. `save` writes them (the request updated as the desktop's 调整
 * does, its other fields as they are) when they changed; undefined for a request without attachments fields, or one
 * adjusted on its own screen (an expense claim).
 */
export function useAdjustedAttachments(business: BusinessRecord | null | undefined) {
  const entity = business ? approvalOf(business.kind) : undefined;
  const fields = entity && !startedVia(entity.approval) ? attachmentFieldsOf(entity) : [];
  const record = business?.record;
  const names = fields.map(({ name }) => name).join();
  const saved = useMemo(
    (): FilesByField =>
      Object.fromEntries(
        names
          .split(',')
          .filter(Boolean)
          .map((name) => [name, (record?.[filesKey(name)] as UploadedFile[] | undefined) ?? []]),
      ),
    [names, record],
  );
  const [edited, setEdited] = useState<{ of: unknown; files: FilesByField }>();
  // Edits belong to the record they were made on: a record read again starts from its saved files.
  const files = edited && edited.of === record ? edited.files : saved;
  const setFiles = (name: string, chosen: UploadedFile[]) =>
    setEdited({ of: record, files: { ...files, [name]: chosen } });
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (!entity || !record || !fields.length) return undefined;

  const changed = fields.some(({ name }) => idsOf(files[name]) !== idsOf(saved[name]));
  const save = async () => {
    if (!changed) return;
    const values = Object.fromEntries(
      formFieldsOf(entity)
        .filter(({ field, name }) => isSent(field) && record[name] !== null && record[name] !== undefined)
        .map(({ name }) => [name, record[name]]),
    );
    for (const { name } of fields) values[name] = idsOf(files[name]);
    await startRequest(business!.kind as BusinessKind, {
      ...values,
      id: record.id,
      processDefinitionId: record.processDefinitionId,
      taskUser: record.taskUser,
    });
  };
  const editor = (
    <AdjustFields
      fields={fields.map(({ name, field }) => ({ name, label: local(field.label) }))}
      files={files}
      errors={errors}
      onChange={setFiles}
      onError={(name, message) => setErrors((current) => ({ ...current, [name]: message }))}
      onBusy={(name, value) => setBusy((current) => ({ ...current, [name]: value }))}
    />
  );
  return { editor, save, uploading: Object.values(busy).some(Boolean) };
}

function AdjustFields({
  fields,
  files,
  errors,
  onChange,
  onError,
  onBusy,
}: {
  fields: { name: string; label: string }[];
  files: FilesByField;
  errors: Record<string, string>;
  onChange: (name: string, files: UploadedFile[]) => void;
  onError: (name: string, message: string) => void;
  onBusy: (name: string, busy: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <List mode="card" className="m-form" header={t('mobile.attachments.adjust')}>
      {fields.map(({ name, label }) => (
        <Field key={name} label={label} error={errors[name] || undefined}>
          <AttachmentsUploader
            label={label}
            value={files[name] ?? []}
            onChange={(chosen) => onChange(name, chosen)}
            onError={(message) => onError(name, message)}
            onBusy={(value) => onBusy(name, value)}
          />
        </Field>
      ))}
    </List>
  );
}
