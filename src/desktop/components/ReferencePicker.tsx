import { useMemo, useState } from 'react';
import { Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../client/http.ts';
import type { TreeNode } from '../../shared/contract/tree.ts';
import type { FieldDef } from '../../shared/entities/define.ts';
import type { Lang } from '../../shared/i18n/server-messages.ts';
import { DESKTOP_KEY } from '../queries.ts';
import {
  isReference,
  referenceSearchQuery,
  referenceTarget,
  referenceTreeQuery,
  type PickerPage,
} from './reference-queries.ts';

export { isReference };

interface PickerOption {
  value: string;
  title: string;
  /** Shown to find the way, not picked (an account with sub-accounts). */
  selectable?: false;
  children?: PickerOption[];
}

/** `coded`: the nodes' values are codes people know (an account's 6602), shown before the names and found by. */
const treeOptions = (nodes: TreeNode[], lang: Lang, coded: boolean): PickerOption[] =>
  nodes.map((node) => {
    const name = lang === 'en' && node.titleEn ? node.titleEn : node.title;
    return {
      value: node.value || node.id,
      title: coded ? `${node.value} ${name}` : name,
      ...(node.disabled ? { selectable: false as const } : {}),
      ...(node.children?.length ? { children: treeOptions(node.children, lang, coded) } : {}),
    };
  });

interface Props {
  field: FieldDef;
  lang: Lang;
  disabled?: boolean;
  /** The wire value: an id, or comma-joined ids for an `ids` field. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  onBlur?: () => void;
  id?: string;
}

const idsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((id) => id.trim())
        .filter(Boolean)
    : [];

/**
 * The picker of the entity a field's `ref` names: its tree for a tree entity (each node picked on its own: a parent
 * does not bring its children), else a select searching the entity's `picker` on the server. The control keeps the
 * wire value: comma-joined ids for an `ids` field, one id for an `id` field.
 */
export function ReferencePicker({ field, lang, value, onChange, ...rest }: Props) {
  const { t } = useTranslation();
  const target = referenceTarget(field);
  const base = target.base;
  const multiple = field.type === 'ids';
  const ids = idsOf(value);
  const change = (next: string | string[] | undefined) =>
    onChange?.(Array.isArray(next) ? next.join(',') : (next ?? ''));
  const placeholder = rest.disabled ? '' : t('crud.select', { label: field.label[lang] });
  if (!target.tree)
    return (
      <SearchSelect {...rest} base={base} multiple={multiple} ids={ids} onChange={change} placeholder={placeholder} />
    );
  return (
    <TreePicker
      {...rest}
      base={base}
      lang={lang}
      coded={Boolean(target.refKey)}
      multiple={multiple}
      ids={ids}
      onChange={change}
      placeholder={placeholder}
    />
  );
}

interface ControlProps {
  base: string;
  multiple: boolean;
  ids: string[];
  onChange: (next: string | string[] | undefined) => void;
  placeholder: string;
  disabled?: boolean;
  onBlur?: () => void;
  id?: string;
}

function TreePicker({ base, lang, coded, multiple, ids, ...rest }: ControlProps & { lang: Lang; coded: boolean }) {
  const nodes = useQuery(referenceTreeQuery(base));
  const options = useMemo(
    () => (nodes.data ? treeOptions(nodes.data, lang, coded) : undefined),
    [nodes.data, lang, coded],
  );
  return (
    <TreeSelect<string | string[]>
      {...rest}
      // Until the options are there, ids name nothing: show nothing rather than bare ids.
      value={options ? (multiple ? ids : ids[0]) : undefined}
      loading={nodes.isPending}
      allowClear
      treeData={options ?? []}
      multiple={multiple}
      treeDefaultExpandAll
      maxTagCount="responsive"
      showSearch={{ treeNodeFilterProp: 'title' }}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}

function SearchSelect({ base, multiple, ids, ...rest }: ControlProps) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery(referenceSearchQuery(base, keyword));
  // The chosen rows may be on no page of the search: their names come by id.
  const chosen = useQuery({
    queryKey: [DESKTOP_KEY, 'reference', base, 'ids', ids.join(',')],
    queryFn: () => getData<PickerPage>(`${base}/picker`, { ids: ids.join(',') }),
    enabled: ids.length > 0,
    staleTime: 60_000,
  });
  const options = useMemo(() => {
    const byId = new Map<string, string>();
    for (const r of [...(chosen.data?.records ?? []), ...(found.data?.records ?? [])]) byId.set(r.id, r.title);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [found.data, chosen.data]);
  const ready = ids.length === 0 || chosen.data !== undefined;
  return (
    <Select<string | string[]>
      {...rest}
      value={ready ? (multiple ? ids : ids[0]) : undefined}
      loading={found.isPending}
      allowClear
      mode={multiple ? 'multiple' : undefined}
      options={options}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      maxTagCount="responsive"
    />
  );
}
