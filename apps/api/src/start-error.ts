import { DEFAULT_STORE_ADDRESS, redact } from '@socialquery/store';

/** SQLite failures at start that mean the store's file or disk, not the service, is at fault. */
const UNWRITABLE = /^SQLITE_(READONLY|FULL|CANTOPEN|IOERR|PERM)/;

/**
 * The one line printed when the service cannot start. The service writes at start (migrations,
 * WAL mode, the first credentials, the paging secret, the demo data), so a read-only or full
 * store stops it here, with the store named (password masked) and what to check. The SQLite error
 * may be the cause of another (a failed migration wraps the error that failed it).
 */
export function startErrorMessage(
  error: unknown,
  storeAddress = process.env.SOCIALQUERY_STORE || DEFAULT_STORE_ADDRESS,
): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = unwritableCode(error);
  if (code) {
    return `the store ${redact(storeAddress)} cannot be written (${code}: ${message}); check that the file and its folder are writable by this user and that the disk has space`;
  }
  return message;
}

/**
 * A command's entry point: runs `main` and sets its exit code; a failure to start is one line on
 * stderr, `<command>: <startErrorMessage>`, no stack trace, exit code 1.
 */
export function runAsProcess(command: string, main: () => Promise<number | undefined>): void {
  main().then(
    (code) => {
      if (code !== undefined) process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`${command}: ${startErrorMessage(error)}`);
      process.exitCode = 1;
    },
  );
}

/** The code of the first error in the `cause` chain that says the store cannot be written. */
function unwritableCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  for (
    let current = error;
    typeof current === 'object' && current !== null && !seen.has(current);
    current = (current as { cause?: unknown }).cause
  ) {
    seen.add(current);
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && UNWRITABLE.test(code)) return code;
  }
  return undefined;
}
