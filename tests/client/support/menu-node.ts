import type { MenuNode } from '../../../src/shared/contract/menu.ts';

/**
 * A menu of the console's menu tree, as GET /api/blade-system/menu/routes serves it: a top-level, same-window menu
 * whose code and names are its id unless given. Typed by the caller where a tree carries more (MenuTreeNode's meta).
 */
export function menuNode<T extends MenuNode = MenuNode>(fields: Partial<T> & Pick<T, 'id' | 'path'>): T {
  return {
    parentId: '0',
    code: fields.id,
    name: fields.id,
    nameEn: fields.id,
    alias: 'menu',
    source: '',
    component: '',
    sort: 1,
    category: 1,
    action: 0,
    isOpen: 1,
    remark: '',
    parentName: '',
    hasChildren: Boolean(fields.children?.length),
    ...fields,
  } as T;
}
