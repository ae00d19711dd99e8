import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { currentLanguage } from '../../client/i18n.ts';
import { asksForToken, iframePath } from '../../client/menu-route.ts';
import { PageLoading } from '../components/PageLoading.tsx';
import { useMenuEntries } from '../queries.ts';
import { menuLabel } from '../router/menu-routes.ts';
import { UnderConstruction } from './UnderConstruction.tsx';

/**
 * External pages of the menu inside the console. Only addresses configured as menus are framed (never one taken
 * from the address bar), and none that asks for the access token (`${token}`): no token is put in a URL.
 */
export default function IframePage() {
  const { t } = useTranslation();
  const { routerPath = '' } = useParams();
  const { entries } = useMenuEntries();
  if (!entries) return <PageLoading />;
  const entry = entries.find(
    (e) => e.openMode === 'iframe' && e.routePath === iframePath({ code: routerPath, id: routerPath }),
  );
  if (!entry?.url) return <Navigate to="/404" replace />;
  if (asksForToken(entry.url)) {
    return (
      <UnderConstruction
        title={t('shell.page.tokenInAddress')}
        name={menuLabel(entry, currentLanguage())}
        path={entry.url}
      />
    );
  }
  return <iframe className="tenon-iframe" title={entry.name} src={entry.url} />;
}
