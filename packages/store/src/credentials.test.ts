import { credentialKinds, hashSecret } from './credentials.js';
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
