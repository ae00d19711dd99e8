import { useMemo } from 'react';
import { Select, TreeSelect } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getData } from '../../client/http.ts';
import type { TreeNode } from '../../shared/contract/tree.ts';
import type { FieldDef } from '../../shared/entities/define.ts';
import type { Lang } from '../../shared/i18n/server-messages.ts';
import { DESKTOP_KEY } from '../queries.ts';

/** Form controls picking rows of another entity (the user's roles, depts and posts), by the field's `control`. */
export type ReferenceControl = 'role-tree' | 'dept-tree' | 'post-select';

const TREES: Record<Exclude<ReferenceControl, 'post-select'>, string> = {
  'role-tree': '/api/blade-system/role/tree',
  'dept-tree': '/api/blade-system/dept/tree',
};

export const isReferenceControl = (field: FieldDef): field is FieldDef & { control: ReferenceControl } =>
  field.control === 'role-tree' || field.control === 'dept-tree' || field.control === 'post-select';

interface PickerOption { value: string; title: string; children?: PickerOption[] }

const treeOptions = (nodes: TreeNode[], lang: Lang): PickerOption[] => nodes.map((node) => ({
  value: node.value || node.id,
  title: lang === 'en' && node.titleEn ? node.titleEn : node.title,
  ...(node.children?.length ? { children: treeOptions(node.children, lang) } : {}),
}));

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
  (typeof value === 'string' ? value.split(',').map((id) => id.trim()).filter(Boolean) : []);

/**
 * A role or dept tree (each node picked on its own: a parent does not bring its children) or the post list. The
 * control keeps the wire value: ids in, comma-joined ids out for an `ids` field, one id for an `id` field.
 */
export function ReferencePicker({ field, lang, value, onChange, ...rest }: Props) {
  const { t } = useTranslation();
  const control = field.control as ReferenceControl;
  const multiple = field.type === 'ids';
  const tree = control === 'post-select' ? undefined : TREES[control];
  const nodes = useQuery({
    queryKey: [DESKTOP_KEY, 'reference', control],
    queryFn: async (): Promise<TreeNode[]> => {
      if (tree) return getData<TreeNode[]>(tree);
      const posts = await getData<{ id: string; postName: string }[]>('/api/blade-system/post/select');
      return posts.map((post) => ({ id: post.id, parentId: '0', title: post.postName, key: post.id, value: post.id, hasChildren: false }));
    },
    staleTime: 60_000,
  });
  const options = useMemo(() => (nodes.data ? treeOptions(nodes.data, lang) : undefined), [nodes.data, lang]);
  const ids = idsOf(value);
  // Until the options are there, ids name nothing: show nothing rather than bare ids.
  const shown = options ? (multiple ? ids : ids[0]) : undefined;
  const change = (next: string | string[] | undefined) =>
    onChange?.(Array.isArray(next) ? next.join(',') : next ?? '');
  const common = {
    ...rest,
    value: shown,
    onChange: change,
    loading: nodes.isPending,
    allowClear: true,
    placeholder: rest.disabled ? '' : t('crud.select', { label: field.label[lang] }),
  };
  if (!tree) {
    return (
      <Select<string | string[]>
        {...common}
        mode={multiple ? 'multiple' : undefined}
        options={(options ?? []).map((option) => ({ value: option.value, label: option.title }))}
        showSearch={{ optionFilterProp: 'label' }}
        maxTagCount="responsive"
      />
    );
  }
  return (
    <TreeSelect<string | string[]>
      {...common}
      treeData={options ?? []}
      multiple={multiple}
      treeDefaultExpandAll
      maxTagCount="responsive"
      showSearch={{ treeNodeFilterProp: 'title' }}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
    />
  );
}
