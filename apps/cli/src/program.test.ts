import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '@socialquery/store';
import { createTestStoreAddress, type TestStoreAddress } from '@socialquery/store/testing';
import type { Io } from './io.js';
import { runCli } from './program.js';

let target: TestStoreAddress;
let storeAddress: string;
beforeAll(async () => {
  target = await createTestStoreAddress({ shared: true });
  storeAddress = target.address;
});
afterAll(() => target.drop());

/** Runs the CLI in-process against the test store; returns exit code and captured output. */
async function cli(...args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), interactive: false };
  const code = await runCli(['--store', storeAddress, ...args], io);
  return {
    code,
    out: out.join('\n'),
    err: err.join('\n'),
    lastLine: out.join('\n').trimEnd().split('\n').at(-1) ?? '',
  };
}

describe('socialquery CLI', () => {
  it('migrate: applies the migrations once, then reports the store up to date', async () => {
    const first = await cli('migrate');
    const { migrations } = await import('@socialquery/store');
    expect(first).toMatchObject({ code: 0, out: `applied ${Object.keys(migrations).sort().join(', ')}` });
    expect(first.out).toMatch(/^applied 0001-initial, 0002-/);
    expect((await cli('migrate')).out).toBe('store is up to date');
  });

  it("seed --demo: fills the store, saying each set's scale; running it again adds nothing", async () => {
    // the first-try demo's scales (the forum and videos at a tenth, the music catalog at a fiftieth):
    // the whole demo's volume is the store's tests' business
    const first = await cli('seed', '--demo', '--scales', 'forum=0.1,music=0.02,video=0.1');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(
      /^seeded forum \d+ rows \(scale 0\.1\), .*, video \d+ rows \(scale 0\.1\), music \d+ rows \(scale 0\.02\) in /,
    );
    const seeded = Number(/professional (\d+) rows \(scale 1\)/.exec(first.out)?.[1]);
    expect(seeded).toBeGreaterThanOrEqual(7000);
    // again, only a set whose rows are counted (--only): the whole demo twice is the store's tests' business
    expect(await cli('seed', '--demo', '--only', 'professional')).toMatchObject({
      code: 0,
      out: expect.stringMatching(/^seeded professional \d+ rows \(scale 1\) in /),
    });
    const store = await openStore(storeAddress);
    try {
      let rows = 0;
      for (const table of ['professional_companies', 'professional_profiles', 'professional_positions'] as const) {
        const { n } = await store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow();
        rows += Number(n);
      }
      expect(rows).toBe(seeded);
    } finally {
      await store.close();
    }
  });

  it('seed: refuses to run without --demo, and a bad --scale', async () => {
    expect(await cli('seed')).toMatchObject({ code: 1, err: expect.stringContaining('pass --demo') });
    for (const scale of ['0', '-1', 'abc', '1.5']) {
      const result = await cli('seed', '--demo', '--scale', scale);
      expect(result.code).not.toBe(0);
      expect(result.err).toContain('must be a positive integer');
    }
  });

  it('keys create prints the secret alone on its last line; it authenticates; list never shows it', async () => {
    const created = await cli('keys', 'create', '--kind', 'token', '--name', 'ci');
    expect(created.code).toBe(0);
    expect(created.lastLine).toMatch(/^sqt_[A-Za-z0-9_-]+$/);
    const id = /created token (cred_[0-9a-f]+)/.exec(created.out)?.[1];
    expect(id).toBeDefined();
    const store = await openStore(storeAddress);
    try {
      expect(await store.credentials.check(created.lastLine, 'token')).toMatch(/^cred_/);
    } finally {
      await store.close();
    }
    const listed = await cli('keys', 'list');
    expect(listed.out).toContain(id);
    expect(listed.out).not.toContain(created.lastLine);
    const json = JSON.parse((await cli('keys', 'list', '--json')).out);
    expect(json.find((c: { id: string }) => c.id === id)).toMatchObject({ kind: 'token', name: 'ci', revokedAt: null });
  });

  it('keys revoke: revokes an active credential, fails on an unknown one', async () => {
    const created = await cli('keys', 'create', '--kind', 'api-key');
    const id = /created api-key (cred_[0-9a-f]+)/.exec(created.out)![1]!;
    expect(await cli('keys', 'revoke', id)).toMatchObject({ code: 0, out: `revoked ${id}` });
    expect(await cli('keys', 'revoke', id)).toMatchObject({
      code: 1,
      err: expect.stringContaining('no active credential'),
    });
    const store = await openStore(storeAddress);
    try {
      expect(await store.credentials.check(created.lastLine, 'api-key')).toBeNull();
    } finally {
      await store.close();
    }
  });

  it('keys create: a missing or unknown --kind is an error', async () => {
    expect((await cli('keys', 'create')).code).not.toBe(0);
    const bad = await cli('keys', 'create', '--kind', 'password');
    expect(bad.code).not.toBe(0);
    expect(bad.err).toMatch(/api-key, token/);
  });

  it('examples: prints JSON naming a forum community with 30+ posts (a tenth of the demo forum) and a user with posts', async () => {
    const result = await cli('examples');
    const examples = JSON.parse(result.out);
    expect(Object.keys(examples).sort()).toEqual([
      'forum',
      'microblog',
      'music',
      'professional',
      'shortvideo',
      'video',
    ]);
    const store = await openStore(storeAddress);
    try {
      const posts = await store.db
        .selectFrom('forum_posts')
        .select('id')
        .where('community', '=', examples.forum.community)
        .execute();
      expect(posts.length).toBeGreaterThanOrEqual(30);
      expect((await store.forum.userPosts({ username: examples.forum.username, limit: 1 })).length).toBe(1);
    } finally {
      await store.close();
    }
  });

  it('export: writes every record of a listing to a file as NDJSON or CSV, as the service exports it', async () => {
    const { forum, microblog } = JSON.parse((await cli('examples')).out);
    const dir = await mkdtemp(join(tmpdir(), 'socialquery-export-'));
    try {
      const ndjsonFile = join(dir, 'posts.ndjson');
      const result = await cli(
        'export',
        'forum',
        'communityPosts',
        `community=${forum.community}`,
        'sort=new',
        '--out',
        ndjsonFile,
      );
      expect(result).toMatchObject({ code: 0, out: '' });
      expect(result.err).toMatch(new RegExp(`^exported \\d+ records \\(ndjson\\) in [0-9.]+ s to ${ndjsonFile}$`, 'm'));
      const posts = (await readFile(ndjsonFile, 'utf8'))
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      const store = await openStore(storeAddress);
      try {
        const stored = await store.db
          .selectFrom('forum_posts')
          .select('id')
          .where('community_key', '=', forum.community.toLowerCase())
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .execute();
        expect(posts.map((post) => post.id)).toEqual(stored.map((row) => row.id));
      } finally {
        await store.close();
      }
      expect(Object.keys(posts[0]).sort()).toEqual([
        'author',
        'commentCount',
        'community',
        'content',
        'createdAt',
        'downvotes',
        'id',
        'score',
        'title',
        'upvotes',
        'url',
      ]);

      const csvFile = join(dir, 'messages.csv');
      const csv = await cli(
        'export',
        'microblog',
        'userMessages',
        `username=${microblog.username}`,
        '--format',
        'csv',
        '--fields',
        'id,createdAt',
        '--out',
        csvFile,
      );
      expect(csv.code).toBe(0);
      const lines = (await readFile(csvFile, 'utf8')).trimEnd().split('\r\n');
      expect(lines[0]).toBe('id,createdAt');
      expect(lines.length).toBeGreaterThan(21); // more than one page of the listing
      expect(await readdir(dir)).toEqual(['messages.csv', 'posts.ndjson']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('export: bad input is a one-line error, and no file is left behind', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'socialquery-export-'));
    const out = join(dir, 'out.ndjson');
    try {
      const cases: [string[], string][] = [
        [['nowhere', 'posts'], "unknown platform 'nowhere'; one of forum, microblog"],
        [['forum', 'nope'], "no operation 'nope' on forum; the forum listings: communityPosts, userPosts, postsByIds"],
        [['professional', 'profile', 'username=x'], 'profile answers one record, not a listing'],
        [['forum', 'communityPosts'], 'community'],
        [['forum', 'communityPosts', 'community=x', 'sort=sideways'], 'sort must be one of'],
        [['forum', 'communityPosts', 'community=x', 'colour=red'], 'forum.communityPosts does not take colour'],
        [['forum', 'communityPosts', 'novalue'], "parameter 'novalue' must be name=value"],
        [['forum', 'communityPosts', 'community=x', '--fields', 'nope'], "unknown field 'nope'"],
        [
          ['forum', 'communityPosts', 'community=no_such_community_here'],
          "community 'no_such_community_here' not found",
        ],
      ];
      for (const [args, message] of cases) {
        const result = await cli('export', ...args, '--out', out);
        expect(result.code).not.toBe(0);
        expect(result.err).toContain(message);
        expect(result.err).not.toMatch(/\n\s+at /); // no stack trace
      }
      expect((await cli('export', 'forum', 'userPosts', 'username=x', '--format', 'xml')).err).toContain(
        'Allowed choices are ndjson, csv',
      );
      expect(await readdir(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reindex: makes the video search index anew from the stored videos; the same searches answer the same', async () => {
    const search = async () => {
      const store = await openStore(storeAddress);
      try {
        const until = Date.now();
        return await store.video.search({
          terms: ['recipe'],
          since: until - 365 * 86_400_000,
          until,
          type: 'VIDEO',
          geoCode: 'US',
          limit: 20,
        });
      } finally {
        await store.close();
      }
    };
    const before = await search();
    expect(before.videos).toHaveLength(20);
    const result = await cli('reindex', '--only', 'video');
    expect(result).toMatchObject({ code: 0, out: expect.stringMatching(/^reindexed video 5,000 rows in \d+\.\d s$/) });
    expect(await search()).toEqual(before);
    expect(await cli('reindex', '--only', 'nosuch')).toMatchObject({ code: 1, err: 'error: no platform named nosuch' });
  });

  it('migrate-store: copies the whole store into another one; missing --to is an error', async () => {
    const copy = await createTestStoreAddress({ shared: true });
    try {
      const result = await cli('migrate-store', '--from', storeAddress, '--to', copy.address);
      expect(result.code).toBe(0);
      const source = await openStore(storeAddress);
      const target = await openStore(copy.address);
      try {
        const posts = (store: typeof source) => store.db.selectFrom('forum_posts').selectAll().orderBy('id').execute();
        const copied = await posts(target);
        expect(copied.length).toBeGreaterThan(600);
        expect(copied).toEqual(await posts(source));
        expect(result.out).toMatch(new RegExp(`forum_posts ${copied.length}, .*credentials \\d+, settings \\d+`));
        expect(await target.credentials.list()).toEqual(await source.credentials.list());
      } finally {
        await source.close();
        await target.close();
      }
    } finally {
      await copy.drop();
    }
    const missing = await cli('migrate-store', '--from', storeAddress);
    expect(missing.code).not.toBe(0);
    expect(missing.err).toContain("required option '--to <address>' not specified");
  });

  it('--help on every command; an unknown command fails', async () => {
    for (const args of [
      [],
      ['seed'],
      ['keys'],
      ['keys', 'create'],
      ['keys', 'list'],
      ['keys', 'revoke'],
      ['examples'],
      ['migrate'],
      ['migrate-store'],
      ['export'],
      ['import'],
    ]) {
      const result = await cli(...args, '--help');
      expect(result.code).toBe(0);
      expect(result.out).toMatch(/^Usage: socialquery/);
    }
    const unknown = await cli('frobnicate');
    expect(unknown.code).not.toBe(0);
    expect(unknown.err).toContain("unknown command 'frobnicate'");
  });
});
