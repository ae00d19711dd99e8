import { lazyPage } from '../../client/lazy.ts';
import type { MenuNode } from '../../client/api/system.ts';
import { queryClient } from '../../client/query.ts';
import { getStore } from '../../client/storage.ts';
import { routesQuery } from '../queries.ts';
import { flattenMenus } from '../router/menu-routes.ts';
import { screenOf, type ScreenMenu } from './registry.ts';

// Apart from registry.ts, which MenuPage.tsx reads: the lazy import of MenuPage here closes no import circle.

/**
 * The page of every path the console does not declare: it finds the path's menu and shows that menu's screen from the
 * registry (registry.ts).
 */
export const MenuPage = lazyPage(() => import('./MenuPage.tsx'));

/**
 * Starts loading a menu's screen before it is shown: the screen's chunks and the page that hosts it in parallel,
 * instead of one after the other as rendering would find them, and the code that names its first requests (a hovered
 * menu); with `rows`, those requests too, sent first (a clicked menu, whose screen is about to read them).
 */
export function preloadScreen(menu: ScreenMenu, { rows = false } = {}): void {
  const screen = screenOf(menu);
  if (rows) screen?.fetchFirstData?.();
  else screen?.prepareData?.();
  void MenuPage.preload();
  void screen?.preload();
}

/**
 * The same for a console route about to start (`/system/user/index`: the page's first address): a known screen's
 * only, with its first rows unless only hovered.
 */
export function preloadRoute(pathname: string, { rows = true } = {}): void {
  const menuPath = pathname.replace(/\/index$/, '');
  // The menus as last fetched (the start of a session keeps them in the store): an entity screen's menu code.
  const menus = queryClient.getQueryData(routesQuery().queryKey) ?? getStore<MenuNode[]>('menuAll') ?? [];
  const code = flattenMenus(menus).find((entry) => entry.menuPath === menuPath)?.code;
  if (screenOf({ menuPath, code })) preloadScreen({ menuPath, code }, { rows });
}
