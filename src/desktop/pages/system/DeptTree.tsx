import { useState, type Key } from 'react';
import { Empty, Spin, Tree } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '../../../shared/contract/tree.ts';
import { DEPT_ROOT, deptLevelQuery } from './dept-tree-query.ts';

interface DeptNode {
  key: string;
  title: string;
  isLeaf: boolean;
  children?: DeptNode[];
}

/**
 * The departments beside the user list, one level at a time (dept/lazy-tree). Clicking a department picks it,
 * clicking it again lets go of it.
 */
export function DeptTree({ value, onChange }: { value?: string; onChange: (deptId: string | undefined) => void }) {
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  const root = useQuery(deptLevelQuery(DEPT_ROOT));
  const [levels, setLevels] = useState<Record<string, TreeNode[]>>({});

  const build = (nodes: TreeNode[]): DeptNode[] =>
    nodes.map((node) => {
      const children = levels[node.id];
      return {
        key: node.id,
        title: i18n.language === 'en' && node.titleEn ? node.titleEn : node.title,
        isLeaf: !node.hasChildren,
        ...(children ? { children: build(children) } : {}),
      };
    });
  const load = async ({ key }: { key: Key }) => {
    const parentId = String(key);
    const children = await queryClient.fetchQuery(deptLevelQuery(parentId));
    setLevels((current) => ({ ...current, [parentId]: children }));
  };

  if (root.isPending) return <Spin size="small" />;
  if (!root.data?.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
  return (
    <Tree
      className="tenon-dept-tree"
      blockNode
      treeData={build(root.data)}
      loadData={load}
      selectedKeys={value ? [value] : []}
      onSelect={(keys) => onChange(keys.length ? String(keys[0]) : undefined)}
    />
  );
}
