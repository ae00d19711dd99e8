/** scripts/server-flags.mjs: the node flags the server runs with. */
export const SERVER_NODE_FLAGS: readonly string[];
