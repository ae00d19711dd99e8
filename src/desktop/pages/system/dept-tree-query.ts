import { queryOptions } from '@tanstack/react-query';
import { getData } from '../../../client/http.ts';
import type { TreeNode } from '../../../shared/contract/tree.ts';
import { DESKTOP_KEY } from '../../queries.ts';
import { DEPT_LAZY_TREE_URL } from '../../../shared/contract/api/system.ts';

/** The top of the departments beside the user list: the screen asks for it with its code (screens.ts). */
export const DEPT_ROOT = '0';

/** One level of the departments beside the user list (dept/lazy-tree). */
export const deptLevelQuery = (parentId: string) =>
  queryOptions({
    queryKey: [DESKTOP_KEY, 'dept-lazy-tree', parentId],
    queryFn: () => getData<TreeNode[]>(DEPT_LAZY_TREE_URL, { parentId }),
    staleTime: 60_000,
  });
