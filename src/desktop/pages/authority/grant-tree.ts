import type { TreeNode } from '../../../shared/contract/tree.ts';
import type { Lang } from '../../../shared/i18n/server-messages.ts';

/** antd Tree data of a picker tree, titles in the console's language. */
export interface CheckNode {
  key: string;
  title: string;
  children?: CheckNode[];
}

export function checkNodes(nodes: TreeNode[], lang: Lang): CheckNode[] {
  return nodes.map((node) => ({
    key: node.key || node.id,
    title: lang === 'en' && node.titleEn ? node.titleEn : node.title,
    ...(node.children?.length ? { children: checkNodes(node.children, lang) } : {}),
  }));
}

/** Keys of the nodes without children. */
export function leafKeys(nodes: CheckNode[]): Set<string> {
  const leaves = new Set<string>();
  const walk = (list: CheckNode[]) => {
    for (const node of list) {
      if (node.children?.length) walk(node.children);
      else leaves.add(node.key);
    }
  };
  walk(nodes);
  return leaves;
}

/**
 * A tree checked by its leaves (antd derives the parents' state): loading keeps only the granted leaves, because a
 * granted parent handed to the tree would tick all its children.
 */
export const checkedLeaves = (granted: string[], leaves: Set<string>): string[] =>
  granted.filter((key) => leaves.has(key));

/**
 * What a grant sends for a tree checked by its leaves. Menus the BladeX way: a node is granted when it is checked or
 * half-checked, i.e. when any leaf below it is (`withParents`). Scope trees only send their leaves (the scope rows);
 * their inner nodes are menus, not scopes.
 */
export function grantedKeys(nodes: CheckNode[], checked: Iterable<string>, withParents: boolean): string[] {
  const ticked = new Set(checked);
  const granted: string[] = [];
  const visit = (node: CheckNode): boolean => {
    if (!node.children?.length) {
      if (ticked.has(node.key)) granted.push(node.key);
      return ticked.has(node.key);
    }
    // Every child is visited: no short-circuit.
    const hit = node.children.map(visit).includes(true);
    if (hit && withParents) granted.push(node.key);
    return hit;
  };
  nodes.forEach(visit);
  return granted;
}
