import { budgetScreens } from './budget/screens.ts';
import { deskScreens } from './desk/screens.ts';
import { developScreens } from './develop/screens.ts';
import { financeScreens } from './finance/screens.ts';
import { flowScreens } from './flow/screens.ts';
import { logScreens } from './log/screens.ts';
import { PLANNED_SCREENS } from './planned.ts';
import { productionScreens } from './production/screens.ts';
import { reportScreens } from './report/screens.ts';
import { resourceScreens } from './resource/screens.ts';
import { createElement } from 'react';
import { LIVE_PATH } from '../../shared/develop/live.ts';
import { crudScreen, lazyPage, type Screen, type Screens } from './screens.ts';
import { smsScreens } from './resource/sms-screens.ts';
import { systemScreens } from './system/screens.ts';
import { warehouseScreens } from './warehouse/screens.ts';

export type { Screen } from './screens.ts';

/** The screens of their own (a page component, not the shared CRUD page alone), every module's, by menu path. */
export const OWN_SCREENS: Screens = {
  ...systemScreens,
  ...flowScreens,
  ...productionScreens,
  ...warehouseScreens,
  ...financeScreens,
  ...budgetScreens,
  ...logScreens,
  ...reportScreens,
  ...resourceScreens,
  ...smsScreens,
  ...deskScreens,
  ...developScreens,
};

/** The definition whose `code` is a menu's (`shared/entities/catalog.ts`, loaded with the screen, not the shell). */
const definitionOf = async (code: string) => {
  const { definitionByCode } = await import('../../shared/entities/catalog.ts');
  const entity = definitionByCode(code);
  if (!entity) throw new Error(`no entity with menu code ${code}`);
  return entity;
};

const entityScreens = new Map<string, Screen>();
const liveScreens = new Map<string, Screen>();

/** A live model's screen (在线表单): its definition is the server's, read when the screen opens (LiveScreen.tsx). */
function liveScreenOf(code: string): Screen {
  let screen = liveScreens.get(code);
  if (!screen)
    liveScreens.set(
      code,
      (screen = lazyPage(async () => {
        const { LiveScreen } = await import('./develop/LiveScreen.tsx');
        return { default: () => createElement(LiveScreen, { code }) };
      })),
    );
  return screen;
}

/** A menu as far as its screen goes: its path, and its code where the server's menu is known. */
export interface ScreenMenu {
  menuPath: string;
  code?: string;
}

/**
 * The screen a menu opens: a screen of its own, else the shared CRUD page over the entity whose `code` is the menu's;
 * none for a menu not built yet (planned.ts), which opens the "not available yet" page. `isEntity` says whether a
 * definition has the code, when the caller has the definitions at hand (MenuPage): without it, a preload of a code no
 * definition has fails quietly.
 */
export function screenOf(menu: ScreenMenu, isEntity: (code: string) => boolean = () => true): Screen | undefined {
  const own = OWN_SCREENS[menu.menuPath];
  if (own) return own;
  if (menu.menuPath.startsWith(`${LIVE_PATH}/`)) return liveScreenOf(menu.menuPath.slice(LIVE_PATH.length + 1));
  const { code } = menu;
  if (code === undefined || PLANNED_SCREENS.includes(menu.menuPath) || !isEntity(code)) return undefined;
  let screen = entityScreens.get(code);
  if (!screen) entityScreens.set(code, (screen = crudScreen(() => definitionOf(code))));
  return screen;
}
