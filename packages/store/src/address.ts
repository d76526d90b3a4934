import { resolve } from 'node:path';

/** Where the store lives, parsed from `SOCIALQUERY_STORE`. */
export type StoreAddress = { kind: 'sqlite'; path: string } | { kind: 'postgres'; url: string };

export const DEFAULT_STORE_ADDRESS = 'sqlite:./data/socialquery.db';

/**
 * `sqlite:<path>` (relative paths resolve against the working directory; `sqlite::memory:`
 * is a private in-memory store) or `postgres://user:pass@host:port/db` (also `postgresql://`).
 */
export function parseStoreAddress(address: string = DEFAULT_STORE_ADDRESS): StoreAddress {
  if (address.startsWith('sqlite:')) {
    const path = address.slice('sqlite:'.length);
    if (path === '') throw new Error('SOCIALQUERY_STORE: sqlite: needs a file path, e.g. sqlite:./data/socialquery.db');
    return { kind: 'sqlite', path: path === ':memory:' ? path : resolve(path) };
  }
  if (/^postgres(ql)?:\/\//.test(address)) {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new Error('SOCIALQUERY_STORE: not a valid postgres:// URL');
    }
    if (!url.hostname || url.pathname.length <= 1) {
      throw new Error(
        'SOCIALQUERY_STORE: a postgres URL needs a host and a database, e.g. postgres://user:pass@host:5432/db',
      );
    }
    return { kind: 'postgres', url: address };
  }
  throw new Error(`SOCIALQUERY_STORE: expected sqlite:<path> or postgres://…, got ${JSON.stringify(redact(address))}`);
}

/** The address with any password masked, for logs and messages. */
export function redact(address: string): string {
  return address.replace(/^(\w+:\/\/[^:/@]*):[^@/]*@/, '$1:***@');
}

/** The address as `SOCIALQUERY_STORE` writes it (what `parseStoreAddress` reads back), password included. */
export function formatStoreAddress(address: StoreAddress): string {
  return address.kind === 'sqlite' ? `sqlite:${address.path}` : address.url;
}

/** The address for logs and messages: formatted, with any password masked. */
export function describeAddress(address: StoreAddress): string {
  return redact(formatStoreAddress(address));
}
