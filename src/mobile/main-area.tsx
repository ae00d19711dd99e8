import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, Route, Routes, useParams } from 'react-router-dom';
import { useSession } from '../client/session.ts';
import { DesktopPathRedirect } from './desktop-path.tsx';
import { MainLayout } from './layout/MainLayout.tsx';
import { LockTab } from './pages/LockTab.tsx';
import { MePage } from './pages/MePage.tsx';
import { MessagesTab } from './pages/messages/MessagesTab.tsx';
import { ApprovalKindCheck } from './pages/approvals/ApprovalKindCheck.tsx';
import { ApprovalsTab } from './pages/approvals/ApprovalsTab.tsx';
import { keepFlowCache, restoreFlowCache } from './pages/approvals/offline-cache.ts';
import { flowKeys } from './pages/approvals/approval-queries.ts';
import { sendKeptApprovals } from './pages/approvals/pending-approvals.ts';
import { RequestForm } from './pages/approvals/RequestForm.tsx';
import { ProcessStartForm } from './pages/approvals/ProcessStartForm.tsx';
import { RequestPage } from './pages/approvals/RequestPage.tsx';
import { TaskPage } from './pages/approvals/TaskPage.tsx';
import { InventoryLogsTab } from './pages/warehouse/InventoryLogsTab.tsx';
import { MovementForm } from './pages/warehouse/MovementForm.tsx';
import { MovementPage } from './pages/warehouse/MovementPage.tsx';
import { useQueueSync } from './pages/warehouse/movement-sync.ts';
import { TAB_PATHS } from './paths.ts';
import { useHoldsMenu } from './menu-codes.ts';
import { inventoryLog } from '../shared/entities/warehouse/inventory-log.ts';

export { LockPage } from './pages/LockPage.tsx';
export { StatusPage } from './pages/StatusPage.tsx';

/** The workflow screens last loaded stay readable offline: restored before the first render, kept while shown. */
function useOfflineFlowCache() {
  const queryClient = useQueryClient();
  const { tenantId, userInfo } = useSession();
  const owner = `${tenantId}:${userInfo?.user_id ?? ''}`;
  useState(() => restoreFlowCache(queryClient, owner));
  useEffect(() => keepFlowCache(queryClient, owner), [queryClient, owner]);
  // Approvals the app was closed on within their undo delay go now; each one sent reloads the lists.
  useEffect(
    () => sendKeptApprovals(owner, () => queryClient.invalidateQueries({ queryKey: flowKeys.lists })),
    [queryClient, owner],
  );
}

/** The 出入库 pages, for the holders of 出入库记录 (whose tab it is); the others land on 审批. */
function MovementsOnly() {
  return useHoldsMenu(inventoryLog.code) === false ? <Navigate to={TAB_PATHS.approvals} replace /> : <Outlet />;
}

/**
 * Everything behind the login, one chunk loaded after it (the login form needs none of it): the tabs and "me"; the
 * movements queued offline are sent from here, on start and whenever the network comes back.
 */
/** A request's form (leave, fund …), or a process's own start form (通用流程: kind `process`). */
function StartFormOfKind() {
  return useParams().kind === 'process' ? <ProcessStartForm /> : <RequestForm />;
}

export default function MainArea() {
  useOfflineFlowCache();
  useQueueSync();
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route index element={<Navigate to={TAB_PATHS.approvals} replace />} />
        <Route path={TAB_PATHS.approvals} element={<ApprovalsTab />} />
        <Route
          path={`${TAB_PATHS.approvals}/:kind/handle/:taskId/:processInstanceId/:businessId`}
          element={
            <ApprovalKindCheck page="handle">
              <TaskPage />
            </ApprovalKindCheck>
          }
        />
        <Route
          path={`${TAB_PATHS.approvals}/:kind/detail/:processInstanceId/:businessId`}
          element={
            <ApprovalKindCheck page="detail">
              <RequestPage />
            </ApprovalKindCheck>
          }
        />
        <Route
          path={`${TAB_PATHS.approvals}/:kind/form/:processDefinitionId`}
          element={
            <ApprovalKindCheck page="form">
              <StartFormOfKind />
            </ApprovalKindCheck>
          }
        />
        <Route path={TAB_PATHS.messages} element={<MessagesTab />} />
        <Route element={<MovementsOnly />}>
          <Route path={TAB_PATHS.inventoryLogs} element={<InventoryLogsTab />} />
          <Route path={`${TAB_PATHS.inventoryLogs}/form/:clientKey?`} element={<MovementForm />} />
          <Route path={`${TAB_PATHS.inventoryLogs}/detail/:id`} element={<MovementPage />} />
        </Route>
        <Route path={TAB_PATHS.lock} element={<LockTab />} />
        <Route path={TAB_PATHS.me} element={<MePage />} />
      </Route>
      <Route path="*" element={<DesktopPathRedirect />} />
    </Routes>
  );
}
