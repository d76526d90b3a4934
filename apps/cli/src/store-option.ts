import { openStore, type Store } from '@socialquery/store';

export interface StoreOption {
  store?: string;
}

/** Opens the store named by --store, else SOCIALQUERY_STORE, else the default; closes it after `work`. */
export async function withStore<T>(options: StoreOption, work: (store: Store) => Promise<T>): Promise<T> {
  const store = await openStore(options.store ?? process.env.SOCIALQUERY_STORE);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}
