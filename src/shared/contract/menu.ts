/** A node of `menu/routes`, `menu/buttons` and the menu lists (contract system.md §4 MenuVO). */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  /** English name (the seed's; the console shows it when the language is en). */
  nameEn: string;
  alias: string;
  path: string;
  source: string;
  component: string;
  sort: number;
  /** 1 menu, 2 button */
  category: number;
  action: number;
  /** 1 same window, 2 new window */
  isOpen: number;
  remark: string;
  parentName: string;
  hasChildren: boolean;
  children?: MenuNode[];
}
