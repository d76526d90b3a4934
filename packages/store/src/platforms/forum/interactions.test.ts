import type { InteractionsQuery, UserInteraction } from '@socialquery/forum/server';
import { CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../../schema.js';
import { openPlannedDb, type PlannedDb } from '../query-plans.case.js';
import {
  type ForumCommentInput,
  type ForumPostInput,
  toForumCommentRow,
  toForumRow,
  upsertForumCommentRows,
  upsertForumRows,
} from './rows.js';
import { createSqlForumSource } from './source.js';

const NOW = Date.parse('2026-01-01T00:00:00.000Z');
const MINUTE = 60_000;
/** A moment `minutes` before NOW: the fixture's times. */
const ago = (minutes: number) => NOW - minutes * MINUTE;

const post = (id: string, author: string, community: string, minutes: number): ForumPostInput => ({
  id,
  community,
  author,
  title: id,
  content: '',
  upvotes: 1,
  downvotes: 0,
  score: 1,
  commentCount: 0,
  createdAt: ago(minutes),
  url: '',
});

const comment = (
  id: string,
  author: string,
  [postId, parentId]: [string, string | null],
  community: string,
  minutes: number,
): ForumCommentInput => ({
  id,
  postId,
  parentId,
  community,
  author,
  body: id,
  score: 1,
  createdAt: ago(minutes),
  edited: false,
  distinguished: null,
  stickied: false,
  deleted: false,
  removed: false,
  url: '',
});

/**
 * The user is Xena (spelt Xena, xena and XENA). Yan (Yan, yaN, yan, YAN, yAN) interacts every way;
 * Zed once to and twice from (once by a comment in Beta on Xena's post in Alpha); Bo, amy, _cat,
 * Ugo and Émile once each. The rest must count for nobody: Xena's replies to herself, to `[deleted]` and to items
 * the store does not hold; `[deleted]`'s replies to her; a reply in her thread to a missing comment;
 * replies between others; Yan's latest post, which is no interaction.
 */
const POSTS: ForumPostInput[] = [
  post('pY1', 'Yan', 'Alpha', 100),
  post('pZ1', 'Zed', 'Beta', 95),
  post('pX1', 'Xena', 'Alpha', 90),
  post('pX2', 'xena', 'Beta', 85),
  post('pD', '[deleted]', 'Alpha', 84),
  post('pY2', 'yAN', 'Alpha', 1),
];

const COMMENTS: ForumCommentInput[] = [
  // others' items Xena replies to, and a reply between others
  comment('cBo1', 'Bo', ['pY1', null], 'Alpha', 70),
  comment('cY1', 'yaN', ['pZ1', null], 'Beta', 60),
  comment('cN1', 'Bo', ['pZ1', 'cY1'], 'Beta', 25),
  // repliesTo: Xena's top-level comments on others' posts, and replies to others' comments
  comment('cA1', 'Xena', ['pY1', null], 'Alpha', 50),
  comment('cA2', 'XENA', ['pZ1', 'cY1'], 'Beta', 40),
  comment('cA3', 'xena', ['pZ1', null], 'Beta', 35),
  comment('cA4', 'Xena', ['pY1', 'cBo1'], 'Alpha', 65),
  // repliesFrom: others' top-level comments on Xena's posts, and replies to her comments
  comment('cB1', 'yan', ['pX1', null], 'Alpha', 30),
  comment('cB2', 'YAN', ['pY1', 'cA1'], 'Alpha', 20),
  comment('cZ1', 'Zed', ['pZ1', 'cA2'], 'Beta', 10),
  comment('cZ2', 'zed', ['pX1', null], 'Beta', 12),
  comment('cAmy', 'amy', ['pX2', null], 'Beta', 15),
  comment('cCat', '_cat', ['pY1', 'cA4'], 'Alpha', 14),
  comment('cUgo', 'Ugo', ['pX2', null], 'Beta', 75),
  comment('cEmile', 'Émile', ['pY1', 'cA4'], 'Alpha', 62),
  // Xena to herself: on her post, to her comments
  comment('cS1', 'Xena', ['pX1', null], 'Alpha', 45),
  comment('cS2', 'xena', ['pY1', 'cA1'], 'Alpha', 44),
  comment('cS3', 'XENA', ['pX1', 'cS1'], 'Alpha', 43),
  // [deleted]: Xena's comment on its post, its replies to Xena
  comment('cD1', 'Xena', ['pD', null], 'Alpha', 42),
  comment('cD2', '[deleted]', ['pY1', 'cA1'], 'Alpha', 41),
  comment('cD3', '[deleted]', ['pX1', null], 'Alpha', 39),
  // parents the store does not hold: a comment, a post, a comment in Xena's thread
  comment('cM1', 'Xena', ['pY1', 'gone'], 'Alpha', 33),
  comment('cM2', 'Xena', ['p-gone', null], 'Alpha', 32),
  comment('cM3', 'Dot', ['pX1', 'gone'], 'Alpha', 31),
];

let planned: PlannedDb;
let db: Kysely<Database>;
beforeAll(async () => {
  planned = await openPlannedDb();
  db = planned.db;
  await upsertForumRows(db, POSTS.map(toForumRow));
  await upsertForumCommentRows(db, COMMENTS.map(toForumCommentRow));
});
afterAll(() => planned.close());

const interactions = (query: Partial<InteractionsQuery> = {}, store = db) =>
  createSqlForumSource(store).userInteractions({ username: 'xENA', limit: 100, minCount: 1, ...query });
const entry = (username: string, repliesTo: number, repliesFrom: number): UserInteraction => ({
  username,
  repliesTo,
  repliesFrom,
});

/** Every interaction of the fixture, in order: totals descending, ties by the lower-cased name in code-point order. */
const ALL = [
  entry('YAN', 2, 2),
  entry('Zed', 1, 2),
  entry('_cat', 0, 1),
  entry('amy', 0, 1),
  entry('Bo', 1, 0),
  entry('Ugo', 0, 1),
  entry('Émile', 0, 1),
];

describe('userInteractions', () => {
  it('counts each way once per comment, by the other user, whatever the spelling', async () => {
    // Yan: Xena on Yan's post (cA1), to Yan's comment (cA2); Yan on Xena's post (cB1), to her comment (cB2)
    expect(await interactions()).toEqual(ALL);
    for (const username of ['xena', 'XENA', 'Xena']) expect(await interactions({ username })).toEqual(ALL);
  });

  it('leaves out the user, [deleted], and comments whose parent is not stored', async () => {
    const names = (await interactions()).map((found) => found.username.toLowerCase());
    expect(names).not.toContain('xena');
    expect(names).not.toContain('[deleted]');
    // Dot's reply in Xena's thread has no stored parent: it replies to nobody
    expect(names).not.toContain('dot');
    // the window of Xena's comments on a missing post and to a missing comment, and of Dot's: nothing
    expect(await interactions({ window: { after: new Date(ago(34)), before: new Date(ago(30.5)) } })).toEqual([]);
    expect(await interactions({ username: 'nobody' })).toEqual([]);
  });

  it("the user's replies and the others' replies to them are another's own", async () => {
    // Yan sees Xena the other way round (spelt as her cA2, her latest item among them); Bo replied to
    // Yan's post and comment (cBo1, cN1), Yan to Zed's post (cY1)
    expect(await interactions({ username: 'yan' })).toEqual([
      entry('XENA', 2, 2),
      entry('Bo', 0, 2),
      entry('Zed', 1, 0),
    ]);
  });

  it('community: the replying comment’s, either way', async () => {
    // Zed's comment in Beta on Xena's post in Alpha counts in Beta, not Alpha
    expect(await interactions({ community: 'ALPHA' })).toEqual([
      entry('YAN', 1, 2),
      entry('_cat', 0, 1),
      entry('Bo', 1, 0),
      entry('Émile', 0, 1),
    ]);
    // in Beta, Yan is counted only by Xena's reply to cY1: spelt as that comment spells the name
    expect(await interactions({ community: 'beta' })).toEqual([
      entry('Zed', 1, 2),
      entry('amy', 0, 1),
      entry('Ugo', 0, 1),
      entry('yaN', 1, 0),
    ]);
    expect(await interactions({ community: 'nowhere' })).toEqual([]);
  });

  it('window: the replying comment’s time, exclusive at both ends', async () => {
    // Xena's cA1 (50 minutes ago) on Yan's post of 100 minutes ago
    expect(await interactions({ window: { after: new Date(ago(55)), before: new Date(ago(45)) } })).toEqual([
      entry('Yan', 1, 0),
    ]);
    // the others' replies of 25 to 10 minutes ago, to Xena's items of any time; Zed's cZ1, at the end, is left out
    expect(await interactions({ window: { after: new Date(ago(25)), before: new Date(ago(10)) } })).toEqual([
      entry('_cat', 0, 1),
      entry('amy', 0, 1),
      entry('YAN', 0, 1),
      entry('zed', 0, 1),
    ]);
    // Yan's cB2, at the start, is left out
    expect(await interactions({ window: { after: new Date(ago(20)), before: new Date(ago(10)) } })).toEqual([
      entry('_cat', 0, 1),
      entry('amy', 0, 1),
      entry('zed', 0, 1),
    ]);
    expect(await interactions({ window: { before: new Date(ago(38)) } })).toEqual([
      entry('yaN', 2, 0),
      entry('Bo', 1, 0),
      entry('Ugo', 0, 1),
      entry('Émile', 0, 1),
    ]);
    expect(await interactions({ window: { after: new Date(ago(11)) } })).toEqual([entry('Zed', 0, 1)]);
  });

  it('window and community together', async () => {
    const window = { after: new Date(ago(25)), before: new Date(ago(10)) };
    expect(await interactions({ window, community: 'Beta' })).toEqual([entry('amy', 0, 1), entry('zed', 0, 1)]);
    expect(await interactions({ window, community: 'Alpha' })).toEqual([entry('_cat', 0, 1), entry('YAN', 0, 1)]);
  });

  it('minCount on the total, then limit', async () => {
    expect(await interactions({ minCount: 2 })).toEqual(ALL.slice(0, 2));
    expect(await interactions({ minCount: 4 })).toEqual(ALL.slice(0, 1));
    expect(await interactions({ minCount: 5 })).toEqual([]);
    expect(await interactions({ limit: 3 })).toEqual(ALL.slice(0, 3));
    expect(await interactions({ limit: 1, minCount: 3 })).toEqual(ALL.slice(0, 1));
    expect(await interactions({ limit: 0 })).toEqual([]);
  });

  it('ties: by the lower-cased name in code-point order, whatever the columns’ collation', async () => {
    // code-point order puts '_' before the letters and 'é' (U+00E9) after them all; a linguistic
    // collation would put Émile before Ugo (and, in glibc's, _cat after Bo)
    const ties = async (store: Kysely<Database>) =>
      (await interactions({}, store))
        .filter((found) => found.repliesTo + found.repliesFrom === 1)
        .map((found) => found.username);
    const order = ['_cat', 'amy', 'Bo', 'Ugo', 'Émile'];
    expect(await ties(db)).toEqual(order);
    if (planned.kind !== 'postgres') return; // SQLite compares text by code point unless a column says otherwise
    // a store of its own, its names in a linguistic collation from the start: the store's connections
    // keep prepared statements, and a column's collation is part of their result type
    const linguistic = await openPlannedDb();
    try {
      for (const table of ['forum_posts', 'forum_comments'])
        await linguistic.db.executeQuery(
          CompiledQuery.raw(`alter table ${table} alter column author_key type text collate "en-x-icu"`),
        );
      await upsertForumRows(linguistic.db, POSTS.map(toForumRow));
      await upsertForumCommentRows(linguistic.db, COMMENTS.map(toForumCommentRow));
      expect(await ties(linguistic.db)).toEqual(order);
    } finally {
      await linguistic.close();
    }
  });

  it("the name as the other's latest counted item spells it", async () => {
    // Yan's counted items: pY1 (Yan), cY1 (yaN), cB1 (yan), cB2 (YAN, the latest); pY2 (yAN), later, is no interaction
    expect((await interactions())[0]!.username).toBe('YAN');
    expect((await interactions({ window: { after: new Date(ago(35)), before: new Date(ago(25)) } }))[0]).toEqual(
      entry('yan', 0, 1),
    );
  });
});

describe('query plans: bounded by the user’s own activity, never a scan of a table', () => {
  // many other users, threads and replies, so that each index is as selective to the planners as in a store
  beforeAll(async () => {
    const posts = Array.from({ length: 3000 }, (_, i) =>
      post(`f${String(i).padStart(4, '0')}`, `Writer${i % 300}`, `Room${i % 60}`, 1000 + i),
    );
    await upsertForumRows(db, posts.map(toForumRow));
    const comments = Array.from({ length: 6000 }, (_, i) =>
      comment(
        `g${String(i).padStart(4, '0')}`,
        `Writer${(i * 7) % 300}`,
        [posts[i % 200]!.id, i < 1200 ? null : `g${String(i - 200).padStart(4, '0')}`],
        posts[i % 200]!.community,
        1000 + i,
      ),
    );
    await upsertForumCommentRows(db, comments.map(toForumCommentRow));
    await db.executeQuery(CompiledQuery.raw('ANALYZE'));
  });

  const show = (name: string, plan: string) => {
    if (process.env.SHOW_PLANS) console.log(`${planned.kind} ${name}:\n  ${plan.replaceAll('\n', '\n  ')}`);
  };
  /** PostgreSQL as it plans with its statistics: nothing disabled. */
  const planOf = async (run: () => Promise<unknown>) => (await planned.plansOf(run, { disable: [] })).flat().join('\n');
  const reads = (index: string) =>
    planned.kind === 'sqlite'
      ? new RegExp(`SEARCH \\w+ USING (COVERING )?INDEX ${index} \\(`)
      : new RegExp(`(Index (Only )?Scan (Backward )?using|Bitmap Index Scan on) ${index}\\b`);
  const byKey = (table: string) =>
    planned.kind === 'sqlite'
      ? new RegExp(`SEARCH \\w+ USING (INDEX sqlite_autoindex_${table}_1|INTEGER PRIMARY KEY|PRIMARY KEY) \\(id=\\?\\)`)
      : new RegExp(`Index Scan using ${table}_pkey on ${table}`);
  const tableScan = () => (planned.kind === 'sqlite' ? /SCAN (x|y|forum_\w+)$/m : /Seq Scan on forum_/);
  /** PostgreSQL: a join other than a loop over the user's items (a hash or merge join reads all of a table, or an index's whole range). */
  const otherJoin = /Hash Join|Merge Join/;

  const cases: [string, Partial<InteractionsQuery>][] = [
    ['every community, all time', {}],
    [
      'a community and a window',
      { community: 'Room7', window: { after: new Date(ago(5000)), before: new Date(ago(1500)) } },
    ],
  ];
  it.each(cases)('%s: the user’s index ranges, a key lookup or a thread range per item', async (name, filters) => {
    const run = () => interactions({ username: 'writer7', ...filters });
    expect((await run()).length).toBeGreaterThan(0);
    const plan = await planOf(run);
    show(name, plan);
    expect(plan).toMatch(reads('forum_comments_author_new'));
    expect(plan).toMatch(reads('forum_posts_author_new'));
    expect(plan).toMatch(reads('forum_comments_tree_time'));
    expect(plan).toMatch(byKey('forum_posts'));
    expect(plan).toMatch(byKey('forum_comments'));
    expect(plan).not.toMatch(tableScan());
    expect(plan).not.toMatch(otherJoin);
    // the community or the window is never read as a range of its own (every user's comments in it)
    expect(plan).not.toMatch(reads('forum_comments_(community_)?new'));
  });
});
