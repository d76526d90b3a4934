import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Store } from '../store.js';
import { importFixture, openTestStore } from '../testing.js';
import { ImportInputError, importData, importDocuments } from './index.js';

/** The fixture folder's responses, parsed, as a client that fetched them would hold them (a file may hold several, each starting a line with `{`). */
async function documentsIn(folder: string): Promise<unknown[]> {
  const dir = importFixture(folder);
  const files = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  const texts = await Promise.all(files.map((name) => readFile(join(dir, name), 'utf8')));
  // integers past 2^53 (TikTok's ids) as their text, as a client parsing exactly holds them
  const exact = (text: string) => text.replace(/(?<=[:[,]\s*)(-?\d{16,})(?=\s*[,}\]])/g, '"$1"');
  return texts.flatMap((text) => text.split(/\n(?=[{[])/).map((part) => JSON.parse(exact(part)) as unknown));
}

/** Rows of every table, for comparing two stores. */
const contentsOf = async (store: Store) => ({
  posts: await store.db.selectFrom('forum_posts').selectAll().orderBy('id').execute(),
  comments: await store.db.selectFrom('forum_comments').selectAll().orderBy('id').execute(),
  videos: await store.db.selectFrom('video_videos').selectAll().orderBy('id').execute(),
  channels: await store.db.selectFrom('video_channels').selectAll().orderBy('id').execute(),
});

describe('importDocuments', () => {
  let fromFiles: Store;
  let fromDocuments: Store;
  beforeAll(async () => {
    fromFiles = await openTestStore();
    fromDocuments = await openTestStore();
  });
  afterAll(async () => {
    await fromFiles.close();
    await fromDocuments.close();
  });

  it('maps parsed responses as reading them from files does: the same rows, the same counts', async () => {
    for (const [platform, format, folder] of [
      ['forum', 'reddit-api', 'reddit-api'],
      ['video', 'youtube-v3', 'youtube'],
    ] as const) {
      const viaFiles = await importData(fromFiles.db, platform, format, importFixture(folder));
      const viaDocuments = await importDocuments(fromDocuments.db, platform, format, await documentsIn(folder), {
        where: 'page 1',
      });
      expect(viaDocuments.tables).toEqual(viaFiles.tables);
      expect(viaDocuments.skipped).toBe(viaFiles.skipped);
      for (const skip of viaDocuments.skips) expect(skip.location).toMatch(/^page 1 response \d+ item \d+/);
    }
    expect(await contentsOf(fromDocuments)).toEqual(await contentsOf(fromFiles));
  });

  it('music spotify-web-api, microblog twitter-v2 and shortvideo tiktok: the same counts as their files', async () => {
    for (const [platform, format, folder] of [
      ['music', 'spotify-web-api', 'spotify'],
      ['microblog', 'twitter-v2', 'twitter-v2'],
      ['shortvideo', 'tiktok', 'tiktok'],
    ] as const) {
      const viaFiles = await importData(fromFiles.db, platform, format, importFixture(folder));
      const viaDocuments = await importDocuments(fromDocuments.db, platform, format, await documentsIn(folder), {
        where: 'page 1',
      });
      expect(viaDocuments.tables).toEqual(viaFiles.tables);
      expect(viaDocuments.skipped).toBe(viaFiles.skipped);
      for (const skip of viaDocuments.skips) expect(skip.location).toMatch(/^page 1 response \d+ /);
    }
  });

  it('twitter-v2: a users lookup (followers) answers users in data, imported as users', async () => {
    const page = {
      data: [
        { id: '901', username: 'ada', name: 'Ada', public_metrics: { followers_count: 7 } },
        { id: '902', username: 'grace', name: 'Grace', created_at: '2020-01-02T03:04:05.000Z' },
      ],
      meta: { result_count: 2 },
    };
    const summary = await importDocuments(fromDocuments.db, 'microblog', 'twitter-v2', [page]);
    expect(summary).toMatchObject({ imported: 2, skipped: 0 });
    const users = await fromDocuments.db
      .selectFrom('microblog_users')
      .select(['id', 'username', 'follower_count'])
      .where('id', 'in', ['901', '902'])
      .orderBy('id')
      .execute();
    expect(users.map((user) => [user.id, user.username, Number(user.follower_count)])).toEqual([
      ['901', 'ada', 7],
      ['902', 'grace', 0],
    ]);
  });

  it('takes an async iterable; a second import of the same page changes nothing, and says so', async () => {
    const [listing] = await documentsIn('reddit-api');
    async function* pages() {
      yield listing;
    }
    const again = await importDocuments(fromDocuments.db, 'forum', 'reddit-api', pages());
    expect(again.imported).toBe(0);
    expect(again.updated).toBe(0);
    expect(again.unchanged).toBeGreaterThan(0);
  });

  it('refuses a format that reads only files', async () => {
    await expect(importDocuments(fromDocuments.db, 'professional', 'linkedin-export', [])).rejects.toThrow(
      ImportInputError,
    );
    await expect(importDocuments(fromDocuments.db, 'forum', 'nope', [])).rejects.toThrow(/does not import documents/);
  });
});
