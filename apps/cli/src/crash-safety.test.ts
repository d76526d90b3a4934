import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { copiedTables, openStore, type Store } from '@socialquery/store';
import {
  checkpointTestServer,
  createRandom,
  createTestStoreAddress,
  createTestTablespace,
  forumSearchEntries,
  testStoreKind,
  type TestStoreAddress,
} from '@socialquery/store/testing';
import { fakeReddit, REDDIT_CLIENT_ID, REDDIT_CLIENT_SECRET, redditPosts } from '@socialquery/sync/testing';
import { sql } from 'kysely';

/**
 * Commands killed with SIGKILL at random moments (a power cut, the OOM killer): each kill leaves the
 * store readable and exactly as it was before the command (no part of a batch, no search posting
 * without its row), and running the command again finishes the job with the same store a run that
 * was never killed makes. The moments are drawn from a seeded generator over the length of an
 * unkilled run, so some land in start-up, most while rows are written, some at commit.
 * `SOCIALQUERY_TEST_KILLS` sets how many kills an operation gets (default 3). Then an import whose
 * store fills up. What survives what is in docs/reliability.md.
 */

const CLI = fileURLToPath(new URL('../dist/main.js', import.meta.url));
/** `node --import` it into a CLI process: its SQLite store may grow by SOCIALQUERY_TEST_GROWTH_PAGES pages, no more. */
const FULL_STORE = fileURLToPath(new URL('../test/full-store.preload.mjs', import.meta.url));
const KILLS = Number(process.env.SOCIALQUERY_TEST_KILLS ?? 3);

const dir = mkdtempSync(join(tmpdir(), 'sq-killed-'));
const stores: TestStoreAddress[] = [];
afterAll(async () => {
  for (const store of stores) await store.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function newStore(): Promise<string> {
  const store = await createTestStoreAddress({ shared: true });
  stores.push(store);
  return store.address;
}

/** A seeded generator: the same kill moments and dumps in every run. */
function seeded(seed: number): () => number {
  const random = createRandom(seed);
  return () => random.next();
}

/** The CLI's environment for `sync forum` against the fake Reddit at `url`. */
const redditEnv = (url: string) => ({
  SOCIALQUERY_REDDIT_CLIENT_ID: REDDIT_CLIENT_ID,
  SOCIALQUERY_REDDIT_CLIENT_SECRET: REDDIT_CLIENT_SECRET,
  SOCIALQUERY_REDDIT_API_URL: url,
  SOCIALQUERY_REDDIT_AUTH_URL: `${url}/api/v1/access_token`,
});

const COMMUNITIES = ['programming', 'AskReddit', 'gardening', 'science', 'worldnews', 'rust'];

/**
 * Reddit dump lines (`RS_*`/`RC_*` shapes): a submission and a comment on it per index, ids
 * base36 from `first` on, titles and bodies of words drawn with a skew (a few words common, most rare).
 */
async function writeDump(file: string, first: number, count: number): Promise<void> {
  const random = seeded(first + 1);
  const word = () => `w${Math.floor(1 / (random() + 0.0005)).toString(36)}`;
  const text = (n: number) => Array.from({ length: n }, word).join(' ');
  const out = createWriteStream(file);
  for (let i = first; i < first + count; i++) {
    const id = (1_000_000 + i).toString(36);
    const subreddit = COMMUNITIES[i % COMMUNITIES.length]!;
    const created = 1_700_000_000 + i * 13;
    const post = {
      id,
      title: text(10),
      selftext: i % 6 === 0 ? '' : text(30),
      author: `user_${(i * 7) % 997}`,
      subreddit,
      score: Math.floor(random() * 3_000),
      num_comments: 1,
      created_utc: created,
      permalink: `/r/${subreddit}/comments/${id}/post/`,
      url: `https://www.reddit.com/r/${subreddit}/comments/${id}/post/`,
    };
    const comment = {
      id: `c${id}`,
      body: text(25),
      author: `user_${(i * 11) % 997}`,
      subreddit,
      link_id: `t3_${id}`,
      parent_id: `t3_${id}`,
      score: Math.floor(random() * 500),
      created_utc: created + 60,
    };
    if (!out.write(`${JSON.stringify(post)}\n${JSON.stringify(comment)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

interface Run {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>;
}

function startCli(
  address: string,
  args: readonly string[],
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Run {
  const child = spawn(process.execPath, [...nodeArgs, CLI, '--store', address, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  // 'close': the process ended and its output is read to the end
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; out: string; err: string }>(
    (resolve) => child.on('close', (code, signal) => resolve({ code, signal, out, err })),
  );
  return { child, exited };
}

/** Runs a command to its end; fails the test on a non-zero exit. Resolves with how long it took. */
async function runCli(address: string, args: readonly string[], env: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const { code, err } = await startCli(address, args, env).exited;
  if (code !== 0) throw new Error(`socialquery ${args.join(' ')} exited ${String(code)}: ${err}`);
  return performance.now() - started;
}

/** Starts a command and kills it (SIGKILL) after `ms`; resolves once it is gone. */
async function killAfter(
  address: string,
  args: readonly string[],
  ms: number,
  env: Record<string, string> = {},
): Promise<void> {
  const run = startCli(address, args, env);
  await new Promise((resolve) => setTimeout(resolve, ms));
  run.child.kill('SIGKILL');
  await run.exited;
}

/** Starts a command and kills it (SIGKILL) `ms` after it first writes `line` on stderr (or when it ends without). */
async function killAfterLine(
  address: string,
  args: readonly string[],
  line: string,
  ms: number,
  env: Record<string, string> = {},
): Promise<void> {
  const run = startCli(address, args, env);
  await new Promise<void>((resolve) => {
    let err = '';
    run.child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      if (err.includes(line)) resolve();
    });
    void run.exited.then(() => resolve());
  });
  await new Promise((resolve) => setTimeout(resolve, ms));
  run.child.kill('SIGKILL');
  await run.exited;
}

/**
 * Columns a state leaves out: they hold the moment of a run (the counts' reading time, a target's
 * last and next run) or count runs (a target's runs and the records each found new), which differ
 * between a run never killed and killed runs with their re-run, not what the runs stored.
 */
const DATED: Readonly<Record<string, readonly string[]>> = {
  observations: ['observed_at'],
  sync_targets: [
    'last_run_at',
    'last_success_at',
    'last_error',
    'last_error_at',
    'next_run_at',
    'runs',
    'failures',
    'records_new',
    'records_updated',
    'last_stopped',
    'last_detail',
    'last_quota',
  ],
};

/**
 * What the store holds, table by table: a digest of its rows (sorted, so the order rows were
 * written in does not matter) and their count, without the DATED columns. A SQLite file
 * must pass `integrity_check` to be read at all.
 */
async function stateOf(target: string | Store, tables: readonly string[]): Promise<Record<string, string>> {
  return withStore(target, async (store) => {
    if (typeof target === 'string' && target.startsWith('sqlite:')) {
      const { rows } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(store.db);
      expect(rows.map((row) => row.integrity_check)).toEqual(['ok']);
    }
    const state: Record<string, string> = {};
    for (const table of tables) {
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(store.db);
      const lines = rows.map((row) => {
        for (const column of DATED[table] ?? []) delete row[column];
        return JSON.stringify(row);
      });
      lines.sort();
      state[table] = `${String(lines.length)} ${createHash('sha256').update(lines.join('\n')).digest('hex')}`;
    }
    // the search index as it reads (FTS5 tables' segments depend on how they were written), comparable across stores
    if (tables.includes('forum_posts'))
      state.search = createHash('sha256')
        .update(JSON.stringify(await forumSearchEntries(store.db)))
        .digest('hex');
    return state;
  });
}

/**
 * Runs `read` on the store at an address (opened for it, without migrating, and closed after) or on
 * a store already open: a PostgreSQL server whose disk is full refuses new connections (it cannot
 * write a new backend's relation cache file), where those opened before keep answering, as a
 * running service's do.
 */
async function withStore<T>(target: string | Store, read: (store: Store) => Promise<T>): Promise<T> {
  if (typeof target !== 'string') return read(target);
  const store = await openStore(target, { migrate: false });
  try {
    return await read(store);
  } finally {
    await store.close();
  }
}

/**
 * Kills `args` KILLS times at seeded moments spread over the `span` ms an unkilled run takes. After each kill the
 * store is as it was `before` the command, or (a kill that came after the commit, while the
 * process was exiting) as the whole command leaves it (`after`): never anything between. The loop
 * stops at the first kill that came too late. Returns the moments, and whether the command had committed.
 */
async function killRepeatedly(
  address: string,
  args: readonly string[],
  { span, seed, tables, before, after }: KillPlan,
): Promise<{ moments: number[]; committed: boolean }> {
  const random = seeded(seed);
  const moments: number[] = [];
  for (let kill = 0; kill < KILLS; kill++) {
    // one kill in each of KILLS equal slices of the run, at a seeded place within it
    const ms = Math.round(((kill + random()) * span) / KILLS);
    moments.push(ms);
    await killAfter(address, args, ms);
    const state = await stateOf(address, tables);
    if (JSON.stringify(state) === JSON.stringify(after)) return { moments, committed: true };
    expect({ kill, ms, state }).toEqual({ kill, ms, state: before });
  }
  return { moments, committed: false };
}

interface KillPlan {
  /** How long an unkilled run takes, in ms: the kills land within it. */
  span: number;
  seed: number;
  /** The tables the command writes. */
  tables: readonly string[];
  before: Record<string, string>;
  after: Record<string, string>;
}

const FORUM_TABLES = [
  'forum_posts',
  'forum_comments',
  'forum_reply_counts',
  'forum_thread_versions',
  'forum_activity',
  'forum_activity_authors',
  'observations',
];

describe('killed with SIGKILL, then run again', () => {
  it('import forum reddit-ndjson of a later dump into a store that holds an earlier one', async () => {
    const earlier = join(dir, 'RS_earlier.ndjson');
    const later = join(dir, 'RS_later.ndjson');
    // the later dump is large enough (20,000 records, more than the store holds) for the
    // bulk path, which drops the search index's secondary indexes and builds them before commit
    await writeDump(earlier, 0, 3_000);
    await writeDump(later, 3_000, 10_000);
    const importEarlier = ['import', 'forum', 'reddit-ndjson', earlier];
    const importLater = ['import', 'forum', 'reddit-ndjson', later];

    const clean = await newStore();
    await runCli(clean, importEarlier);
    const span = await runCli(clean, importLater);
    const expected = await stateOf(clean, FORUM_TABLES);

    const killed = await newStore();
    await runCli(killed, importEarlier);
    const before = await stateOf(killed, FORUM_TABLES);
    expect(before).not.toEqual(expected);
    await killRepeatedly(killed, importLater, { span, seed: 53, tables: FORUM_TABLES, before, after: expected });
    await runCli(killed, importLater);
    expect(await stateOf(killed, FORUM_TABLES)).toEqual(expected);
  });

  it('reindex: each kill leaves the search index as it was, and the re-run makes the same one', async () => {
    const dump = join(dir, 'RS_reindexed.ndjson');
    await writeDump(dump, 200_000, 3_000);
    const reindex = ['reindex', '--only', 'forum'];

    const clean = await newStore();
    await runCli(clean, ['import', 'forum', 'reddit-ndjson', dump]);
    const before = await stateOf(clean, FORUM_TABLES);
    const span = await runCli(clean, reindex);
    const expected = await stateOf(clean, FORUM_TABLES);

    const killed = await newStore();
    await runCli(killed, ['import', 'forum', 'reddit-ndjson', dump]);
    expect(await stateOf(killed, FORUM_TABLES)).toEqual(before);
    const { committed } = await killRepeatedly(killed, reindex, {
      span,
      seed: 49,
      tables: FORUM_TABLES,
      before,
      after: expected,
    });
    // a kill after the commit left the store reindexed; another run would count its threads' versions on
    if (!committed) await runCli(killed, reindex);
    expect(await stateOf(killed, FORUM_TABLES)).toEqual(expected);
  });

  it('sync forum: each kill leaves whole pages and no checkpoint ahead of them; the re-run ends as a run never killed', async () => {
    const reddit = await fakeReddit();
    try {
      reddit.posts.push(...redditPosts(1_000, 'programming', Math.floor(Date.now() / 1000)));
      const env = redditEnv(reddit.url);
      const sync = ['sync', 'forum', '--community', 'programming'];
      const tables = [...FORUM_TABLES, 'sync_targets'];

      const clean = await newStore();
      await runCli(clean, sync, env);
      const expected = await stateOf(clean, tables);
      expect(await storedPosts(clean)).toBe(1_000);

      const killed = await newStore();
      const random = seeded(52);
      for (let kill = 0; kill < KILLS; kill++) {
        // after a seeded page's progress line (pages take ms each against the fake: timed kills would miss them)
        const page = 1 + Math.floor(random() * 9);
        await killAfterLine(killed, sync, `page ${String(page)}:`, Math.floor(random() * 10), env);
        const posts = await storedPosts(killed);
        // a page (100 posts) is stored whole or not at all; the target's checkpoint only once the run stored every page
        expect(posts % 100).toBe(0);
        const target = await checkpointOf(killed);
        if (target !== undefined) expect({ posts, target }).toEqual({ posts: 1_000, target });
      }
      await runCli(killed, sync, env);
      expect(await stateOf(killed, tables)).toEqual(expected);
    } finally {
      await reddit.close();
    }
  });

  it('migrate-store: each kill leaves a prefix of the source with its checkpoint, and the re-run goes on from there', async () => {
    const dump = join(dir, 'RS_copied.ndjson');
    await writeDump(dump, 100_000, 3_000);
    const sourceStore = await createTestStoreAddress({ kind: 'sqlite', shared: true });
    stores.push(sourceStore);
    const source = sourceStore.address;
    await runCli(source, ['import', 'forum', 'reddit-ndjson', dump]);
    const copied = FORUM_TABLES.filter((table) => table !== 'observations');

    const clean = await newStore();
    const span = await runCli(clean, ['migrate-store', '--from', source, '--to', clean]);
    const expected = await stateOf(clean, copied);
    expect(expected).toEqual(await stateOf(source, copied));

    const target = await newStore();
    const random = seeded(50);
    const copy = ['migrate-store', '--from', source, '--to', target];
    let resumedFrom: [number, string] = [-1, ''];
    for (let kill = 0; kill < KILLS; kill++) {
      await killAfter(target, copy, Math.round(((kill + random()) * span) / KILLS));
      const checkpoint = await consistentCopy(source, target);
      if (checkpoint === 'finished') break;
      // each kill's checkpoint is at or past the one before: a re-run does not start over
      const [table, after] = checkpoint;
      expect(table > resumedFrom[0] || (table === resumedFrom[0] && after >= resumedFrom[1])).toBe(true);
      resumedFrom = checkpoint;
    }
    await runCli(target, copy);
    expect(await stateOf(target, copied)).toEqual(expected);
  });
});

/**
 * What a killed `migrate-store` leaves in its target: the forum rows up to its checkpoint and no
 * others (posts are copied before comments, each in id order), every search posting of those rows
 * and none of a row not copied. Returns the checkpoint as the place of its table in the copy's
 * order and its first key column (-1 before the first batch), `finished` when the copy had finished.
 */
async function consistentCopy(sourceAddress: string, targetAddress: string): Promise<[number, string] | 'finished'> {
  const source = await openStore(sourceAddress, { migrate: false });
  // a kill in start-up may come before the target's tables exist: opening migrates it, as a re-run does
  const target = await openStore(targetAddress);
  try {
    const recorded = await target.settings.get('copy_checkpoint');
    if (recorded === undefined) {
      // killed before its first batch, or after its last
      const started = (await target.db.selectFrom('forum_posts').select('id').limit(1).execute()).length > 0;
      if (started) return 'finished';
    }
    const { table, after } = (recorded === undefined ? { table: '' } : JSON.parse(recorded)) as {
      table: string;
      after?: [string];
    };
    const idsOf = async (store: typeof source, kind: 'forum_posts' | 'forum_comments') =>
      (await store.db.selectFrom(kind).select('id').orderBy('id').execute()).map((row) => row.id);
    const order = copiedTables.map((copied) => copied.table as string);
    for (const kind of ['forum_posts', 'forum_comments'] as const) {
      const all = await idsOf(source, kind);
      const done = table !== '' && order.indexOf(table) > order.indexOf(kind);
      const upTo = table === kind ? all.filter((id) => after !== undefined && id <= after[0]) : done ? all : [];
      expect({ kind, ids: await idsOf(target, kind) }).toEqual({ kind, ids: upTo });
    }
    // the search index's entries (`kind num word…`): the target's are the source's of the items it holds
    const entries = (store: typeof source) => forumSearchEntries(store.db);
    const numsOf = async (store: typeof source, kind: 'forum_posts' | 'forum_comments') =>
      (await store.db.selectFrom(kind).select('num').execute()).map(
        (row) => `${kind === 'forum_posts' ? 'p' : 'c'} ${String(row.num)}`,
      );
    const present = new Set([...(await numsOf(target, 'forum_posts')), ...(await numsOf(target, 'forum_comments'))]);
    expect(await entries(target)).toEqual(
      (await entries(source)).filter((entry) => present.has(entry.split(' ').slice(0, 2).join(' '))),
    );
    return [order.indexOf(table), after?.[0] ?? ''];
  } finally {
    await source.close();
    await target.close();
  }
}

async function storedPosts(target: string | Store): Promise<number> {
  return withStore(target, async (store) => {
    const { n } = await store.db
      .selectFrom('forum_posts')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(n);
  });
}

/** The checkpoint of the store's one sync target, undefined before its first run has ended. */
async function checkpointOf(target: string | Store): Promise<unknown> {
  return withStore(target, async (store) => {
    const row = await store.db.selectFrom('sync_targets').select('checkpoint').executeTakeFirst();
    return row?.checkpoint ?? undefined;
  });
}

describe(`a ${testStoreKind()} store whose disk fills up`, () => {
  const disks: SmallDiskStore[] = [];
  afterAll(async () => {
    for (const disk of disks) await disk.release();
  });
  const storeOnSmallDisk = async () => {
    const disk = await smallDiskStore();
    disks.push(disk);
    return disk;
  };
  const ranOut = (disk: SmallDiskStore) =>
    `the store ${disk.address} ran out of disk space \\(${disk.cause}\\)`.replaceAll('?', '\\?');

  it('import: exit 3, a message naming the store, the store as it was and readable; with room, the same import succeeds', async () => {
    const earlier = join(dir, 'RS_before_full.ndjson');
    const later = join(dir, 'RS_full.ndjson');
    await writeDump(earlier, 300_000, 500);
    await writeDump(later, 301_000, 3_000);
    const disk = await storeOnSmallDisk();
    await runCli(disk.address, ['import', 'forum', 'reddit-ndjson', earlier]);
    const before = await stateOf(disk.address, FORUM_TABLES);
    const reader = await disk.reader();

    await disk.fill();
    const { code, err } = await disk.start(['import', 'forum', 'reddit-ndjson', later]).exited;
    expect(code).toBe(3);
    expect(err.trim().split('\n').at(-1)).toMatch(
      new RegExp(
        `^error: ${ranOut(disk)}.*?${disk.kind === 'sqlite' ? '; [\\d.]+ [KMGT]?i?B free there now' : ''}\\. ` +
          'Nothing of this import was written \\(the store is as it was\\): free space, then run it again$',
      ),
    );
    // the disk still full: the store answers reads, and holds what it held; its server still checkpoints
    expect(await stateOf(reader, FORUM_TABLES)).toEqual(before);
    expect(await disk.checkpoints()).toBe(true);
    if (reader !== disk.address) await (reader as Store).close();

    disk.free();
    await runCli(disk.address, ['import', 'forum', 'reddit-ndjson', later]);
    expect(await storedPosts(disk.address)).toBe(3_500);
  });

  it('sync forum: the target fails naming the store, whole pages kept, no checkpoint; with room, the run finishes', async () => {
    const reddit = await fakeReddit();
    try {
      reddit.posts.push(...redditPosts(1_000, 'programming', Math.floor(Date.now() / 1000)));
      const env = redditEnv(reddit.url);
      const sync = ['sync', 'forum', '--community', 'programming'];
      const disk = await storeOnSmallDisk();
      await runCli(disk.address, ['migrate']);
      const reader = await disk.reader();

      await disk.fill();
      const { code, out } = await disk.start(sync, env).exited;
      expect(code).toBe(1);
      expect(out).toMatch(
        new RegExp(
          `^forum:community:programming:new: \\d+ pages?, \\d+ new, 0 updated, failed: ${ranOut(disk)}.*\\. The page being ` +
            'written was not stored \\(the ones before it were\\): free space, then run the target again; it goes on from ' +
            'where its last finished run left off \\([\\d.]+ s\\)$',
          'm',
        ),
      );
      const posts = await storedPosts(reader);
      expect(posts % 100).toBe(0);
      expect(posts).toBeLessThan(1_000);
      expect(await checkpointOf(reader)).toBeUndefined();
      expect(await disk.checkpoints()).toBe(true);
      if (reader !== disk.address) await (reader as Store).close();

      disk.free();
      await runCli(disk.address, sync, env);
      expect(await storedPosts(disk.address)).toBe(1_000);
      expect(await checkpointOf(disk.address)).toBeDefined();
    } finally {
      await reddit.close();
    }
  });

  it('migrate-store: exit 3 naming the target and where the copy stopped, whole batches up to its checkpoint; with room, the re-run finishes', async () => {
    const dump = join(dir, 'RS_copied_full.ndjson');
    await writeDump(dump, 400_000, 3_000);
    const sourceStore = await createTestStoreAddress({ kind: 'sqlite', shared: true });
    stores.push(sourceStore);
    const source = sourceStore.address;
    await runCli(source, ['import', 'forum', 'reddit-ndjson', dump]);
    const copied = FORUM_TABLES.filter((table) => table !== 'observations');
    const disk = await storeOnSmallDisk();
    await runCli(disk.address, ['migrate']);
    const copy = ['migrate-store', '--from', source, '--to', disk.address];

    await disk.fill();
    const { code, err } = await disk.start(copy).exited;
    expect(code).toBe(3);
    expect(err.trim().split('\n').at(-1)).toMatch(
      new RegExp(
        `^error: ${ranOut(disk)}.*?${disk.kind === 'sqlite' ? '; [\\d.]+ [KMGT]?i?B free there now' : ''}\\. ` +
          "The copy stopped( in [a-z_]+| while building the target's indexes)?; what it wrote before \\(whole " +
          'batches, up to its checkpoint\\) is kept: free space, then run the same migrate-store again; it resumes there$',
      ),
    );
    expect(await disk.checkpoints()).toBe(true);

    disk.free();
    // what the failed copy left is a prefix of the source, with its checkpoint (or nothing yet)
    expect(await consistentCopy(source, disk.address)).not.toBe('finished');
    await runCli(disk.address, copy);
    expect(await stateOf(disk.address, copied)).toEqual(await stateOf(source, copied));
  });
});

/** A store of the run's kind whose disk can be made all but full (`fill`) and given room again (`free`). */
interface SmallDiskStore {
  kind: 'sqlite' | 'postgres';
  address: string;
  /** What the store's error says, as a regular expression. */
  cause: string;
  fill(): Promise<void>;
  free(): void;
  /** Whether the store's server can still write out what it holds (PostgreSQL: a CHECKPOINT; other databases need it). */
  checkpoints(): Promise<boolean>;
  /** Starts a CLI command on the store, on its disk as it is now. */
  start(args: readonly string[], env?: Record<string, string>): Run;
  /**
   * What reads the store while its disk is full: its address (SQLite), or a store opened before the
   * disk filled (PostgreSQL: withStore); the caller closes an opened one.
   */
  reader(): Promise<string | Store>;
  release(): Promise<void>;
}

async function smallDiskStore(): Promise<SmallDiskStore> {
  if (testStoreKind() === 'sqlite') {
    // the CLI's connections may grow the file by 50 pages once full (full-store.preload.mjs): less than
    // a sync of 1,000 posts or an import of 500 needs
    const address = await newStore();
    let full = false;
    return {
      kind: 'sqlite',
      address,
      cause: 'database or disk is full',
      fill: async () => void (full = true),
      free: () => (full = false),
      checkpoints: async () => true,
      reader: async () => address,
      start: (args, env = {}) =>
        full
          ? startCli(address, args, { ...env, SOCIALQUERY_TEST_GROWTH_PAGES: '50' }, ['--import', FULL_STORE])
          : startCli(address, args, env),
      release: async () => {},
    };
  }
  // PostgreSQL: the database lives in a tablespace on a filesystem of its own, shrunk to what it holds (and a MiB)
  const disk = smallFilesystem(64 * MIB);
  try {
    const space = await createTestTablespace(disk.path);
    const store = await createTestStoreAddress({ kind: 'postgres', tablespace: space.name });
    return {
      kind: 'postgres',
      address: store.address,
      reader: async () => {
        const reader = await openStore(store.address, { migrate: false });
        await reader.ping(); // its connection made now (the pool keeps an idle one 30 s)
        return reader;
      },
      cause: 'could not extend file .*No space left on device.*',
      // what the server holds of the database in memory written out first: only new pages then want room
      // (a page the checkpointer could not write would fail every database's checkpoint on the server)
      fill: async () => {
        if (!(await checkpointTestServer())) throw new Error('CHECKPOINT failed before the disk was filled');
        disk.resize(disk.used() + MIB);
      },
      free: () => disk.resize(64 * MIB),
      checkpoints: checkpointTestServer,
      start: (args, env = {}) => startCli(store.address, args, env),
      release: async () => {
        await store.drop();
        await space.drop();
        disk.release();
      },
    };
  } catch (error) {
    disk.release();
    throw error;
  }
}

const MIB = 1024 * 1024;

/**
 * A tmpfs of `bytes` mounted on a new folder, resized in place (`remount`): a disk that fills up for
 * real. Mounting needs root, as `pnpm test` has where it starts PostgreSQL (.ci/with-test-services.mjs).
 */
function smallFilesystem(bytes: number) {
  const path = mkdtempSync(join(tmpdir(), 'sq-small-disk-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${String(bytes)},mode=0700`, 'tmpfs', path]);
  return {
    path,
    used: () => {
      const stats = statfsSync(path);
      return (stats.blocks - stats.bfree) * stats.bsize;
    },
    resize: (size: number) => execFileSync('mount', ['-o', `remount,size=${String(size)}`, path]),
    release: () => {
      execFileSync('umount', [path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}
