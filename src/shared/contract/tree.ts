/**
 * The contract's picker node (README §8): title = display name, key = value = id; `titleEn` for the English console.
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
  children?: TreeNode[];
}
