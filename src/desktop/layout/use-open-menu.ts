import { useNavigate } from 'react-router-dom';
import { session } from '../../client/session.ts';
import { preloadScreen } from '../pages/registry.ts';
import { withToken, type MenuEntry } from '../router/menu-routes.ts';

/** Opens a menu entry: a console route, or a new window with `${token}` filled in. */
export function useOpenMenu(): (entry: MenuEntry) => void {
  const navigate = useNavigate();
  return (entry) => {
    if (entry.openMode === 'window' && entry.url) {
      window.open(withToken(entry.url, session.get().token), '_blank', 'noopener');
      return;
    }
    preloadScreen(entry.menuPath, { rows: true });
    void navigate(entry.routePath);
  };
}
