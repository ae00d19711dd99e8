import { Alert, Form, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { modelApi, modelKeys } from './model-api.ts';

interface PickerProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
}

/** The model form's 数据源: a stored data source, or none (本库: the console's own database). */
export function DatasourcePicker({ value, onChange, disabled }: PickerProps) {
  const { t } = useTranslation();
  const sources = useQuery({ queryKey: modelKeys.sources, queryFn: modelApi.sources });
  return (
    <Select
      allowClear
      disabled={disabled}
      value={value || undefined}
      onChange={(next?: string) => onChange?.(next ?? null)}
      loading={sources.isPending}
      placeholder={t('developModel.ownDatabase')}
      options={(sources.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
    />
  );
}

/**
 * The model form's 模型表名: a table of the chosen source, read from its catalog. Picking one names the model after
 * the table's comment and codes it after the table, where the form has neither yet.
 */
export function TablePicker({ value, onChange, disabled }: PickerProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const datasourceId = String(Form.useWatch('datasourceId', form) ?? '');
  const tables = useQuery({
    queryKey: modelKeys.tables(datasourceId),
    queryFn: () => modelApi.tables(datasourceId),
    enabled: !disabled,
    retry: false,
  });
  const pick = (name?: string) => {
    onChange?.(name ?? null);
    const table = tables.data?.find((row) => row.name === name);
    if (!table) return;
    if (!form.getFieldValue('modelName')) form.setFieldValue('modelName', (table.comment || table.name).slice(0, 50));
    if (!form.getFieldValue('modelCode')) form.setFieldValue('modelCode', codeOf(table.name));
  };
  return (
    <>
      <Select
        showSearch
        allowClear
        disabled={disabled}
        value={value || undefined}
        onChange={pick}
        loading={tables.isFetching}
        placeholder={t('developModel.tablePlaceholder')}
        options={(tables.data ?? []).map((row) => ({
          value: row.name,
          label: row.comment ? `${row.name}（${row.comment}）` : row.name,
        }))}
      />
      {tables.isError && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          title={`${t('developModel.tablesFailed')}: ${tables.error.message}`}
        />
      )}
    </>
  );
}

/** A model code from a table name (the model's rule: a lowercase letter, then lowercase letters and digits). */
function codeOf(table: string): string {
  const letters = table
    .toLowerCase()
    .replace(/^(blade|erp|sys|t)_/, '')
    .replace(/[^a-z0-9]/g, '');
  const code = /^[a-z]/.test(letters) ? letters : `m${letters}`;
  return code.length >= 2 ? code.slice(0, 32) : `model${code}`;
}
