import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { recordScreenVisit, reportScreenVisits } from '../../client/api/home.ts';
import { useMenuEntries } from '../queries.ts';
import { findByRoute } from '../router/menu-routes.ts';

/**
 * Counts each opening of a menu screen, however it was opened (menu, tab, shortcut, address), for the home page's
 * shortcuts; what is counted goes to the server in batches (client/api/home.ts), and before the page is hidden.
 */
export function useScreenVisits() {
  const { entries } = useMenuEntries();
  const { pathname } = useLocation();
  const path = entries && findByRoute(entries, pathname)?.menuPath;
  useEffect(() => {
    if (path) recordScreenVisit(path);
  }, [path]);
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') void reportScreenVisits();
    };
    document.addEventListener('visibilitychange', hidden);
    return () => document.removeEventListener('visibilitychange', hidden);
  }, []);
}
