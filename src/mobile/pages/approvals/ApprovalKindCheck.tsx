import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { approvalOf } from '../../../shared/entities/approvals.ts';
import { useCategories } from './approval-queries.ts';

/**
 * The approval pages take any kind in their address (paths.ts): one no definition declares is an unknown route
 * (/404). `process` (a process without a business form) has a task and a request page, and its start form. A live
 * model's kind is known once its definition is learned (with the categories: client/api/flow.ts), so a page opened
 * by its address waits for them.
 */
export function ApprovalKindCheck({ page, children }: { page: 'handle' | 'detail' | 'form'; children: ReactNode }) {
  const { kind } = useParams();
  const categories = useCategories();
  const known = approvalOf(kind) !== undefined || kind === 'process';
  void page;
  if (known) return children;
  return categories.isPending ? null : <Navigate to="/404" replace />;
}
