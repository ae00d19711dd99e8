import type { Static } from 'typebox';
import type { TreeNode as TreeNodeSchema } from './wire.ts';

/**
 * The contract's picker node (README §8) as the routes' response schema says it (wire.ts): title = display name,
 * key = value = id (value: the stored key of an entity referenced by another field, `refKey`); `titleEn` for the
 * English console; `disabled`: shown, but not to be picked (an account with sub-accounts, where only leaves are used).
 * Its children are nodes of the same shape.
 */
export type TreeNode = Omit<Static<typeof TreeNodeSchema>, 'children'> & { children?: TreeNode[] };
