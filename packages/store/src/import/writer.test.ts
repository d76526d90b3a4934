import type { Store } from '../store.js';
import { openTestStore, testStoreKind } from '../testing.js';
import { toForumRow } from '../platforms/forum/rows.js';
import type { ImportItem } from './types.js';
import { writeImport } from './writer.js';

let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());

const post = (n: number, title: string | null = `post ${n}`): ImportItem => {
  const values = toForumRow({
    id: `w${n}`,
    community: 'writer',
    author: 'a',
    title: 'x',
    content: '',
    upvotes: 0,
    downvotes: 0,
    score: n,
    commentCount: 0,
    createdAt: 1_700_000_000_000 + n,
    url: '',
  });
  Reflect.set(values, 'title', title);
  return { location: `line ${n}`, rows: [{ table: 'forum_posts', values }] };
};

/** The items as an importer yields them: one at a time, or an array at a time. */
async function* read(...reads: (ImportItem | ImportItem[])[]): AsyncGenerator<ImportItem | readonly ImportItem[]> {
  yield* reads;
}

const stored = async () =>
  (await store.db.selectFrom('forum_posts').select('id').where('community', '=', 'writer').orderBy('id').execute()).map(
    (row) => row.id,
  );

describe(`writeImport: a batch is written while the next is read (${testStoreKind()})`, () => {
  it('writes every batch, in order, with the counts of each', async () => {
    const items = Array.from({ length: 10 }, (_, i) => post(i));
    const progress: number[] = [];
    const summary = await writeImport(store.db, read(items.slice(0, 2), items[2]!, items.slice(3)), {
      recordsPerFlush: 3,
      onProgress: (s) => progress.push(s.imported + s.updated),
    });
    expect(summary).toMatchObject({ imported: 10, updated: 0, skipped: 0 });
    expect(progress).toEqual([3, 6, 9, 10]);
    expect(await stored()).toHaveLength(10);
    const again = await writeImport(store.db, read(post(9), [post(10), post(10)]), { recordsPerFlush: 2 });
    // w9 is stored as it is; w10 is new, then the same again within its batch
    expect(again).toMatchObject({ imported: 1, updated: 0, unchanged: 2 });
  });

  it('a write that fails while the next batch is read fails the import, which leaves the store as it was and reads at most one batch ahead', async () => {
    const before = await stored();
    let read = 0;
    async function* items(): AsyncGenerator<ImportItem> {
      for (let n = 100; n < 130; n++) {
        read += 1;
        yield post(n, n === 104 ? null : `post ${n}`);
      }
    }
    await expect(writeImport(store.db, items(), { recordsPerFlush: 3 })).rejects.toMatchObject({
      message: expect.stringMatching(/null/i),
    });
    expect(await stored()).toEqual(before);
    // the failing batch (103–105) was being written while 106–108 were read; nothing after that
    expect(read).toBeLessThanOrEqual(9);
  });

  it('counts new, updated and unchanged records exactly whether a batch sorts after everything stored or among it', async () => {
    const id = (n: number) => post(n).location.replace('line ', 'w');
    const count = (items: ImportItem[]) => writeImport(store.db, read(items), { recordsPerFlush: 2 });
    // w990, w991 sort after every stored id (w0…w10, whose largest in text order is w9): new without a probe per record
    expect(await count([post(990), post(991)])).toMatchObject({ imported: 2, updated: 0, unchanged: 0 });
    // batches whose smallest id sorts below the stored largest: the stored ones (w991, w3) found one by one
    expect(await count([post(992), post(991), post(3), post(45)])).toMatchObject({
      imported: 2,
      updated: 0,
      unchanged: 2,
    });
    expect(await count([post(3, 'changed'), post(991)])).toMatchObject({ imported: 0, updated: 1, unchanged: 1 });
    // above the largest again, with a repeat of a batch's own record
    expect(await count([post(995), post(995), post(999)])).toMatchObject({ imported: 2, updated: 0, unchanged: 1 });
    expect(await stored()).toEqual(expect.arrayContaining([990, 991, 992, 3, 45, 995, 999].map(id)));
  });

  it('a row a batch mentions again counts once for what it changes: the store is compared once, the mentions with each other', async () => {
    const title = async (n: number) =>
      (await store.db.selectFrom('forum_posts').select('title').where('id', '=', `w${n}`).executeTakeFirstOrThrow())
        .title;
    const once = (...items: ImportItem[]) => writeImport(store.db, read(items), { recordsPerFlush: 10 });
    const counts = async (...items: ImportItem[]) => {
      const { imported, updated, unchanged, tables } = await once(...items);
      expect(tables.forum_posts).toEqual({ imported, updated, unchanged });
      return { imported, updated, unchanged };
    };
    // new, then changed within the batch: inserted once with the last values
    expect(await counts(post(600, 'a'), post(600, 'b'))).toEqual({ imported: 1, updated: 1, unchanged: 0 });
    expect(await title(600)).toBe('b');
    // stored as the first mention has it; the second changes it
    expect(await counts(post(600, 'b'), post(600, 'c'))).toEqual({ imported: 0, updated: 1, unchanged: 1 });
    // both change it alike: one change
    expect(await counts(post(600, 'd'), post(600, 'd'))).toEqual({ imported: 0, updated: 1, unchanged: 1 });
    // changed and changed back within the batch: the stored row is as it was, nothing is counted as changed
    expect(await counts(post(600, 'e'), post(600, 'd'))).toEqual({ imported: 0, updated: 0, unchanged: 2 });
    expect(await title(600)).toBe('d');
  });
});

describe(`writeImport: the importer's derived data follows changes only (${testStoreKind()})`, () => {
  /** The tables each run of afterImport was told of, one entry a run. */
  const runsOf = async (...items: ImportItem[]) => {
    const runs: string[][] = [];
    await writeImport(store.db, read(items), {
      afterImport: async (_trx, written) => void runs.push([...written]),
    });
    return runs;
  };

  it('runs afterImport with the tables whose rows changed, and not at all when the import changed nothing', async () => {
    expect(await runsOf(post(700), post(701))).toEqual([['forum_posts']]);
    expect(await runsOf(post(700), post(701))).toEqual([]);
    expect(await runsOf(post(700), post(701, 'edited'))).toEqual([['forum_posts']]);
    expect(await runsOf(post(702))).toEqual([['forum_posts']]);
  });
});
