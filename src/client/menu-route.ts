import type { MenuNode } from './api/system.ts';

/**
 * Where a server menu leads in the desktop console. Shared client code: the phone reads it too, to tell a desktop
 * screen's path (sent to its home) from a path no layout knows (sent to /404).
 */

export type OpenMode = 'route' | 'iframe' | 'window';

const NEW_WINDOW = 2;
const URL_PATTERN = /^https?:\/\//i;

export const isExternal = (path: string) => URL_PATTERN.test(path);

/**
 * Saber's `${token}` placeholder in a menu's address: the page wants the access token in its URL, where proxies and
 * logs keep it. The console never fills it in; such a menu opens in the console, which says why it goes no further.
 */
export const asksForToken = (url: string) => url.includes('${token}');

/** A URL whose query names a `target` opens in a new window, like `isOpen` 2. */
function hasTargetQuery(url: string): boolean {
  try {
    return new URL(url).searchParams.has('target');
  } catch {
    return false;
  }
}

export function iframePath(node: Pick<MenuNode, 'code' | 'id'>): string {
  return `/myiframe/${encodeURIComponent(node.code || node.id)}`;
}

/**
 * Where a menu leads: a leaf path without children gets `/index`; http(s) paths go to the iframe page or a new window
 * (one asking for the token: the iframe page, which does not open it).
 */
export function routeOf(node: MenuNode): { routePath: string; openMode: OpenMode; url?: string } {
  const path = node.path.trim();
  if (isExternal(path)) {
    const newWindow = (node.isOpen === NEW_WINDOW || hasTargetQuery(path)) && !asksForToken(path);
    return newWindow
      ? { routePath: path, openMode: 'window', url: path }
      : { routePath: iframePath(node), openMode: 'iframe', url: path };
  }
  const leaf = !node.children || node.children.length === 0;
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return { routePath: leaf && !clean.endsWith('/index') ? `${clean}/index` : clean, openMode: 'route' };
}
