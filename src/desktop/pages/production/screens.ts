import type { Screens } from '../screens.ts';
import { lazyPage, withRows } from '../screens.ts';

/** The production module's desktop screens (menus of modules/production on the server). */
export const productionScreens: Screens = {
  '/production/prodplane': withRows(
    lazyPage(() => import('./ProdplanePage.tsx')),
    async () => (await import('../../../shared/entities/production/prodplane.ts')).prodplane,
  ),
};
