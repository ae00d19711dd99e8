import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { approvalOf } from '../../../shared/entities/approvals.ts';

/**
 * The approval pages take any kind in their address (paths.ts): one no definition declares is an unknown route
 * (/404). `process` (a process without a business form) has a task and a request page, and its start form.
 */
export function ApprovalKindCheck({ page, children }: { page: 'handle' | 'detail' | 'form'; children: ReactNode }) {
  const { kind } = useParams();
  const known = approvalOf(kind) !== undefined || kind === 'process';
  void page;
  return known ? children : <Navigate to="/404" replace />;
}
