import { DEFINITIONS } from './catalog.ts';
import { pickerTargetsOf, type RefTarget } from './define.ts';

export type { RefTarget };

/**
 * Every entity a reference may name, by name: the console's definitions (client-only, as catalog.ts is), and the
 * live entities a live screen's fields reference, learned with its definition (learnRefTargets).
 */
export const REF_TARGETS: Readonly<Record<string, RefTarget>> = pickerTargetsOf(DEFINITIONS);

/** Adds the live entities a live screen references; a name the console's definitions have keeps its own. */
export function learnRefTargets(targets: Readonly<Record<string, RefTarget>> | undefined): void {
  for (const [name, target] of Object.entries(targets ?? {}))
    if (!Object.hasOwn(REF_TARGETS, name)) (REF_TARGETS as Record<string, RefTarget>)[name] = target;
}
