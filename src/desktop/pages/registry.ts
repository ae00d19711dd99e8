import { budgetScreens } from './budget/screens.ts';
import { developScreens } from './develop/screens.ts';
import { financeScreens } from './finance/screens.ts';
import { flowScreens } from './flow/screens.ts';
import { logScreens } from './log/screens.ts';
import { masterdataScreens } from './masterdata/screens.ts';
import { productionScreens } from './production/screens.ts';
import type { Screens } from './screens.ts';
import { systemScreens } from './system/screens.ts';
import { warehouseScreens } from './warehouse/screens.ts';

export type { Screen } from './screens.ts';

/**
 * Screens by menu path, every module's: a menu whose path is in none shows the "not available yet" page (the planned
 * ones: planned.ts).
 */
export const pageRegistry: Screens = {
  ...systemScreens,
  ...flowScreens,
  ...developScreens,
  ...masterdataScreens,
  ...productionScreens,
  ...warehouseScreens,
  ...financeScreens,
  ...budgetScreens,
  ...logScreens,
};
