/**
 * Saber 4.x and SpringBlade clients call the services without the `/api` prefix the BladeX consoles use
 * (`/blade-auth/token`, `/blade-system/menu/routes`): such a path is the same route as its `/api` form, with the
 * same access rules, because it is rewritten before routing. An unknown one is then an unknown API path (the
 * envelope's 404), never a client-side route of the web app.
 */
const SERVICE_PATH = /^\/blade-[a-z0-9-]*(?=[/?#]|$)/i;

/** The URL a request is routed by: `/blade-<service>/...` gains the `/api` prefix; any other URL is left as it is. */
export function withApiPrefix(url: string): string {
  return SERVICE_PATH.test(url) ? `/api${url}` : url;
}

/** An API path (with the prefix), which the web app's fallback never answers. */
export const isApiPath = (url: string) => /^\/api(?:[/?#]|$)/.test(url);
