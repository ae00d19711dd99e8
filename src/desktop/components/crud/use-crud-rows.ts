import { useEffect, useState } from 'react';
import { keepPreviousData, queryOptions, useQueries, useQuery } from '@tanstack/react-query';
import { keepList, lastList } from '../../../client/offline-lists.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { ApiFailure, type Page } from '../../../client/http.ts';
import type { EntityDef } from '../../../shared/entities/define.ts';
import { crudKey, entityApi } from './crud-api.ts';
import type { CrudOptions, WireRecord } from './fields.ts';

type Query = Record<string, string | number>;

/** Spec §9: page sizes 10/30/50/100/200, default 10, from page 1. */
export const PAGE_SIZES = [10, 30, 50, 100, 200];

/** How a screen lists its rows: pages of a flat list, the whole tree at once, or the tree one level at a time. */
export type ListMode = 'paged' | 'tree' | 'lazy';

export function listModeOf(entity: EntityDef, options: CrudOptions): ListMode {
  const paged = options.source ? options.source.paged : !entity.tree;
  if (paged) return 'paged';
  return entity.tree && options.lazy ? 'lazy' : 'tree';
}

interface Params {
  mode: ListMode;
  /** The list route (`list`, or the screen's `source`). */
  action: string;
  query: Query;
  fixed?: Query;
  page: { current: number; size: number };
}

export interface CrudRows {
  rows: WireRecord[];
  /** Rows of the paged list in total; undefined until the first page arrives. */
  page?: Page<WireRecord>;
  fetching: boolean;
  /** The server refused this search (a 400 with its message, already toasted). */
  refused: boolean;
  /** The rows shown are this search's own answer (not the previous search's, kept while it loads). */
  answered: boolean;
  /** Offline (or the server out of reach): the rows are the ones this list last loaded, kept in the browser. */
  offline: boolean;
  /** Tree modes: the expanded rows (a lazy tree loads a row's children when it is expanded). */
  expanded: string[];
  setExpanded: (keys: string[]) => void;
}

type Node = WireRecord & { hasChildren?: boolean; children?: Node[] };

/** The server answered with a refusal (its message already shown): asking again gets the same answer. */
const retryUnlessAnswered = (failures: number, error: unknown) => !(error instanceof ApiFailure) && failures < 1;

/** One page of a paged list. */
export function pageQuery(entity: EntityDef, { action, query, fixed, page }: Omit<Params, 'mode'>) {
  return queryOptions({
    queryKey: [...crudKey(entity), action, page.current, page.size, query, fixed],
    queryFn: () =>
      entityApi(entity).rows<Page<WireRecord>>(action, { current: page.current, size: page.size, ...query, ...fixed }),
    retry: retryUnlessAnswered,
  });
}

/** A tree's rows: the whole tree, or its top level when it loads level by level. */
export function treeQuery(entity: EntityDef, { mode, action, query, fixed }: Omit<Params, 'page'>) {
  const api = entityApi(entity);
  return queryOptions({
    queryKey: [...crudKey(entity), mode === 'lazy' ? 'lazy-list' : action, 'root', query, fixed],
    queryFn: () =>
      mode === 'lazy'
        ? api.rows<Node[]>('lazy-list', { ...query, ...fixed, parentId: 0 })
        : api.rows<Node[]>(action, { ...query, ...fixed }),
    retry: retryUnlessAnswered,
  });
}

/** What a CRUD screen lists first (page 1, nothing searched): the query its rows then read from the cache. */
export function firstRowsQuery(entity: EntityDef, options: CrudOptions) {
  const params = {
    mode: listModeOf(entity, options),
    action: options.source?.action ?? 'list',
    query: {},
    fixed: options.query,
  };
  return params.mode === 'paged'
    ? pageQuery(entity, { ...params, page: { current: 1, size: PAGE_SIZES[0] } })
    : treeQuery(entity, params);
}

/** The lazily loaded levels put together: a row with children gets the loaded ones (none yet = an empty level). */
function assemble(rows: Node[], levels: Map<string, Node[]>, seen = new Set<string>()): Node[] {
  return rows.map((row) => {
    const { children: _ignored, ...plain } = row;
    if (!row.hasChildren || seen.has(row.id)) return plain as Node;
    return { ...plain, children: assemble(levels.get(row.id) ?? [], levels, new Set(seen).add(row.id)) } as Node;
  });
}

/** Ids of every row that has children in a nested tree. */
function parentIds(rows: Node[]): string[] {
  return rows.flatMap((row) => (row.children?.length ? [row.id, ...parentIds(row.children)] : []));
}

interface LiveRows {
  data: unknown;
  isSuccess: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
  error: unknown;
  fetchStatus: string;
}

/**
 * The list's last answer kept in the browser: saved on every answer, read back when the list has none and cannot get
 * one (the browser offline, or the server out of reach; a refusal is an answer). One copy per list screen, whatever
 * was searched: offline, the screen shows what it showed last.
 */
function useKeptRows(entity: EntityDef, list: Pick<Params, 'mode' | 'action' | 'fixed'>, live: LiveRows): unknown {
  const listKey = JSON.stringify([entity.service, entity.name, list.mode, list.action, list.fixed ?? {}]);
  const answer = live.isSuccess && !live.isPlaceholderData ? live.data : undefined;
  useEffect(() => {
    if (answer !== undefined) void keepList(listKey, answer);
  }, [listKey, answer]);
  const unreachable =
    live.data === undefined && (live.fetchStatus === 'paused' || (live.isError && !(live.error instanceof ApiFailure)));
  const kept = useQuery({
    queryKey: [DESKTOP_KEY, 'kept-rows', listKey],
    queryFn: () => lastList(listKey),
    enabled: unreachable,
    networkMode: 'always',
    gcTime: 0,
  });
  return unreachable ? (kept.data ?? undefined) : undefined;
}

/**
 * The rows of a CRUD screen. A lazy tree asks `lazy-list?parentId=0` (with the search filters, which the server
 * applies across levels) and then `lazy-list?parentId=<id>` for each expanded row; a search result that arrives as
 * a whole tree opens all its levels.
 */
export function useCrudRows(entity: EntityDef, { mode, action, query, fixed, page }: Params): CrudRows {
  const api = entityApi(entity);
  const key = crudKey(entity);
  const [expanded, setExpanded] = useState<string[]>([]);

  const paged = useQuery({
    ...pageQuery(entity, { action, query, fixed, page }),
    placeholderData: keepPreviousData,
    enabled: mode === 'paged',
  });
  const tree = useQuery({
    ...treeQuery(entity, { mode, action, query, fixed }),
    placeholderData: keepPreviousData,
    enabled: mode !== 'paged',
  });
  const levels = useQueries({
    queries: (mode === 'lazy' ? expanded : []).map((id) => ({
      queryKey: [...key, 'lazy-list', id, fixed],
      queryFn: () => api.rows<Node[]>('lazy-list', { ...fixed, parentId: id }),
    })),
  });

  // A new search starts folded; a searched whole tree shows every match.
  const searchKey = JSON.stringify([query, fixed]);
  useEffect(() => {
    setExpanded([]);
  }, [searchKey]);
  const searched = Object.keys(query).length > 0;
  useEffect(() => {
    if (mode === 'tree' && searched && tree.data) setExpanded(parentIds(tree.data));
  }, [mode, searched, tree.data]);

  const top = mode === 'paged' ? paged : tree;
  const kept = useKeptRows(entity, { mode, action, fixed }, top);
  const pageShown = paged.data ?? (mode === 'paged' ? (kept as Page<WireRecord> | undefined) : undefined);
  const treeShown = tree.data ?? (mode !== 'paged' ? (kept as Node[] | undefined) : undefined);

  let rows: WireRecord[];
  if (mode === 'paged') rows = pageShown?.records ?? [];
  else if (mode === 'tree') rows = treeShown ?? [];
  else {
    const loaded = new Map<string, Node[]>();
    expanded.forEach((id, index) => {
      const level = levels[index]?.data;
      if (level) loaded.set(id, level);
    });
    rows = assemble(treeShown ?? [], loaded);
  }

  return {
    rows,
    page: pageShown,
    offline: kept !== undefined,
    fetching: mode === 'paged' ? paged.isFetching : tree.isFetching || levels.some((level) => level.isFetching),
    refused: top.isError && top.error instanceof ApiFailure,
    answered: top.isSuccess && !top.isPlaceholderData,
    expanded,
    setExpanded,
  };
}
