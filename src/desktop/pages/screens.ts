import { createElement } from 'react';
import { lazyPage, type LazyPage } from '../../client/lazy.ts';
import { queryClient } from '../../client/query.ts';
import type { EntityDef } from '../../shared/entities/define.ts';
import type { CrudOptions } from '../components/crud/fields.ts';

/**
 * A screen; one that lists an entity on the shared page names it (`entity`, which the server must serve: the
 * consistency test checks) and can fetch its first rows before it is shown.
 */
export type Screen = LazyPage & { entity?: () => Promise<EntityDef>; prefetchRows?: () => Promise<void> };

/** A screen whose first rows are the shared page's over `entity` with `options`. */
export function withRows(page: LazyPage, entity: () => Promise<EntityDef>, options: CrudOptions = {}): Screen {
  return Object.assign(page, {
    entity,
    // Two small chunks (the query and the definition) stand between the click and the request, not the CRUD blocks.
    prefetchRows: async () => {
      const [{ prefetchFirstRows }, definition] = await Promise.all([
        import('../components/crud/use-crud-rows.ts'),
        entity(),
      ]);
      await prefetchFirstRows(queryClient, definition, options);
    },
  });
}

/**
 * A plain entity's screen: the shared CRUD page over its definition. The page and the definition load together in
 * the screen's chunk, so the shell carries neither.
 */
export function crudScreen(load: () => Promise<EntityDef>, options?: CrudOptions): Screen {
  return withRows(
    lazyPage(async () => {
      const [{ CrudPage }, entity] = await Promise.all([import('../components/crud/CrudPage.tsx'), load()]);
      return {
        default: function EntityScreen() {
          return createElement(CrudPage, { entity, options });
        },
      };
    }),
    load,
    options,
  );
}

/** A module's desktop screens by menu path (`/system/param`), each a lazy chunk. */
export type Screens = Readonly<Record<string, Screen>>;

export { lazyPage };
