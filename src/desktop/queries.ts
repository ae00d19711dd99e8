import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { onRefused } from '../client/http.ts';
import { queryClient } from '../client/query.ts';
import { fetchButtons, fetchRoutes, fetchTopMenus, permissionMap, type MenuNode } from '../client/api/system.ts';
import { getStore, getStoreTime, setStore } from '../client/storage.ts';
import { useSession } from '../client/session.ts';
import { flattenMenus, rolesOf, visibleMenus, type MenuEntry, type MenuTreeNode } from './router/menu-routes.ts';

/** Every desktop query key starts here, so a dept/role switch can refetch them all. */
export const DESKTOP_KEY = 'desktop';

/**
 * Menus of the session (all of them, or one top menu's). The full tree is also kept as `menuAll` in the store, so an
 * offline reload still shows the shell; logout removes it.
 */
export function routesQuery(topMenuId = '') {
  return queryOptions({
    queryKey: [DESKTOP_KEY, 'routes', topMenuId],
    queryFn: async () => {
      const routes = await fetchRoutes(topMenuId || undefined);
      if (!topMenuId) setStore('menuAll', routes);
      return routes;
    },
    initialData: () => (topMenuId ? undefined : getStore<MenuNode[]>('menuAll')),
    initialDataUpdatedAt: () => (topMenuId ? undefined : getStoreTime('menuAll')),
    staleTime: 5 * 60_000,
  });
}

export const permissionQuery = queryOptions({
  queryKey: [DESKTOP_KEY, 'permission'],
  queryFn: async () => {
    const map = permissionMap(await fetchButtons());
    setStore('permission', map);
    return map;
  },
  initialData: () => getStore<Record<string, true>>('permission'),
  initialDataUpdatedAt: () => getStoreTime('permission'),
  staleTime: 5 * 60_000,
});

/** Reads the menus and buttons again: the ones kept for fast starts may not be what the roles give now. */
export function rereadGrants(client: QueryClient = queryClient): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: [DESKTOP_KEY, 'routes'] }),
    // Fetched, not only invalidated: a screen not open yet would take the kept buttons as fresh.
    client.fetchQuery({ ...permissionQuery, staleTime: 0 }).catch(() => undefined),
  ]);
}

// A refusal means the menus and buttons kept may promise what the roles no longer give.
onRefused(() => void rereadGrants());

export const topMenusQuery = queryOptions({
  queryKey: [DESKTOP_KEY, 'top-menus'],
  queryFn: fetchTopMenus,
  staleTime: 5 * 60_000,
});

/** Flattened menu entries for route resolution (always the full tree, whatever top menu is selected). */
export function useMenuEntries(): {
  entries: MenuEntry[] | undefined;
  isError: boolean;
  refetch: () => void;
  /** Read from the server since the caller mounted (not only the menus kept from an earlier visit). */
  fresh: boolean;
} {
  const { token } = useSession();
  const query = useQuery({ ...routesQuery(''), enabled: Boolean(token), select: (nodes) => flattenMenus(nodes) });
  return {
    entries: query.data,
    isError: query.isError && !query.data,
    refetch: () => void query.refetch(),
    fresh: query.isFetchedAfterMount,
  };
}

/** The side menu's tree: one top menu's (or all) menus the current role may see. */
export function useSideMenus(topMenuId: string): MenuTreeNode[] | undefined {
  const { token, userInfo } = useSession();
  const { data } = useQuery({ ...routesQuery(topMenuId), enabled: Boolean(token) });
  return data && visibleMenus(data, rolesOf(userInfo?.role_name));
}
