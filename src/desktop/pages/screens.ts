import { createElement, use } from 'react';
import { lazyPage, type LazyPage } from '../../client/lazy.ts';
import { queryClient } from '../../client/query.ts';
import type { EntityDef } from '../../shared/entities/define.ts';
import type { CrudOptions } from '../components/crud/fields.ts';
import type { FirstQuery } from '../components/crud/first-queries.ts';

/**
 * How long a clicked screen may hold back its first drawing for the data it asked for with its code. Drawn before
 * the data, it is drawn twice (empty, then with its rows: the second time as an urgent update); the previous screen
 * stays meanwhile. Past this (a slow network) it is drawn empty and fills in as the answers come.
 */
const FIRST_DATA_WAIT_MS = 300;

/**
 * A screen; one that lists an entity on the shared page names it (`entity`, which the server must serve: the
 * consistency test checks). One with `firstData` declares the requests of its first render, which a menu starts with
 * its code: `prepareData` loads what names them (a hovered menu), `fetchFirstData` sends them (a clicked one).
 */
export type Screen = LazyPage & {
  entity?: () => Promise<EntityDef>;
  prepareData?: () => void;
  fetchFirstData?: () => void;
};

/** The requests of a screen's first render, its rows first, loaded with the small modules that name them. */
export type FirstData = () => Promise<readonly FirstQuery[]>;

/**
 * A screen whose first render reads `firstData`. A click sends them in the same task as the click (once a hover
 * has loaded their modules): they travel while the screen's code loads, and the screen's first
 * drawing waits for its rows (up to FIRST_DATA_WAIT_MS) so that it is drawn once, with them.
 */
export function withData(page: LazyPage, firstData: FirstData, entity?: () => Promise<EntityDef>): Screen {
  let queries: readonly FirstQuery[] | undefined;
  let loading: Promise<readonly FirstQuery[]> | undefined;
  const prepare = () =>
    (loading ??= firstData().then(
      (loaded) => (queries = loaded),
      (error: unknown) => {
        loading = undefined; // a later attempt loads again
        throw error;
      },
    ));
  let arriving: Promise<void> | undefined;
  // The rows first, alone: the embedded database answers one query at a time, and the six option lists of 产品管理
  // sent beside them put the rows' answer behind theirs. The rest leave as the rows arrive, before the screen is
  // drawn. Only the rows hold the drawing back, and only when the cache lacks them: a screen seen a moment ago is
  // drawn from the cache at once.
  const send = ([first, ...beside]: readonly FirstQuery[]) => {
    if (!first) return undefined;
    const missing = queryClient.getQueryData(first.queryKey) === undefined;
    const rows = queryClient.prefetchQuery(first);
    void rows.finally(() => beside.forEach((query) => void queryClient.prefetchQuery(query)));
    return missing ? rows : undefined;
  };
  function ScreenOnceDataIn(props: object) {
    if (arriving) use(arriving);
    return createElement(page, props);
  }
  return Object.assign(ScreenOnceDataIn, {
    preload: page.preload,
    entity,
    prepareData: () => void prepare().catch(() => undefined),
    fetchFirstData: () => {
      const rows = queries ? send(queries) : prepare().then(send);
      if (!rows) return;
      // A failure (the chunk's, the request's) draws the screen at once: the page's own load reports it.
      const drawn = () => {
        if (arriving === settled) arriving = undefined;
      };
      const settled: Promise<void> = Promise.race([
        rows,
        new Promise((done) => setTimeout(done, FIRST_DATA_WAIT_MS)),
      ]).then(drawn, drawn);
      arriving = settled;
    },
  });
}

/** The shared CRUD page's first requests over `entity` with `options` (its first rows, its search bar's options). */
export const crudData =
  (entity: () => Promise<EntityDef>, options: CrudOptions = {}): FirstData =>
  async () => {
    const [{ crudFirstQueries }, definition] = await Promise.all([
      import('../components/crud/first-queries.ts'),
      entity(),
    ]);
    return crudFirstQueries(definition, options);
  };

/** A screen whose first render is the shared page's over `entity` with `options`. */
export function withRows(page: LazyPage, entity: () => Promise<EntityDef>, options: CrudOptions = {}): Screen {
  return withData(page, crudData(entity, options), entity);
}

/**
 * A plain entity's screen: the shared CRUD page over its definition, laid out by the definition's `screen` hint. The
 * page and the definition load together in the screen's chunk, so the shell carries neither.
 */
export function crudScreen(load: () => Promise<EntityDef>): Screen {
  return withData(
    lazyPage(async () => {
      const [{ CrudPage }, entity] = await Promise.all([import('../components/crud/CrudPage.tsx'), load()]);
      return {
        default: function EntityScreen() {
          return createElement(CrudPage, { entity, options: entity.screen });
        },
      };
    }),
    async () => crudData(load, (await load()).screen)(),
    load,
  );
}

/** A module's desktop screens by menu path (`/system/param`), each a lazy chunk. */
export type Screens = Readonly<Record<string, Screen>>;

export { lazyPage };
