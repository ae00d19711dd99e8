import type { TreeNode } from '../../shared/contract/tree.ts';

export type { TreeNode };

export interface TreeShaped<T> {
  id: string;
  parentId: string;
  hasChildren?: boolean;
  children?: T[];
}

/** Siblings by `sort`, then by id (menus and grant trees). */
export const bySort = <T extends { id: string; sort?: number }>(a: T, b: T) =>
  (a.sort ?? 0) - (b.sort ?? 0) || (BigInt(a.id) < BigInt(b.id) ? -1 : BigInt(a.id) > BigInt(b.id) ? 1 : 0);

/**
 * Nodes whose parent is 0 or absent from the result become roots (contract README §8). Siblings keep the input
 * order unless `compare` is given; `children` is omitted when empty and `hasChildren` says whether it is there.
 */
export function buildTree<T extends TreeShaped<T>>(nodes: T[], compare?: (a: T, b: T) => number): T[] {
  const copies = new Map(nodes.map((n) => [n.id, { ...n, children: [] as T[] }]));
  const roots: T[] = [];
  for (const node of copies.values()) {
    const parent = node.parentId === node.id ? undefined : copies.get(node.parentId);
    (parent ? parent.children! : roots).push(node);
  }
  const order = (list: T[]) => {
    if (compare) list.sort(compare);
    for (const n of list) {
      n.hasChildren = n.children!.length > 0;
      if (n.hasChildren) order(n.children!);
      else delete n.children;
    }
    return list;
  };
  return order(roots);
}
