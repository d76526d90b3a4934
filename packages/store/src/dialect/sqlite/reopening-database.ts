import type { Database as SqliteConnection } from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';
import { withStatementCache } from './statement-cache.js';

/**
 * Failures after which a connection's view of the file cannot be trusted: its page cache may hold
 * pages read while the file was damaged (SQLite keeps them while the WAL is unchanged, so the
 * connection goes on failing after the file is repaired), or the file it holds open is not the one
 * at its path any more.
 */
const STALE_VIEW = /^SQLITE_(IOERR|CORRUPT|NOTADB|CANTOPEN|READONLY_DBMOVED)/;

export const isStaleView = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && STALE_VIEW.test(String((error as { code?: unknown }).code));

/**
 * Why a connection is opened: `reopen` replaces one that failed, while requests wait on it, so
 * its set-up should give up quickly rather than wait out a lock (the next reopen retries).
 */
export type OpenPurpose = 'first' | 'reopen';

export interface ReopenOptions {
  /** Wait before a reopen that follows a failed one (default 250 ms), doubling up to `maxDelayMs` while failures go on. */
  firstDelayMs?: number;
  /** The longest wait between reopens (default 30 s). */
  maxDelayMs?: number;
  now?: () => number;
}

/**
 * A SQLite connection (with its statement cache) that replaces itself after an I/O or corruption
 * failure, so a store whose file was damaged and then repaired or restored serves again without a
 * restart. The next statement after such a failure opens a new connection (`open`, with its
 * pragmas) first; while failures go on, reopens are spaced out (250 ms, doubling, at most 30 s),
 * and a statement that succeeds resets the spacing. A reopen that fails, for any reason, leaves no
 * connection to serve from: statements fail (`The database connection is not open`, which the
 * store maps to unavailable) until the next reopen, due after the same spacing, succeeds. Never in the middle of a transaction: the
 * connection is replaced once the transaction has ended (rolled back by its caller).
 */
export function reopeningDatabase(
  open: (purpose: OpenPurpose) => SqliteConnection,
  options: ReopenOptions = {},
): SqliteDatabase {
  const { firstDelayMs = 250, maxDelayMs = 30_000, now = Date.now } = options;
  let connection = open('first');
  let statements = withStatementCache(connection);
  /** Set after a stale-view failure: the connection is to be replaced at the next statement from then on. */
  let reopenAt: number | undefined;
  /** The wait after a failure before the next reopen: 0 after a success, longer with each reopen that did not help. */
  let delay = 0;

  const failed = (error: unknown) => {
    if (isStaleView(error)) reopenAt ??= now() + delay;
  };
  /** Runs a statement's work; one that reads or writes (`ran`) and succeeds shows the connection healthy. */
  const guarded = <T>(work: () => T, ran = true): T => {
    try {
      const result = work();
      if (ran && reopenAt === undefined) delay = 0;
      return result;
    } catch (error) {
      failed(error);
      throw error;
    }
  };
  const reopenIfDue = () => {
    if (reopenAt === undefined || now() < reopenAt || connection.inTransaction) return;
    reopenAt = undefined;
    delay = Math.min(maxDelayMs, Math.max(firstDelayMs, delay * 2));
    try {
      statements.close();
    } catch {
      // a connection that cannot even close is being replaced anyway
    }
    try {
      connection = open('reopen');
    } catch (error) {
      // whatever stopped the open (a file still damaged, a lock its pragmas could not take), the
      // old connection is closed: statements fail as unavailable until a later reopen succeeds
      reopenAt = now() + delay;
      throw error;
    }
    statements = withStatementCache(connection);
  };

  return {
    close: () => statements.close(),
    prepare(sql: string): SqliteStatement {
      reopenIfDue();
      const statement = guarded(() => statements.prepare(sql), false);
      return {
        reader: statement.reader,
        all: (parameters) => guarded(() => statement.all(parameters)),
        run: (parameters) => guarded(() => statement.run(parameters)),
        iterate: (parameters) => rowsGuarded(statement.iterate(parameters), failed),
      };
    },
  };
}

function* rowsGuarded(rows: IterableIterator<unknown>, failed: (error: unknown) => void): IterableIterator<unknown> {
  try {
    yield* rows;
  } catch (error) {
    failed(error);
    throw error;
  }
}
