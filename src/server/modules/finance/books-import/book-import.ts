import type { BooksImportProgress } from '../../../../shared/contract/api/finance.schemas.ts';
import type { LocalText } from '../../../../shared/i18n/server-messages.ts';
import type { AuthUser } from '../../../platform/auth-context.ts';
import { EXCEL_MESSAGES } from '../../../platform/entity/excel.ts';
import type { RowError } from '../../../platform/entity/excel-import.ts';
import { XlsxReadError, type XlsxRow } from '../../../platform/entity/xlsx-reader.ts';
import { ApiError, failWith } from '../../../platform/errors.ts';
import type { KeyValueStore } from '../../../platform/kv.ts';
import { openBook, type BookHeader, type RowProblem } from './book-sheet.ts';

/** What the books imports share: the workbook opened or refused, row problems as errors, the progress they report. */

export const BOOK_READ_MESSAGES = {
  /** What a row names that the tenant does not have (an account, a customer, the company). */
  notFound: { zh: '{label}不存在: {name}', en: '{label} not found: {name}' },
  unpackedTooLarge: {
    zh: '导入文件解压后过大,不能超过256MB',
    en: 'The import file is too large once unpacked: at most 256 MB',
  },
} satisfies Record<string, LocalText>;

/** Turns the reader's failures, when opening or while streaming, into the import's messages. */
function readFailure(error: unknown): unknown {
  if (!(error instanceof XlsxReadError)) return error;
  return failWith(error.reason === 'tooLarge' ? BOOK_READ_MESSAGES.unpackedTooLarge : EXCEL_MESSAGES.notXlsx);
}

/** The workbook's book (its header and rows), or a 400: not a workbook, too large, or not this book (`notBook`). */
export async function openBookOrRefuse<K extends string>(
  file: Buffer,
  known: readonly { key: K; names: readonly string[] }[],
  needs: readonly K[],
  notBook: LocalText,
): Promise<{ header: BookHeader<K>; rows: AsyncGenerator<XlsxRow> }> {
  let book;
  try {
    book = await openBook(file, known, needs);
  } catch (error) {
    throw readFailure(error);
  }
  if (!book) throw failWith(notBook);
  const { header, rows } = book;
  async function* guarded() {
    try {
      yield* rows;
    } catch (error) {
      throw readFailure(error);
    }
  }
  return { header, rows: guarded() };
}

/** The sheet's problems as the import's refused rows, each about its column. */
export function refusedRows<K extends string>(problems: Array<RowProblem<K>>): RowError[] {
  return problems.map(({ row, key, message, vars }) => {
    const error = new ApiError(400, message, vars);
    return { row, error: key === undefined ? error : error.about(key) };
  });
}

/** The phases of an import, as the screen's progress bar shows them. */
export type BooksPhase = Exclude<BooksImportProgress['phase'], 'none'>;

/** How often the progress is written while rows stream: every this many rows. */
const PROGRESS_EVERY = 2000;
const PROGRESS_TTL_SECONDS = 15 * 60;

/**
 * An import's progress, kept in the key-value store (Redis when several processes serve: the poll may reach another
 * one) under the caller's tenant, user and the client's name for the import, for `books-import-progress` to read.
 */
export class BooksProgress {
  private readonly key: string | undefined;

  constructor(
    private readonly kv: KeyValueStore,
    user: AuthUser,
    importId: string | undefined,
  ) {
    const id = importId?.trim();
    this.key = id && /^[\w-]{1,64}$/.test(id) ? progressKey(user, id) : undefined;
  }

  /** What is said while a transaction runs, one after the other (sayLater). */
  private queued: Promise<void> = Promise.resolve();

  async say(phase: BooksPhase, total: number, done = 0): Promise<void> {
    if (this.key) await this.kv.set(this.key, JSON.stringify({ phase, total, done }), PROGRESS_TTL_SECONDS);
  }

  /**
   * Said without waiting, in order after what was said so before: from inside the import's transaction. On
   * PostgreSQL the store's write takes another connection of the pool (Redis: its own), so a poll sees the rows
   * written so far; the embedded database's one connection is the transaction's, and the write waits for its end
   * instead of deadlocking it. `said` waits for them (before `done`). A progress that cannot be written is no reason
   * to fail the import.
   */
  sayLater(phase: BooksPhase, total: number, done: number): void {
    this.queued = this.queued.then(() => this.say(phase, total, done)).catch(() => undefined);
  }

  said(): Promise<void> {
    return this.queued;
  }

  /** The rows as they stream, the rows read so far said every PROGRESS_EVERY. */
  async *counting(rows: AsyncIterable<XlsxRow>): AsyncGenerator<XlsxRow> {
    let read = 0;
    for await (const row of rows) {
      if (++read % PROGRESS_EVERY === 0) await this.say('read', 0, read);
      yield row;
    }
  }
}

export const progressKey = (user: AuthUser, importId: string) =>
  `finance:books-import:${user.tenantId}:${user.userId}:${importId}`;

/** The progress of the caller's import `importId`: none when it is unknown, finished long ago or not started. */
export async function booksProgress(kv: KeyValueStore, user: AuthUser, importId: string): Promise<BooksImportProgress> {
  if (!/^[\w-]{1,64}$/.test(importId)) return { phase: 'none', total: 0, done: 0 };
  const saved = await kv.get(progressKey(user, importId));
  return saved ? (JSON.parse(saved) as BooksImportProgress) : { phase: 'none', total: 0, done: 0 };
}
