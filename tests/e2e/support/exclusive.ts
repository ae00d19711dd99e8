import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A lock shared by the test workers (the desktop and phone projects run at the same time against one server). Tests
 * that depend on state every session shares, such as the admin's messages or the served `dist/sw.js`, run under it.
 * A lock left by a worker that died is taken over.
 */
const LOCK_ROOT = 'tests/.tmp/e2e-locks';

function holderAlive(dir: string): boolean {
  try {
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    if (!pid) return false;
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // No pid file yet: the holder is between mkdir and writing it.
    return (error as NodeJS.ErrnoException).code === 'ENOENT' && !pidFileMissingTooLong(dir);
  }
}

const firstSeen = new Map<string, number>();
function pidFileMissingTooLong(dir: string): boolean {
  const seen = firstSeen.get(dir) ?? Date.now();
  firstSeen.set(dir, seen);
  return Date.now() - seen > 5_000;
}

export async function exclusive<T>(name: string, body: () => Promise<T>, timeoutMs = 120_000): Promise<T> {
  mkdirSync(LOCK_ROOT, { recursive: true });
  const dir = join(LOCK_ROOT, name);
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(dir);
      writeFileSync(join(dir, 'pid'), String(process.pid));
      firstSeen.delete(dir);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!holderAlive(dir)) {
        rmSync(dir, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > until) throw new Error(`lock ${name} still held after ${timeoutMs} ms`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await body();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
