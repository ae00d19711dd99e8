import type { TreeNode } from '../../../shared/contract/tree.ts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchBizDictionary, fetchDictionary } from '../../../client/api/system.ts';
import { isDictionaryField, itemLabel } from '../../../shared/entities/dict-items.ts';
import { getData, postData, type Page } from '../../../client/http.ts';
import type { EntityDef, FieldDef } from '../../../shared/entities/define.ts';
import { REF_TARGETS } from '../../../shared/entities/ref-targets.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import type { WireRecord } from './fields.ts';
import {
  DEPT_BUSINESS_UNIT_SELECT_URL,
  DEPT_COMPANY_SELECT_URL,
  MENU_GRANT_TREE_URL,
} from '../../../shared/contract/api/system.ts';

/** The entity engine's routes (contract README §6): list, detail, submit (no id = insert), remove?ids=. */
export function entityApi(entity: EntityDef) {
  const base = `/api/${entity.service}/${entity.name}`;
  return {
    list: (params: Record<string, string | number>) => getData<Page<WireRecord>>(`${base}/list`, params),
    /** Another read route of the entity (`lazy-list`, `parent-list`, `child-list`, a tree's unpaged `list`). */
    rows: <T>(action: string, params: Record<string, string | number>) => getData<T>(`${base}/${action}`, params),
    detail: (id: string) => getData<WireRecord>(`${base}/detail`, { id }),
    submit: (body: Record<string, unknown>) => postData<WireRecord>(`${base}/submit`, body),
    /** A declared partial edit (`edits`), by its route name. */
    edit: (name: string, body: Record<string, unknown>) => postData<WireRecord>(`${base}/${name}`, body),
    remove: (ids: string[]) => postData<null>(`${base}/remove`, undefined, { ids: ids.join(',') }),
  };
}

/**
 * What a form fills from the row a reference field points at (`fillFrom`): its picker option by the stored value
 * (`picker?ids=`: the id, or the `refKey` of an account), which carries the fields referencing forms fill from, and
 * which a screen's role reads without the target's own menu (REF_TARGETS, derived from the definitions, which travel in
 * their own chunk).
 */
export async function referencedRow(field: FieldDef, id: string): Promise<WireRecord> {
  const target = REF_TARGETS[field.ref ?? ''];
  if (!target) throw new Error(`no reference target ${field.ref}`);
  const page = await getData<{ records: WireRecord[] }>(`/api/${target.service}/${field.ref}/picker`, { ids: id });
  if (!page.records[0]) throw new Error(`no ${field.ref} ${id}`);
  return page.records[0];
}

/** Query keys of one entity's screen; a save or delete invalidates them all. */
export const crudKey = (entity: EntityDef) => [DESKTOP_KEY, 'crud', entity.service, entity.name] as const;

export interface Option {
  value: string | number;
  label: string;
}

/** The items of a dictionary field's dictionary (the platform's, or the tenant's business dictionary). */
export const dictionaryQuery = (field: FieldDef) =>
  queryOptions({
    queryKey: [DESKTOP_KEY, field.bizDict ? 'biz-dictionary' : 'dictionary', field.bizDict ?? field.dict],
    queryFn: () => (field.bizDict ? fetchBizDictionary(field.bizDict) : fetchDictionary(field.dict ?? '')),
    staleTime: 5 * 60_000,
  });

/**
 * Options of a dictionary field (labelled in `lang`); keys become numbers for int fields so they match the record's
 * values.
 */
export function useDictionaryOptions(field: FieldDef, lang: Lang): Option[] {
  const { data } = useQuery({ ...dictionaryQuery(field), enabled: isDictionaryField(field) });
  const numeric = field.type === 'int' || field.type === 'switch';
  return (data ?? []).map((item) => ({
    value: numeric ? Number(item.dictKey) : item.dictKey,
    label: field.bizDict ? itemLabel(item, lang) : item.dictValue,
  }));
}

/** The caller's tenant's companies (`dept/company-select`): what an `orgId` holds and shows. */
export const companiesQuery = queryOptions({
  queryKey: [DESKTOP_KEY, 'companies'],
  queryFn: () => getData<Option[]>(DEPT_COMPANY_SELECT_URL),
  staleTime: 5 * 60_000,
});
export const useCompanyOptions = () => useQuery(companiesQuery);

/** The caller's tenant's business units (`dept/business-unit-select`): what a `businessUnit` field holds and shows. */
export const businessUnitsQuery = queryOptions({
  queryKey: [DESKTOP_KEY, 'business-units'],
  queryFn: () => getData<Option[]>(DEPT_BUSINESS_UNIT_SELECT_URL),
  staleTime: 5 * 60_000,
});
export const useBusinessUnitOptions = () => useQuery(businessUnitsQuery);

/** A node of `menu/grant-tree` (contract system.md §4). */
export type GrantTreeNode = TreeNode;

export interface MenuTreeOption {
  value: string;
  title: string;
  key: string;
  disabled?: boolean;
  children?: MenuTreeOption[];
}

/** TreeSelect data in the current language; `disabledUnder` marks a node and its subtree unselectable. */
const localise = (nodes: GrantTreeNode[], lang: Lang, disabledUnder?: string, inside = false): MenuTreeOption[] =>
  nodes.map((node) => {
    const disabled = inside || (disabledUnder !== undefined && node.id === disabledUnder);
    return {
      value: node.value || node.id,
      key: node.key || node.id,
      title: lang === 'en' && node.titleEn ? node.titleEn : node.title,
      ...(disabled ? { disabled } : {}),
      ...(node.children?.length ? { children: localise(node.children, lang, disabledUnder, disabled) } : {}),
    };
  });

/** The menus the caller may grant, as TreeSelect data in the current language. */
export function useMenuTree(lang: Lang) {
  return useQuery({
    queryKey: [DESKTOP_KEY, 'grant-tree'],
    queryFn: () => getData<{ menu: GrantTreeNode[] }>(MENU_GRANT_TREE_URL),
    staleTime: 60_000,
    select: (data) => localise(data.menu ?? [], lang),
  });
}

/**
 * A tree entity's parent picker (`GET <entity>/tree`) as TreeSelect data; the row being edited and its subtree
 * cannot be chosen (the server refuses such a move).
 */
export function useParentTree(url: string, lang: Lang, self?: string) {
  return useQuery({
    queryKey: [DESKTOP_KEY, 'parent-tree', url],
    queryFn: () => getData<TreeNode[]>(url),
    staleTime: 30_000,
    select: (nodes) => localise(nodes ?? [], lang, self),
  });
}
