import { Navigate, useParams } from 'react-router-dom';
import { useSession } from '../../client/session.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { useMenuEntries } from '../queries.ts';
import { iframePath } from '../../client/menu-route.ts';
import { withToken } from '../router/menu-routes.ts';

/**
 * External pages of the menu inside the console. Only addresses configured as menus are framed (never one taken
 * from the address bar), because `${token}` hands them the access token.
 */
export default function IframePage() {
  const { routerPath = '' } = useParams();
  const { token } = useSession();
  const { entries } = useMenuEntries();
  if (!entries) return <PageLoading />;
  const entry = entries.find(
    (e) => e.openMode === 'iframe' && e.routePath === iframePath({ code: routerPath, id: routerPath }),
  );
  if (!entry?.url) return <Navigate to="/404" replace />;
  return <iframe className="tenon-iframe" title={entry.name} src={withToken(entry.url, token)} />;
}
