// The node flags the server runs with, wherever it is started (package.json's start and serve scripts repeat them:
// tests/architecture/runtime.test.ts holds them equal). A young generation of 2 MB semi-spaces instead of V8's 16 MB:
// the server's short-lived garbage is request-sized, and the default's 32+ MB stay resident once a burst grew them
// (bench/startup.ts: idle RSS 155 -> 105 MB on PostgreSQL, throughput within noise).
// --expose-gc: one full collection when the server turns idle after work (src/server/platform/idle-gc.ts).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--expose-gc'];
