// The node flags the server runs with, wherever it is started (package.json's start and serve scripts repeat them:
// tests/architecture/runtime.test.ts holds them equal). A young generation of 8 MB semi-spaces instead of V8's 16 MB:
// the default's 32+ MB stay resident once a burst grew them (bench/startup.ts: idle RSS 155 -> 105 MB on PostgreSQL
// at 2 MB). 2 MB made the collector 20 % of the server's CPU under load (a scavenge every few dozen requests):
// 8 MB costs 17 % less CPU per request (bench/api.ts, issue 32) for a few MB of idle RSS.
// --expose-gc: one full collection when the server turns idle after work (src/server/platform/idle-gc.ts).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--expose-gc'];
