/**
 * The contract's picker node (README §8): title = display name, key = value = id (value: the stored key of an entity
 * referenced by another field, `refKey`); `titleEn` for the English console.
 */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  titleEn?: string;
  key: string;
  value: string;
  sort?: number;
  hasChildren: boolean;
  /** Shown, but not to be picked (an account with sub-accounts, where only leaves are used). */
  disabled?: boolean;
  children?: TreeNode[];
}
