import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importData, importDocuments, ImportInputError } from '../../import/index.js';
import type { Store } from '../../store.js';
import { importFixture, openTestStore } from '../../testing.js';
import { mapArchiveTweet, mapV2Response, mapV2Tweet } from './import-twitter.js';

describe('twitter importers: tweet text as each format ships it', () => {
  it('twitter-archive: the v1.1 full_text (or text) escapes &, < and >, decoded once', () => {
    const account = { id: '12', username: 'jack' };
    const tweet = (fields: Record<string, unknown>) => ({
      tweet: { id_str: '20', created_at: 'Tue Mar 21 20:50:14 +0000 2006', ...fields },
    });
    expect(
      mapArchiveTweet(tweet({ full_text: 'fish &amp; chips &lt;3 &gt;_&lt; &amp;amp;' }), account).values.text,
    ).toBe('fish & chips <3 >_< &amp;');
    expect(mapArchiveTweet(tweet({ text: 'a &lt; b' }), account).values.text).toBe('a < b');
  });

  const v2Text = (fields: Record<string, unknown>) =>
    mapV2Tweet(
      { id: '20', author_id: '12', created_at: '2006-03-21T20:50:14.000Z', ...fields },
      new Map([['12', 'jack']]),
      new Map(),
    ).values.text;

  it('twitter-v2: text escapes &, < and > as v1.1 did, decoded once', () => {
    expect(v2Text({ text: 'R&amp;D &lt;3 &gt;_&lt; &amp;amp; &quot;as sent&quot;' })).toBe(
      'R&D <3 >_< &amp; &quot;as sent&quot;',
    );
  });

  it('twitter-v2: a long post is whole in note_tweet.text, which wins over the cut text', () => {
    const whole = `${'word '.repeat(70)}&amp; the end`;
    expect(v2Text({ text: `${'word '.repeat(55)}…`, note_tweet: { text: whole } })).toBe(
      `${'word '.repeat(70)}& the end`,
    );
    expect(v2Text({ text: 'short', note_tweet: {} })).toBe('short');
  });
});

describe('twitter-archive: a JSON syntax error names the file, line and column', () => {
  let store: Store;
  let dir: string;
  beforeAll(async () => {
    store = await openTestStore();
    dir = mkdtempSync(join(tmpdir(), 'sq-twitter-archive-'));
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The archive's fixture with one data file's text replaced. */
  const archiveWith = (name: string, text: string) => {
    const archive = mkdtempSync(join(dir, 'archive-'));
    mkdirSync(join(archive, 'data'));
    for (const file of ['account.js', 'profile.js', 'tweets.js'])
      writeFileSync(
        join(archive, 'data', file),
        file === name ? text : readFileSync(importFixture('twitter-archive', 'data', file)),
      );
    return archive;
  };

  it('in account.js (read whole: the place after the prefix) and in tweets.js (streamed)', async () => {
    const account = archiveWith(
      'account.js',
      'window.YTD.account.part0 = [\n  {\n    "account" : {\n      "username" : "AdaCodes",\n      "accountId" : 118\n    }\n  ]\n',
    );
    const refused = importData(store.db, 'microblog', 'twitter-archive', account);
    await expect(refused).rejects.toThrow(ImportInputError);
    await expect(refused).rejects.toThrow(
      `${join(account, 'data', 'account.js')}: not an archive data file: not valid JSON at line 7, column 3 (`,
    );
    const tweets = archiveWith('tweets.js', 'window.YTD.tweets.part0 = [\n  {"tweet": {"id_str": "1",}}\n]\n');
    await expect(importData(store.db, 'microblog', 'twitter-archive', tweets)).rejects.toThrow(
      `${join(tweets, 'data', 'tweets.js')}: not valid JSON at line 2, column 28 (unexpected "}")`,
    );
  });
});

describe('twitter-v2: a followers page with followers_of writes the follows', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(async () => {
    await store.close();
  });

  const user = (id: string) => ({ id, username: `user${id}`, name: `User ${id}` });
  /** A followers page of 'Jack' (id 12), newest follower first, as sync saves it. */
  const page = (ids: string[], seenAt: string, offset?: number) => ({
    data: ids.map(user),
    meta: { result_count: ids.length },
    followers_of: { id: '12', username: 'Jack', seen_at: seenAt, ...(offset === undefined ? {} : { offset }) },
  });
  const followers = async () =>
    (await store.microblog.userFollowers({ username: 'jack', limit: 100 })).map((f) => [
      f.follower?.id,
      f.position.followedAt,
    ]);
  const T1 = Date.parse('2026-03-02T12:00:00.000Z');
  const T2 = Date.parse('2026-03-03T12:00:00.000Z');

  it("a first import: seen_at minus each follower's position (offset + index): the API's order", async () => {
    const first = await importDocuments(store.db, 'microblog', 'twitter-v2', [
      page(['903', '902'], '2026-03-02T12:00:00.000Z'),
      page(['901'], '2026-03-02T12:00:00.000Z', 2),
    ]);
    expect(first).toMatchObject({ imported: 3, updated: 0, unchanged: 0, skipped: 0 });
    expect(first.tables.microblog_follows).toEqual({ imported: 3, updated: 0, unchanged: 0 });
    expect(await followers()).toEqual([
      ['903', T1],
      ['902', T1 - 1],
      ['901', T1 - 2],
    ]);
    const row = await store.db
      .selectFrom('microblog_follows')
      .selectAll()
      .where('id', '=', '12:903')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: '12', user_key: 'jack', follower_id: '903' });
  });

  it('a later page: a new follower first; the stored ones keep followed_at (no reorder, no duplicate); one gone stays', async () => {
    // 904 followed since; 902 unfollowed: the page no longer lists it
    const again = await importDocuments(store.db, 'microblog', 'twitter-v2', [
      page(['904', '903', '901'], '2026-03-03T12:00:00.000Z'),
    ]);
    expect(again.tables.microblog_follows).toEqual({ imported: 1, updated: 0, unchanged: 2 });
    expect(await followers()).toEqual([
      ['904', T2],
      ['903', T1],
      ['902', T1 - 1],
      ['901', T1 - 2],
    ]);
    const count = await store.db
      .selectFrom('microblog_follows')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(4);
  });

  it('a users page without followers_of writes no follow; a bad followers_of skips the page, saying why', () => {
    const rows = [...mapV2Response({ data: [user('905')] }, 'p')].flatMap((item) =>
      'rows' in item ? item.rows.map((row) => row.table) : [],
    );
    expect(rows).toEqual(['microblog_users']);
    expect([...mapV2Response({ data: [user('905')], followers_of: { id: '12', username: 'Jack' } }, 'p')]).toEqual([
      { location: 'p', error: expect.stringContaining('seen_at') as string },
    ]);
    expect([
      ...mapV2Response(
        {
          data: [user('905')],
          followers_of: { id: '12', username: 'Jack', seen_at: '2026-03-02T12:00:00Z', offset: -1 },
        },
        'p',
      ),
    ]).toEqual([{ location: 'p', error: 'followers_of.offset: expected 0 or more, got -1' }]);
  });
});
