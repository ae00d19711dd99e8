/**
 * Runs `work` once the page is idle (at the latest after `timeoutMs`), for what must not compete with the screen being
 * drawn; browsers without requestIdleCallback wait a second. Returns its cancellation.
 */
export function whenIdle(work: () => void, timeoutMs = 5000): () => void {
  if (typeof requestIdleCallback !== 'function') {
    const timer = setTimeout(work, 1000);
    return () => clearTimeout(timer);
  }
  const handle = requestIdleCallback(work, { timeout: timeoutMs });
  return () => cancelIdleCallback(handle);
}
