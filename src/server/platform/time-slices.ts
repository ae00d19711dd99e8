import { setImmediate } from 'node:timers/promises';

/**
 * Long work on the event loop in slices: `await next()` between items lets other requests in (a turn of the event
 * loop) once `ms` have passed since the last turn, and costs a resolved promise otherwise.
 */
export function timeSlices(ms = 20): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < ms) return;
    await setImmediate();
    since = performance.now();
  };
}
