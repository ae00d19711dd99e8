import { useEffect, useMemo, useState } from 'react';
import { WarningOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Checkbox,
  Empty,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Table,
  theme,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DEFINITIONS } from '../../../shared/entities/catalog.ts';
import { displayField } from '../../../shared/entities/define.ts';
import type { PrototypeDraft } from '../../../shared/contract/api/develop.schemas.ts';
import {
  MODEL_COMPONENTS,
  MODEL_FIELD_TYPES,
  MODEL_QUERY_TYPES,
} from '../../../shared/entities/develop/model-prototype.ts';
import { modelApi, modelKeys } from './model-api.ts';

type Flag = 'isList' | 'isForm' | 'isQuery' | 'isRequired' | 'isUnique';
type Text = 'comment' | 'commentEn' | 'propertyName';
type Picked = 'dictCode' | 'refEntity';
type Choice = 'fieldType' | 'componentType' | 'queryType';

const FLAGS: Flag[] = ['isList', 'isForm', 'isQuery', 'isRequired', 'isUnique'];
const CHOICES: Record<Choice, readonly string[]> = {
  fieldType: MODEL_FIELD_TYPES,
  componentType: MODEL_COMPONENTS,
  queryType: MODEL_QUERY_TYPES,
};
const options = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

/** The entities a field may reference: those with a display field (what a picker shows of a row). */
const REFERABLE = DEFINITIONS.filter((entity) => displayField(entity))
  .map((entity) => ({ value: entity.name, label: `${entity.name} ${entity.label.zh}` }))
  .toSorted((a, b) => a.value.localeCompare(b.value));

interface Props {
  model: { id: string; modelName: string };
  onClose: () => void;
}

/**
 * 设计 of one data model: its field rows as a grid (the catalog's column and type read-only, the rest edited in
 * place), 从数据表载入 replacing them with what the table says, 保存 sending them all (`submit-list`: all or none).
 * A model without saved fields starts from its table.
 */
export function ModelDesignDialog({ model, onClose }: Props) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const [rows, setRows] = useState<PrototypeDraft[] | null>(null);
  const saved = useQuery({
    queryKey: modelKeys.fields(model.id),
    queryFn: async () => {
      const found = await modelApi.saved(model.id);
      return found.length ? found : modelApi.draft(model.id);
    },
    gcTime: 0,
    retry: false,
  });
  useEffect(() => {
    if (saved.data) setRows(saved.data);
  }, [saved.data]);

  // The catalog's word on source types it does not know (`geometry → string`), by column.
  const table = useQuery({
    queryKey: modelKeys.notes(model.id),
    queryFn: () => modelApi.table(model.id),
    gcTime: 0,
    retry: false,
  });
  const notes = useMemo(
    () => new Map((table.data?.fields ?? []).filter((f) => f.note).map((f) => [f.name, f.note])),
    [table.data],
  );
  const dictionaries = useQuery({
    queryKey: modelKeys.dictionaries,
    queryFn: modelApi.dictionaries,
    staleTime: 60_000,
  });
  const liveReferable = useQuery({
    queryKey: modelKeys.liveReferable,
    queryFn: modelApi.liveReferable,
    staleTime: 60_000,
  });
  const picks: Record<Picked, { value: string; label: string }[]> = {
    dictCode: (dictionaries.data ?? []).map((d) => ({ value: d.code, label: `${d.code} ${d.dictValue}` })),
    // The live models published so far come after the console's own entities.
    refEntity: [...REFERABLE, ...(liveReferable.data ?? [])],
  };

  const load = useMutation({ mutationFn: () => modelApi.draft(model.id), onSuccess: setRows });
  const save = useMutation({
    mutationFn: (list: PrototypeDraft[]) => modelApi.save(list),
    onSuccess: async () => {
      void message.success(t('developModel.saved'));
      setRows(await modelApi.saved(model.id));
    },
  });
  const reload = () => {
    if (!rows?.length) return load.mutate();
    modal.confirm({ title: t('developModel.load'), content: t('developModel.loadConfirm'), onOk: () => load.mutate() });
  };
  const change = (index: number, patch: Partial<PrototypeDraft>) =>
    setRows((current) => current && current.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const label = (key: string) => t(`developModel.columns.${key}`);
  const aria = (key: string, row: PrototypeDraft) => `${label(key)} ${row.jdbcName}`;

  const text = (key: Text, width: number) => ({
    key,
    title: label(key),
    width,
    render: (_: unknown, row: PrototypeDraft, index: number) => (
      <Input
        size="small"
        aria-label={aria(key, row)}
        value={row[key]}
        onChange={(e) => change(index, { [key]: e.target.value })}
      />
    ),
  });
  const choice = (key: Choice, width: number) => ({
    key,
    title: label(key),
    width,
    render: (_: unknown, row: PrototypeDraft, index: number) => (
      <Select
        size="small"
        aria-label={aria(key, row)}
        style={{ width: '100%' }}
        value={row[key]}
        options={options(CHOICES[key])}
        onChange={(value: string) => change(index, { [key]: value })}
      />
    ),
  });
  // A pick among the platform dictionaries or the referable entities; a saved value that is not (or no longer) one
  // of them still shows, as itself.
  const picked = (key: Picked, width: number, placeholder: string) => ({
    key,
    title: label(key),
    width,
    render: (_: unknown, row: PrototypeDraft, index: number) => {
      const value = row[key];
      const list = picks[key];
      return (
        <Select
          size="small"
          aria-label={aria(key, row)}
          style={{ width: '100%' }}
          showSearch
          allowClear
          placeholder={t(placeholder)}
          popupMatchSelectWidth={false}
          value={value || undefined}
          options={value && !list.some((o) => o.value === value) ? [{ value, label: value }, ...list] : list}
          optionFilterProp="label"
          onChange={(next?: string) => change(index, { [key]: next ?? '' })}
        />
      );
    },
  });
  const flag = (key: Flag) => ({
    key,
    title: label(key),
    width: 56,
    align: 'center' as const,
    render: (_: unknown, row: PrototypeDraft, index: number) => (
      <Checkbox
        aria-label={aria(key, row)}
        checked={Boolean(row[key])}
        onChange={(e) => change(index, { [key]: e.target.checked ? 1 : 0 })}
      />
    ),
  });
  const columns: TableColumnsType<PrototypeDraft> = [
    { key: 'jdbcName', title: label('jdbcName'), dataIndex: 'jdbcName', width: 130, fixed: 'left', ellipsis: true },
    {
      key: 'jdbcType',
      title: label('jdbcType'),
      width: 130,
      render: (_: unknown, row: PrototypeDraft) => {
        const note = notes.get(row.jdbcName);
        return (
          <Space size={4}>
            <span>{row.jdbcType}</span>
            {note && (
              <Tooltip title={t('developModel.typeNote', { note })}>
                <WarningOutlined
                  aria-label={`${t('developModel.typeNote', { note })} ${row.jdbcName}`}
                  style={{ color: token.colorWarning }}
                />
              </Tooltip>
            )}
          </Space>
        );
      },
    },
    text('comment', 140),
    text('commentEn', 140),
    text('propertyName', 130),
    choice('fieldType', 100),
    {
      key: 'maxLength',
      title: label('maxLength'),
      width: 80,
      render: (_: unknown, row: PrototypeDraft, index: number) => (
        <InputNumber
          size="small"
          min={1}
          aria-label={aria('maxLength', row)}
          value={row.maxLength}
          disabled={row.fieldType !== 'string'}
          onChange={(value) => change(index, { maxLength: value ?? null })}
        />
      ),
    },
    ...FLAGS.map(flag),
    choice('componentType', 110),
    picked('dictCode', 150, 'developModel.dictPlaceholder'),
    choice('queryType', 90),
    picked('refEntity', 150, 'developModel.refPlaceholder'),
  ];

  return (
    <Modal
      open
      width={1240}
      title={t('developModel.designTitle', { name: model.modelName })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={reload} loading={load.isPending}>
            {t('developModel.load')}
          </Button>
          <Button type="primary" disabled={!rows} loading={save.isPending} onClick={() => rows && save.mutate(rows)}>
            {t('developModel.save')}
          </Button>
        </Space>
      }
    >
      <Table<PrototypeDraft>
        size="small"
        rowKey="jdbcName"
        loading={saved.isPending || load.isPending}
        columns={columns}
        dataSource={rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content', y: 520 }}
        locale={{ emptyText: <Empty description={t('developModel.empty')} /> }}
      />
    </Modal>
  );
}
