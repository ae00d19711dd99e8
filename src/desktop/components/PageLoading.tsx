import { lazy, Suspense } from 'react';

// Fetched the first time a page waits, not with the login form that DesktopRoutes (its user) ships with.
const Spin = lazy(() => import('antd/es/spin'));

export function PageLoading({ full = false }: { full?: boolean }) {
  return (
    <div className={full ? 'tenon-loading tenon-loading-full' : 'tenon-loading'}>
      <Suspense fallback={null}>
        <Spin />
      </Suspense>
    </div>
  );
}
