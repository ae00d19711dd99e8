import type { TestApp } from './app.ts';

/**
 * The app's /api routes as `METHOD /url`, read from Fastify's own route tree: the access-rights and fuzz suites
 * cover every route from this list, so a new route is covered (or fails by name) without anyone listing it.
 */
export const apiRoutes = (t: TestApp): string[] => parseRoutes(t.app.printRoutes({ commonPrefix: false }));

/** METHOD URL of every /api route, read from Fastify's route tree (`printRoutes`, one node a line). */
export function parseRoutes(text: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of text.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    const path = (depth ? stack[depth - 1] : '') + match[2];
    stack[depth] = path;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '')
      .split(',')
      .map((m) => m.trim())
      .filter((m) => m && m !== 'HEAD'))
      routes.push(`${method} ${path}`);
  }
  return routes.filter((r) => r.split(' ')[1].startsWith('/api/'));
}
