import type { BooksImportProgress } from '../../../shared/contract/api/finance.schemas.ts';

/** The steps a books import shows: the upload, then the server's phases (books-import-progress). */
export const BOOKS_STEPS = ['upload', 'read', 'check', 'write'] as const;

/** Where an import stands on screen: its step, the bar's percent when one is known, and the words under it. */
export interface BooksStage {
  step: number;
  percent?: number;
  text: { key: string; count?: number; percent?: number };
}

/**
 * The stage of an import from the upload's percent and the server's last answered progress. The file goes up first
 * (the bar is the upload's); once it is up, the server reads it (the rows read so far), checks its lines, writes
 * them. A progress of an earlier phase than the one shown (an answer overtaken by a later one) never moves it back:
 * the caller keeps the furthest answer (`furthest`).
 */
export function booksStage(uploaded: number, server: BooksImportProgress | undefined): BooksStage {
  const phase = server?.phase ?? 'none';
  if (uploaded < 100 && phase === 'none')
    return { step: 0, percent: uploaded, text: { key: 'uploading', percent: uploaded } };
  switch (phase) {
    case 'read':
      return server!.done > 0
        ? { step: 1, text: { key: 'reading', count: server!.done } }
        : { step: 1, text: { key: 'opening' } };
    case 'check':
      return { step: 2, text: { key: 'checking', count: server!.total } };
    case 'write':
      return { step: 3, text: { key: 'writing', count: server!.total } };
    case 'done':
      return { step: 3, percent: 100, text: { key: 'written', count: server!.total } };
    default:
      // Uploaded, not yet begun: another import of the tenant runs first, or the server is still receiving it.
      return { step: 1, text: { key: 'waiting' } };
  }
}

const ORDER = ['none', 'read', 'check', 'write', 'done'] as const;

/** The later of two progress answers (polls may answer out of order; within a phase, the one further on). */
export function furthest(previous: BooksImportProgress | undefined, next: BooksImportProgress): BooksImportProgress {
  if (!previous) return next;
  const before = ORDER.indexOf(previous.phase);
  const after = ORDER.indexOf(next.phase);
  if (after !== before) return after > before ? next : previous;
  return next.done >= previous.done ? next : previous;
}

/** A name for one import, to ask its progress by (crypto.randomUUID needs a secure context; this does not). */
export function newImportId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
