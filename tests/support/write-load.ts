import { randomBytes } from 'node:crypto';
import { get, post } from './process.ts';

/**
 * Write load through the real API for the process-level tests (kill -9, backup): `clients` loops, each submitting
 * system parameters (a small dictionary-like entity) one after another until it is stopped or the server goes away.
 * A key counts as acknowledged only once its submit answered 200 with success.
 */
export interface WriteLoad {
  /** Every key whose write the server acknowledged, in order. */
  acked: string[];
  /** Resolves once `count` writes are acknowledged (rejects when every client stopped before). */
  reached(count: number): Promise<void>;
  /** Ends the loops after their current request; resolves when they have. */
  stop(): Promise<void>;
  /** Resolves when every client has stopped (stopped, or its server is gone). */
  done: Promise<void>;
}

export const PARAM_SUBMIT = '/api/blade-system/param/submit';

export function startWriteLoad(base: string, token: string, prefix: string, clients = 6): WriteLoad {
  const acked: string[] = [];
  let stopping = false;
  let waiters: Array<{ count: number; resolve(): void }> = [];
  const client = async (c: number) => {
    for (let i = 0; !stopping; i++) {
      const key = `${prefix}.${c}.${i}`;
      const res = await post(base, PARAM_SUBMIT, token, { paramName: key, paramKey: key, paramValue: 'v' }).catch(
        () => undefined, // the server went away (killed or stopped): this client is done
      );
      if (!res) return;
      if (res.status !== 200 || !res.body?.success) throw new Error(`write ${key} refused: ${res.status} ${res.text}`);
      acked.push(key);
      waiters = waiters.filter((w) => (acked.length >= w.count ? (w.resolve(), false) : true));
    }
  };
  const done = Promise.all(Array.from({ length: clients }, (_, c) => client(c))).then(() => undefined);
  return {
    acked,
    reached: (count) =>
      acked.length >= count
        ? Promise.resolve()
        : Promise.race([
            new Promise<void>((resolve) => waiters.push({ count, resolve })),
            done.then(() => {
              throw new Error(`the writers stopped after ${acked.length} of ${count} writes`);
            }),
          ]),
    stop: () => {
      stopping = true;
      return done;
    },
    done,
  };
}

/** A prefix no other test's keys start with. */
export const uniquePrefix = (name: string) => `${name}-${randomBytes(3).toString('hex')}`;

/** The keys of the parameters whose key starts with `prefix` (at most 1000, the page size limit). */
export async function paramKeys(base: string, token: string, prefix: string): Promise<Set<string>> {
  const res = await get(base, `/api/blade-system/param/list?paramKey=${encodeURIComponent(prefix)}&size=1000`, token);
  if (res.status !== 200) throw new Error(`param list: ${res.status} ${res.text}`);
  const records: Array<{ paramKey: string }> = res.body.data.records;
  if (res.body.data.total > records.length) throw new Error(`more than ${records.length} parameters match ${prefix}`);
  return new Set(records.map((r) => r.paramKey).filter((key) => key.startsWith(prefix)));
}
