import { Navigate, Route, Routes } from 'react-router-dom';
import { MainLayout } from './layout/MainLayout.tsx';
import { LockTab } from './pages/LockTab.tsx';
import { MePage } from './pages/MePage.tsx';
import { MessagesTab } from './pages/messages/MessagesTab.tsx';
import { ApprovalsTab } from './pages/modules/ApprovalsTab.tsx';
import { InventoryLogsTab } from './pages/modules/InventoryLogsTab.tsx';
import { TAB_PATHS } from './paths.ts';

export { LockPage } from './pages/LockPage.tsx';

/** Everything behind the login, one chunk loaded after it (the login form needs none of it): the tabs and "me". */
export default function MainArea() {
  return (
    <Routes>
      <Route element={<MainLayout />}>
        <Route index element={<Navigate to={TAB_PATHS.approvals} replace />} />
        <Route path={TAB_PATHS.approvals} element={<ApprovalsTab />} />
        <Route path={TAB_PATHS.messages} element={<MessagesTab />} />
        <Route path={TAB_PATHS.inventoryLogs} element={<InventoryLogsTab />} />
        <Route path={TAB_PATHS.lock} element={<LockTab />} />
        <Route path={TAB_PATHS.me} element={<MePage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}
