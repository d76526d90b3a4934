import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashSecret } from './credentials.js';
import { parseDemoScales } from './seed.js';
import { openStore, type Store } from './store.js';
import { createTestStoreAddress, openSeededTestStore, TEST_NOW, type TestStoreAddress } from './testing.js';
import { parseStoreAddress } from './address.js';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sq-store-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('store address', () => {
  it('parses sqlite:<path>, resolves relative paths, rejects anything else with a clear message', () => {
    expect(parseStoreAddress('sqlite::memory:')).toEqual({ kind: 'sqlite', path: ':memory:' });
    expect(parseStoreAddress('sqlite:rel/x.db')).toEqual({ kind: 'sqlite', path: join(process.cwd(), 'rel/x.db') });
    expect(parseStoreAddress()).toEqual({ kind: 'sqlite', path: join(process.cwd(), 'data/socialquery.db') });
    expect(() => parseStoreAddress('mysql://x')).toThrow(/expected sqlite:<path>/);
    expect(() => parseStoreAddress('sqlite:')).toThrow(/needs a file path/);
  });
});

/** Posts and comments in the forum's tables. */
async function forumRows(store: Store): Promise<number> {
  const countOf = async (table: 'forum_posts' | 'forum_comments') =>
    Number(
      (
        await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return (await countOf('forum_posts')) + (await countOf('forum_comments'));
}

describe('store', () => {
  let store: Store;
  let target: TestStoreAddress;
  beforeAll(async () => {
    target = await createTestStoreAddress({ shared: true });
    store = await openStore(target.address);
  });
  afterAll(async () => {
    await store.close();
    await target.drop();
  });

  it('migrates on open; migrating again applies nothing', async () => {
    expect(await store.ping()).toBe(true);
    expect(await store.migrate()).toEqual({ applied: [] });
  });

  it('answers pings made at once with one read, and reads again for the next', async () => {
    const first = store.ping();
    const meanwhile = store.ping();
    expect(meanwhile).toBe(first);
    expect(await first).toBe(true);
    const next = store.ping();
    expect(next).not.toBe(first);
    expect(await next).toBe(true);
  });

  it('creates credentials whose secrets are never stored, only their hash', async () => {
    const key = await store.credentials.create('api-key', 'k1');
    expect(key.secret).toMatch(/^sqk_[A-Za-z0-9_-]{32}$/);
    const token = await store.credentials.create('token');
    expect(token.secret).toMatch(/^sqt_/);
    const rows = await store.db.selectFrom('credentials').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key.secret);
    expect(rows.find((r) => r.id === key.id)?.secret_hash).toBe(hashSecret(key.secret));
    expect(await store.credentials.check(key.secret, 'api-key')).toBe(key.id);
    expect(await store.credentials.check(key.secret, 'token')).toBeNull();
    expect(await store.credentials.check(token.secret, 'token')).toBe(token.id);
    expect(await store.credentials.check('sqk_guess', 'api-key')).toBeNull();
    const listed = await store.credentials.list();
    expect(listed.map((c) => c.id)).toEqual(expect.arrayContaining([key.id, token.id]));
    expect(JSON.stringify(listed)).not.toContain(key.secret);
    expect(listed.find((c) => c.id === key.id)).toMatchObject({
      kind: 'api-key',
      name: 'k1',
      hint: `…${key.secret.slice(-4)}`,
      revokedAt: null,
    });
  });

  it('revokes a credential once; a revoked one no longer checks', async () => {
    const token = await store.credentials.create('token');
    expect(await store.credentials.revoke(token.id)).toBe(true);
    expect(await store.credentials.revoke(token.id)).toBe(false);
    expect(await store.credentials.revoke('cred_unknown')).toBe(false);
    expect(await store.credentials.check(token.secret, 'token')).toBeNull();
  });

  it('keeps one cursor secret across calls and reopenings', async () => {
    const first = await store.settings.cursorSecret();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.settings.cursorSecret()).toBe(first);
    const again = await openStore(target.address);
    try {
      expect(await again.settings.cursorSecret()).toBe(first);
    } finally {
      await again.close();
    }
  });

  it('seeds the demo idempotently, reporting its progress', async () => {
    expect(await store.isEmpty()).toBe(true);
    expect(await store.examples()).toEqual({});
    const now = new Date('2026-03-01T00:00:00.000Z');
    // two sets, the forum at a tenth: the whole demo's seed is made once a run, as the template below
    const seed = { now, only: ['forum', 'professional'], scales: { forum: 0.1 } };
    const progress: number[] = [];
    const first = await store.seedDemo({ ...seed, onProgress: (done) => progress.push(done) });
    expect(Object.keys(first.rows).sort()).toEqual(['forum', 'professional']);
    const written = Object.values(first.rows).reduce((a, b) => a + b, 0);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(written);
    expect(await forumRows(store)).toBe(first.rows.forum);
    // again, the forum alone (the other sets' demo tests seed theirs twice)
    expect((await store.seedDemo({ ...seed, only: ['forum'] })).rows).toEqual({ forum: first.rows.forum });
    expect(await forumRows(store)).toBe(first.rows.forum);
    expect(await store.isEmpty()).toBe(false);
  });

  it('refuses a negative or fractional scale', async () => {
    await expect(store.seedDemo({ scale: 0 })).rejects.toThrow('scale must be a positive integer');
    await expect(store.seedDemo({ scale: 1.5 })).rejects.toThrow('scale must be a positive integer');
    await expect(store.seedDemo({ scales: { professional: 0.5 } })).rejects.toThrow(
      'the professional scale must be a positive integer',
    );
    // the forum takes a fraction below 1 (the first start's demo), not one above
    await expect(store.seedDemo({ scales: { forum: 1.5 } })).rejects.toThrow(
      'scale must be a positive integer or a fraction below 1',
    );
    await expect(store.seedDemo({ scales: { music: 0 } })).rejects.toThrow('the music scale must be a positive number');
    await expect(store.seedDemo({ scales: { podcasts: 1 } })).rejects.toThrow('no demo data set named podcasts');
  });

  it('parses per-set scales as the CLI and the service take them', () => {
    expect(parseDemoScales('music=0.1, forum=2')).toEqual({ music: 0.1, forum: 2 });
    expect(() => parseDemoScales('music')).toThrow("'music' is not <set>=<scale>");
    expect(() => parseDemoScales('songs=1')).toThrow('no demo data set named songs');
    expect(() => parseDemoScales('music=-1')).toThrow('is not <set>=<scale>');
  });
});

describe('the whole test demo (the seeded template of the run, which the API suites read too)', () => {
  // the API harness's moment (apps/api/test/harness.ts): the same key, so one template serves both
  const now = TEST_NOW;
  let store: Store;
  beforeAll(async () => {
    store = await openSeededTestStore({ now });
  });
  afterAll(async () => {
    await store.close();
  });

  it('holds a tenth of the music catalog and an example community of 300+ posts', async () => {
    expect(await forumRows(store)).toBeGreaterThanOrEqual(20 * 300);
    const artists = await store.db
      .selectFrom('music_artists')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(artists.n)).toBe(500); // a tenth of the catalog's 5,000 (TEST_DEMO_SCALES)
    const { forum } = await store.examples();
    expect(forum).toBeDefined();
    const communityPosts = await store.forum.communityPosts({
      community: forum!.community,
      order: 'new',
      createdUntil: now,
      limit: 100,
    });
    expect(communityPosts).toHaveLength(100);
    const perCommunity = await store.db
      .selectFrom('forum_posts')
      .select('id')
      .where('community_key', '=', forum!.community.toLowerCase())
      .execute();
    expect(perCommunity.length).toBeGreaterThanOrEqual(300);
    expect((await store.forum.userPosts({ username: forum!.username, limit: 5 })).length).toBeGreaterThan(0);
  });
});
