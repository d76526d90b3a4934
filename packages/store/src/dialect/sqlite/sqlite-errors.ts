/**
 * SQLite failures that mean "the store cannot serve right now" rather than a bug: locked,
 * read-only, full disk, I/O error, file gone.
 */
const UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|READONLY|FULL|IOERR|CANTOPEN|NOTADB|CORRUPT)/;

export function isSqliteUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && UNAVAILABLE.test(code)) ||
    (typeof message === 'string' && message.includes('database connection is not open'))
  );
}
