/** scripts/build.mjs: builds the web app and the server, each only when its sources changed. */
export function buildChanged(options?: { force?: boolean; only?: 'client' | 'server' }): Promise<string[]>;
