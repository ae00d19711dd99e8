import { queryOptions } from '@tanstack/react-query';
import { getData } from '../../client/http.ts';
import type { TreeNode } from '../../shared/contract/tree.ts';
import type { FieldDef } from '../../shared/entities/define.ts';
import { REF_TARGETS, type RefTarget } from '../../shared/entities/ref-targets.ts';
import { DESKTOP_KEY } from '../queries.ts';

/**
 * What a reference picker reads, apart from its control (ReferencePicker.tsx, in the CRUD blocks' chunk): a screen
 * about to open asks for the same options while its code loads.
 */

/** A field that points at another entity's rows: its form control is that entity's picker. */
export const isReference = (field: FieldDef): field is FieldDef & { ref: string } => Boolean(field.ref);

export const referenceTarget = (field: FieldDef): RefTarget & { name: string; base: string } => {
  const name = field.ref ?? '';
  const target = Object.hasOwn(REF_TARGETS, name) ? { ...REF_TARGETS[name], name } : undefined;
  if (!target) throw new Error(`no entity named '${field.ref}'`);
  return { ...target, base: `/api/${target.service}/${name}` };
};

export interface PickerPage {
  records: Array<{ id: string; title: string }>;
}

/** A tree entity's whole tree (`<entity>/tree`). */
export const referenceTreeQuery = (base: string) =>
  queryOptions({
    queryKey: [DESKTOP_KEY, 'reference', base],
    queryFn: () => getData<TreeNode[]>(`${base}/tree`),
    staleTime: 60_000,
  });

/** The first 50 rows of a flat entity's picker matching `keyword` (none: the picker's first page). */
export const referenceSearchQuery = (base: string, keyword: string) =>
  queryOptions({
    queryKey: [DESKTOP_KEY, 'reference', base, keyword],
    queryFn: () => getData<PickerPage>(`${base}/picker`, { keyword, current: 1, size: 50 }),
    staleTime: 60_000,
  });

/** What a reference field's picker shows first: the tree, or the picker's first page. */
export const referenceFirstQuery = (field: FieldDef) => {
  const target = referenceTarget(field);
  return target.tree ? referenceTreeQuery(target.base) : referenceSearchQuery(target.base, '');
};
