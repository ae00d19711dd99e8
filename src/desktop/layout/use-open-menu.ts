import { useNavigate } from 'react-router-dom';
import { preloadScreen } from '../pages/screen-loading.ts';
import type { MenuEntry } from '../router/menu-routes.ts';

/** Opens a menu entry: a console route, or an external address in a new window (never with the token in it). */
export function useOpenMenu(): (entry: MenuEntry) => void {
  const navigate = useNavigate();
  return (entry) => {
    if (entry.openMode === 'window' && entry.url) {
      window.open(entry.url, '_blank', 'noopener');
      return;
    }
    preloadScreen(entry, { rows: true });
    void navigate(entry.routePath);
  };
}
