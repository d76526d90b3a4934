import { DEFAULT_STORE_ADDRESS } from '@socialquery/store';

/** SQLite failures at start that mean the store's file or disk, not the service, is at fault. */
const UNWRITABLE = /^SQLITE_(READONLY|FULL|CANTOPEN|IOERR|PERM)/;

/**
 * The one line printed when the service cannot start. The service writes at start (migrations,
 * WAL mode, the first credentials, the paging secret), so a read-only or full store stops it
 * here, with the store named (password masked) and what to check.
 */
export function startErrorMessage(error: unknown, storeAddress = process.env.SOCIALQUERY_STORE || DEFAULT_STORE_ADDRESS): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && UNWRITABLE.test(code)) {
    const store = storeAddress.replace(/\/\/[^@/]*@/, '//***@');
    return `the store ${store} cannot be written (${code}: ${message}); check that the file and its folder are writable by this user and that the disk has space`;
  }
  return message;
}
