import { useEffect, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { site } from '../client/config.ts';
import { session, useSession } from '../client/session.ts';

/** No token: a session left without one (zero-length token) is logged out locally first, then /login. */
function ToLogin({ stale }: { stale: boolean }) {
  useEffect(() => {
    if (stale) session.localLogout();
  }, [stale]);
  return <Navigate to="/login" replace />;
}

/** Spec §2 guard for the main area: locked -> the lock page; no token -> /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { token, isLock, userInfo } = useSession();
  if (!token) return <ToLogin stale={Boolean(userInfo)} />;
  if (isLock) return <Navigate to={site.lockPage} replace />;
  return children;
}

/** /login while logged in -> / (which goes on to the lock page when locked). */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { token } = useSession();
  return token ? <Navigate to="/" replace /> : children;
}

/** The lock page only means something for a locked session. */
export function LockOnly({ children }: { children: ReactNode }) {
  const { token, isLock, userInfo } = useSession();
  if (!token) return <ToLogin stale={Boolean(userInfo)} />;
  return isLock ? children : <Navigate to="/" replace />;
}
