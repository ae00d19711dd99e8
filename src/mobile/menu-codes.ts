import { useQuery } from '@tanstack/react-query';
import { fetchRoutes, type MenuNode } from '../client/api/system.ts';
import { session, useSession } from '../client/session.ts';
import { getStore, removeStore, setStore } from '../client/storage.ts';

/**
 * The menus the signed-in user holds (menu/routes), by code: a tab of the phone that belongs to a console screen (出入库
 * is 出入库记录's) shows only for its holders. Kept in local storage for its user, so an offline start shows the same
 * tabs; logging out removes it.
 */
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
  const kept = getStore<Saved>(STORE);
  const { data } = useQuery({
    queryKey: ['mobile', 'menu-codes', owner],
    queryFn: async () => {
      const codes = codesOf(await fetchRoutes());
      try {
        setStore(STORE, { owner, codes } satisfies Saved);
      } catch {
        // Storage full or blocked: the tabs are only asked again at the next start.
      }
      return codes;
    },
    initialData: kept?.owner === owner ? kept.codes : undefined,
    // The kept copy is shown at once and asked again.
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
  });
  return data === undefined ? undefined : data.includes(code);
}
