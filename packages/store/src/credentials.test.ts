import { createCredentialStore, credentialKinds, hashSecret } from './credentials.js';
import type { Store } from './store.js';
import { openTestStore } from './testing.js';

let store: Store;
beforeAll(async () => {
  store = await openTestStore();
});
afterAll(() => store.close());

describe('credential kinds', () => {
  it('are api-key, token and feed, each secret prefixed with its kind', async () => {
    expect(credentialKinds).toEqual(['api-key', 'token', 'feed']);
    const prefixes = await Promise.all(
      credentialKinds.map(async (kind) => (await store.credentials.create(kind)).secret.slice(0, 4)),
    );
    expect(prefixes).toEqual(['sqk_', 'sqt_', 'sqf_']);
  });

  it('a feed token is stored as a hash, listed with its kind, and checks only as a feed token', async () => {
    const feed = await store.credentials.create('feed', 'reader');
    expect(feed.secret).toMatch(/^sqf_[A-Za-z0-9_-]{32}$/);
    const row = await store.db
      .selectFrom('credentials')
      .selectAll()
      .where('id', '=', feed.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'feed', secret_hash: hashSecret(feed.secret), name: 'reader' });
    expect(JSON.stringify(row)).not.toContain(feed.secret);
    expect(await store.credentials.check(feed.secret, 'feed')).toBe(feed.id);
    expect(await store.credentials.check(feed.secret, 'token')).toBeNull();
    expect(await store.credentials.check(feed.secret, 'api-key')).toBeNull();
    const listed = (await store.credentials.list()).find((c) => c.id === feed.id);
    expect(listed).toMatchObject({ kind: 'feed', name: 'reader', hint: `…${feed.secret.slice(-4)}`, revokedAt: null });
  });

  it('no other kind checks as a feed token', async () => {
    const key = await store.credentials.create('api-key');
    const token = await store.credentials.create('token');
    expect(await store.credentials.check(key.secret, 'feed')).toBeNull();
    expect(await store.credentials.check(token.secret, 'feed')).toBeNull();
  });

  it('a revoked feed token no longer checks', async () => {
    const feed = await store.credentials.create('feed');
    expect(await store.credentials.check(feed.secret, 'feed')).toBe(feed.id);
    expect(await store.credentials.revoke(feed.id)).toBe(true);
    expect(await store.credentials.check(feed.secret, 'feed')).toBeNull();
    expect((await store.credentials.list()).find((c) => c.id === feed.id)?.revokedAt).toEqual(expect.any(String));
  });
});

describe('the credential cache (cacheMs)', () => {
  it('remembers a live credential for cacheMs, forgets it at once when revoked here, and never remembers a guess', async () => {
    let clock = 1_000;
    const cached = createCredentialStore(store.db, { cacheMs: 5_000, now: () => clock });
    const created = await cached.create('token', 'cached');
    expect(await cached.check(created.secret, 'token')).toBe(created.id);

    // revoked by another process (a bare update, as `keys revoke` in the CLI): still accepted until cacheMs has passed
    await store.db.updateTable('credentials').set({ revoked_at: Date.now() }).where('id', '=', created.id).execute();
    clock += 4_999;
    expect(await cached.check(created.secret, 'token')).toBe(created.id);
    clock += 1;
    expect(await cached.check(created.secret, 'token')).toBeNull();

    // revoked through the same store object: refused on the very next check
    const other = await cached.create('api-key');
    expect(await cached.check(other.secret, 'api-key')).toBe(other.id);
    expect(await cached.revoke(other.id)).toBe(true);
    expect(await cached.check(other.secret, 'api-key')).toBeNull();

    // the kind is part of the key: a cached token is not an API key
    const token = await cached.create('token');
    expect(await cached.check(token.secret, 'token')).toBe(token.id);
    expect(await cached.check(token.secret, 'api-key')).toBeNull();

    // an unknown secret is looked up every time: created afterwards, it is accepted at once
    const reads: string[] = [];
    const counting = createCredentialStore(
      store.db.withPlugin({
        transformQuery: (args) => (reads.push(args.node.kind), args.node),
        transformResult: async (args) => args.result,
      }),
      { cacheMs: 5_000, now: () => clock },
    );
    expect(await counting.check('sqt_not-a-secret', 'token')).toBeNull();
    expect(await counting.check('sqt_not-a-secret', 'token')).toBeNull();
    expect(reads.filter((kind) => kind === 'SelectQueryNode')).toHaveLength(2);
    expect(await counting.check(token.secret, 'token')).toBe(token.id);
    expect(await counting.check(token.secret, 'token')).toBe(token.id);
    expect(reads.filter((kind) => kind === 'SelectQueryNode')).toHaveLength(3);
  });

  it('keeps at most cacheEntries credentials', async () => {
    const reads: string[] = [];
    const small = createCredentialStore(
      store.db.withPlugin({
        transformQuery: (args) => (reads.push(args.node.kind), args.node),
        transformResult: async (args) => args.result,
      }),
      { cacheMs: 60_000, cacheEntries: 2 },
    );
    const [a, b, c] = [await small.create('token'), await small.create('token'), await small.create('token')];
    for (const credential of [a, b, c]) await small.check(credential.secret, 'token');
    reads.length = 0;
    await small.check(c.secret, 'token'); // remembered
    await small.check(a.secret, 'token'); // the least recently used: forgotten
    expect(reads.filter((kind) => kind === 'SelectQueryNode')).toHaveLength(1);
  });
});
