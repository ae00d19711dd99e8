import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { fetchRoutes, type MenuNode } from '../client/api/system.ts';
import { session, useSession } from '../client/session.ts';
import { getStore, removeStore, setStore } from '../client/storage.ts';

/**
 * The console menus the signed-in user holds (menu/routes): what a desktop path opened on the phone is checked
 * against, and what shows the phone's tabs that belong to a console screen (出入库 is 出入库记录's). One query for both.
 */
export const menuTreeQuery = {
  queryKey: ['mobile', 'desktop-menus'] as const,
  queryFn: () => fetchRoutes(),
  staleTime: 5 * 60_000,
  retry: false,
};

/** The codes held, kept in local storage for their user so an offline start shows the same tabs; gone at logout. */
const STORE = 'mobileMenuCodes';

interface Saved {
  owner: string;
  codes: string[];
}

session.onLogout(() => removeStore(STORE));

function codesOf(tree: MenuNode[]): string[] {
  return tree.flatMap((node) => [node.code, ...codesOf(node.children ?? [])]);
}

/** Whether the signed-in user holds the menu `code`; undefined until known (neither loaded nor kept). */
export function useHoldsMenu(code: string): boolean | undefined {
  const { tenantId, userInfo } = useSession();
  const owner = `${tenantId}:${userInfo?.user_id ?? ''}`;
  const { data: codes } = useQuery({ ...menuTreeQuery, select: codesOf });
  useEffect(() => {
    if (!codes) return;
    try {
      setStore(STORE, { owner, codes } satisfies Saved);
    } catch {
      // Storage full or blocked: an offline start shows the tabs of a user without console screens.
    }
  }, [codes, owner]);
  if (codes) return codes.includes(code);
  const kept = getStore<Saved>(STORE);
  return kept?.owner === owner ? kept.codes.includes(code) : undefined;
}
