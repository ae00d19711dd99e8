import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { WAREHOUSE_PATHS } from '../../paths.ts';

/**
 * A hardware scanner in keyboard-wedge mode types its code as a burst of keys ending in Enter, far faster than a
 * person: each key within `WEDGE_MAX_GAP_MS` of the one before, at least `WEDGE_MIN_LENGTH` of them.
 */
export const WEDGE_MAX_GAP_MS = 50;
export const WEDGE_MIN_LENGTH = 4;

/** Marks the input a burst may be typed into (the part field): elsewhere a text field keeps its keys. */
export const WEDGE_TARGET_ATTRIBUTE = 'data-wedge-target';

export interface WedgeKey {
  /** `KeyboardEvent.key`: one printable character, `Enter`, or another key name. */
  key: string;
  /** `KeyboardEvent.timeStamp` (ms). */
  at: number;
}

/**
 * Reads key presses and answers the scanned code when a burst ends in Enter, else undefined. Pure timing: a slow key
 * starts a new burst; keys without a character (Shift, which scanners send before capitals) are passed over.
 */
export function createWedgeReader(maxGapMs = WEDGE_MAX_GAP_MS, minLength = WEDGE_MIN_LENGTH) {
  let burst = '';
  let lastAt = -Infinity;
  return (press: WedgeKey): string | undefined => {
    const inTime = press.at - lastAt < maxGapMs;
    if (press.key === 'Enter') {
      const code = inTime && burst.length >= minLength ? burst : undefined;
      burst = '';
      lastAt = -Infinity;
      return code;
    }
    if (press.key.length !== 1) return undefined;
    burst = inTime ? burst + press.key : press.key;
    lastAt = press.at;
    return undefined;
  };
}

/** Whether keys typed at `target` would go into a text field other than the part field. */
function typedIntoAnotherField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest(`[${WEDGE_TARGET_ATTRIBUTE}]`)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Calls `onScan` with each code a wedge scanner types while the focus is on no text field, or on the part field (where
 * its Enter is then taken: the code replaces what the field held). Listens on the window while mounted.
 */
export function useWedgeScanner(onScan: (code: string) => void) {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    const read = createWedgeReader();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || typedIntoAnotherField(event.target)) return;
      const code = read({ key: event.key, at: event.timeStamp });
      if (code === undefined) return;
      event.preventDefault();
      event.stopPropagation();
      latest.current(code);
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
}

/** On the 出入库 list and a movement's page: a scanned code opens the new-movement form, which looks it up. */
export function useScanOpensMovementForm() {
  const navigate = useNavigate();
  useWedgeScanner((code) => navigate(WAREHOUSE_PATHS.add, { state: { scanned: code } }));
}
