import { resolve } from 'node:path';

/** Where the store lives, parsed from `SOCIALQUERY_STORE`. */
export type StoreAddress = { kind: 'sqlite'; path: string };

export const DEFAULT_STORE_ADDRESS = 'sqlite:./data/socialquery.db';

/**
 * `sqlite:<path>` (relative paths resolve against the working directory; `sqlite::memory:`
 * is a private in-memory store). PostgreSQL URLs come in a later version.
 */
export function parseStoreAddress(address: string = DEFAULT_STORE_ADDRESS): StoreAddress {
  if (address.startsWith('sqlite:')) {
    const path = address.slice('sqlite:'.length);
    if (path === '') throw new Error('SOCIALQUERY_STORE: sqlite: needs a file path, e.g. sqlite:./data/socialquery.db');
    return { kind: 'sqlite', path: path === ':memory:' ? path : resolve(path) };
  }
  if (/^postgres(ql)?:\/\//.test(address)) {
    throw new Error('SOCIALQUERY_STORE: PostgreSQL stores are not supported yet; use sqlite:<path>');
  }
  throw new Error(`SOCIALQUERY_STORE: expected sqlite:<path>, got ${JSON.stringify(address)}`);
}
