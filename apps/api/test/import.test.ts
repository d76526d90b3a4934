import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PostsResponse } from '@socialquery/forum';
import { UserMessagesResponse } from '@socialquery/microblog';
import { importData } from '@socialquery/store';
import request from 'supertest';
import { startTestService, type TestService } from './harness.js';

/** The CLI's import fixtures: the same files `socialquery import` reads. */
const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'cli', 'test', 'fixtures', 'import');

let service: TestService;
beforeAll(async () => {
  service = await startTestService({ only: ['video'] });
});
afterAll(() => service.close());

const get = (path: string, query: Record<string, string> = {}) =>
  request(service.app).get(path).query(query).set('Authorization', `Bearer ${service.token}`);

describe('imported data over HTTP', () => {
  it('Reddit submissions imported into the store are served by the forum operations', async () => {
    const summary = await importData(service.store.db, 'forum', 'reddit-ndjson', join(fixtures, 'reddit', 'submissions.ndjson.zst'));
    expect(summary).toMatchObject({ imported: 4, updated: 0, skipped: 0 });
    const res = await get('/api/v1/forum/community/TypeScript/posts', { sort: 'new' });
    expect(res.status).toBe(200);
    const { posts } = PostsResponse.parse(res.body);
    expect(posts.map((p) => p.id)).toEqual(['1a2b3f', '1a2b3e', '1a2b3c']);
    expect(posts[2]).toEqual({
      id: '1a2b3c', title: 'Show r/typescript: a streaming importer', content: 'It reads NDJSON line by line.', author: 'Alice_Dev',
      community: 'typescript', upvotes: 120, downvotes: 0, score: 118, commentCount: 14, createdAt: '2023-11-14T22:13:20.000Z',
      url: 'https://www.reddit.com/r/typescript/comments/1a2b3c/show_rtypescript_a_streaming_importer/',
    });
    const byUser = PostsResponse.parse((await get('/api/v1/forum/user/greenthumb/posts')).body);
    expect(byUser.posts.map((p) => [p.id, p.community, p.commentCount])).toEqual([['1a2b3d', 'gardening', 7]]);
  });

  it('tweets imported from API v2 pages are served by the microblog operations, retweets with their original', async () => {
    const summary = await importData(service.store.db, 'microblog', 'twitter-v2', join(fixtures, 'twitter-v2', 'timeline.json'));
    expect(summary).toMatchObject({ imported: 5, skipped: 1 });
    const res = await get('/api/v1/microblog/user/X/messages', { includeReplies: 'true' });
    expect(res.status).toBe(200);
    const { messages } = UserMessagesResponse.parse(res.body);
    expect(messages.map((m) => [m.id, m.isRepost])).toEqual([['1700000000000000300', true], ['1700000000000000200', false]]);
    expect(messages[0]!.repostedMessage).toMatchObject({ id: '1700000000000000100', author: 'TwitterDev', likeCount: 25 });
  });
});
