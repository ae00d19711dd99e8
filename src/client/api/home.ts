import { getData, http } from '../http.ts';
import { HOME_CHARTS_URL, HOME_SHORTCUTS_URL, HOME_VISITS_URL } from '../../shared/contract/api/desk.ts';
import {
  MAX_VISIT_PATHS,
  type HomeChart,
  type MenuVisits,
  type Shortcut,
} from '../../shared/contract/api/desk.schemas.ts';

export type { HomeChart, Shortcut } from '../../shared/contract/api/desk.schemas.ts';

/** The caller's most opened screens, most first. */
export const fetchShortcuts = (size: number) => getData<Shortcut[]>(HOME_SHORTCUTS_URL, { size }, { silent: true });
/** The charts of the modules whose figures the caller may see and has (none: no chart at all). */
export const fetchHomeCharts = () => getData<HomeChart[]>(HOME_CHARTS_URL, undefined, { silent: true });

/**
 * Screen openings not reported yet, by menu path. The console reports them in one request a while after the first
 * (REPORT_AFTER_MS), when the page is hidden, or when the home page is about to read the shortcuts: a user who opens
 * screens all day costs the server a small upsert every half minute at most, never one per opening.
 */
const pending = new Map<string, number>();
const REPORT_AFTER_MS = 30_000;
let timer: ReturnType<typeof setTimeout> | undefined;

/** Counts one opening of the screen at `path` (a menu path), to be reported with the next batch. */
export function recordScreenVisit(path: string) {
  if (!pending.has(path) && pending.size >= MAX_VISIT_PATHS) return;
  pending.set(path, (pending.get(path) ?? 0) + 1);
  timer ??= setTimeout(() => void reportScreenVisits(), REPORT_AFTER_MS);
}

/** Sends the openings counted so far (quietly: a lost batch costs a shortcut's order, nothing else). */
export async function reportScreenVisits(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  if (pending.size === 0) return;
  const visits: MenuVisits['visits'] = [...pending].map(([path, count]) => ({ path, count }));
  pending.clear();
  await http.post(HOME_VISITS_URL, { visits }, { silent: true }).catch(() => undefined);
}
