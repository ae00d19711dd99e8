import type { Static } from 'typebox';
import type { MenuNode as MenuNodeSchema } from './api/system.schemas.ts';

/**
 * A node of `menu/routes`, `menu/buttons` and the menu lists (contract system.md §4 MenuVO) as the routes' response
 * schema says it (system.schemas.ts); its children are nodes of the same shape.
 */
export type MenuNode = Omit<Static<typeof MenuNodeSchema>, 'children'> & { children?: MenuNode[] };
