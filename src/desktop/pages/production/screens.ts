import type { Screens } from '../screens.ts';

/** The production module's desktop screens (menus of modules/production on the server). */
export const productionScreens: Screens = {};
