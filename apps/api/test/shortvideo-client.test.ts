import type { Server } from 'node:http';
import { ApiResponseError, NoResponseError, RequestSetupError } from '@socialquery/core';
import {
  CommentsResponse,
  createShortVideoClient,
  iterateUserPosts,
  iterateVideoComments,
  type ShortVideoClient,
  UserPostsResponse,
  VideosByIdsResponse,
} from '@socialquery/shortvideo';
import { closedPortUrl, listen, startTestService, type TestService } from './harness.js';

let service: TestService;
let server: Server;
let baseUrl: string;
let username: string;
let videoId: string;
let client: ShortVideoClient;
let requests = 0;
const count = () => requests++;

beforeAll(async () => {
  service = await startTestService();
  ({ username, videoId } = (await service.store.examples()).shortvideo!);
  ({ server, baseUrl } = await listen(service.app));
  server.on('request', count);
  client = createShortVideoClient({ baseUrl, token: service.token, timeout: 10_000 });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await service.close();
});

/** Ids of a creator's videos newest first, and of a video's top-level comments in an order, from the store's tables. */
async function storedVideoIds(author: string): Promise<string[]> {
  const rows = await service.store.db
    .selectFrom('shortvideo_videos')
    .select(['id', 'created_at'])
    .where('author_key', '=', author.toLowerCase())
    .execute();
  return rows.sort((a, b) => Number(b.created_at) - Number(a.created_at) || (a.id < b.id ? 1 : -1)).map((r) => r.id);
}
async function storedCommentIdsOldestFirst(video: string): Promise<string[]> {
  const rows = await service.store.db
    .selectFrom('shortvideo_comments')
    .select(['id', 'created_at'])
    .where('video_id', '=', video)
    .where('parent_id', '=', '')
    .execute();
  return rows.sort((a, b) => Number(a.created_at) - Number(b.created_at) || (a.id < b.id ? -1 : 1)).map((r) => r.id);
}

describe('short-video client against the real service', () => {
  it('userPosts returns a page that satisfies the response schema, newest first', async () => {
    const page = await client.userPosts({ username, limit: 5 });
    expect(UserPostsResponse.parse(page).videos).toHaveLength(5);
    expect(page.hasMore).toBe(true);
    expect(page.videos.map((v) => v.id)).toEqual((await storedVideoIds(username)).slice(0, 5));
    const next = await client.userPosts({ username, limit: 5, cursor: page.cursor });
    expect(next.videos.map((v) => v.id)).toEqual((await storedVideoIds(username)).slice(5, 10));
  });

  it('videoComments returns comments with their first replies, validated by the response schema', async () => {
    const page = await client.videoComments({ videoId, sort: 'most_liked', limit: 10 });
    expect(CommentsResponse.parse(page).comments).toHaveLength(10);
    const likes = page.comments.map((c) => c.likeCount);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    expect(page.cursor).not.toBe('');
  });

  it('iterateUserPosts walks every page once and yields every video exactly once, in order', async () => {
    const before = requests;
    const ids: string[] = [];
    for await (const video of iterateUserPosts(client, { username, limit: 40 })) ids.push(video.id);
    const expected = await storedVideoIds(username);
    expect(expected.length).toBeGreaterThan(80);
    expect(ids).toEqual(expected);
    expect(requests - before).toBe(Math.ceil(expected.length / 40));
  });

  it('iterateVideoComments walks a sort to its end, and can resume from a cursor', async () => {
    const ids: string[] = [];
    for await (const comment of iterateVideoComments(client, { videoId, sort: 'oldest', limit: 30 }))
      ids.push(comment.id);
    const expected = await storedCommentIdsOldestFirst(videoId);
    expect(ids).toEqual(expected);
    const first = await client.videoComments({ videoId, sort: 'oldest', limit: 30 });
    const rest: string[] = [];
    for await (const comment of iterateVideoComments(client, {
      videoId,
      sort: 'oldest',
      limit: 50,
      cursor: first.cursor,
    }))
      rest.push(comment.id);
    expect(rest).toEqual(expected.slice(30));
  });

  it('raises ApiResponseError with the status and parsed body: 404 for an unknown creator or video, 400 for a bad cursor', async () => {
    const error = await client.userPosts({ username: 'no_such_creator_anywhere' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toMatchObject({ kind: 'api_response', status: 404, body: { code: 'not_found' } });
    const walking = iterateVideoComments(client, { videoId: '0000000000000000000' });
    await expect(walking.next()).rejects.toMatchObject({
      status: 404,
      body: { code: 'not_found', message: "video '0000000000000000000' not found" },
    });
    await expect(client.videoComments({ videoId, cursor: 'forged.cursor' })).rejects.toMatchObject({
      status: 400,
      body: { code: 'invalid_cursor' },
    });
  });

  it('videosByIds takes a list of ids and answers the videos found in that order, and the ids not found', async () => {
    const { videos: page } = await client.userPosts({ username, limit: 3 });
    const ids = [page[2]!.id, 'no-such-video', page[0]!.id, page[2]!.id];
    expect(VideosByIdsResponse.parse(await client.videosByIds({ ids }))).toEqual({
      videos: [page[2], page[0]],
      notFound: ['no-such-video'],
    });
    const trimmed = await client.videosByIds({ ids, fields: ['id', 'viewCount'] });
    expect(trimmed.videos).toEqual([page[2], page[0]].map((v) => ({ id: v!.id, viewCount: v!.viewCount })));
    const before = requests;
    await expect(client.videosByIds({ ids: [] })).rejects.toBeInstanceOf(RequestSetupError);
    expect(requests).toBe(before);
  });

  it('raises ApiResponseError 401 for a bad token', async () => {
    const stranger = createShortVideoClient({ baseUrl, token: 'sqt_wrong' });
    await expect(stranger.userPosts({ username })).rejects.toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials' },
    });
  });

  it('raises RequestSetupError and sends nothing when an argument is missing or invalid', async () => {
    const before = requests;
    const missing = await client.userPosts({} as never).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(RequestSetupError);
    expect(missing).toMatchObject({ kind: 'request_setup', message: expect.stringContaining('username is required') });
    await expect(client.userPosts({ username, limit: 101 })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.videoComments({ videoId, sort: 'top' as never })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.videoComments({ videoId: '' })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.videoComments({ videoId, page: 2 } as never)).rejects.toThrow('does not take page');
    await expect(iterateUserPosts(client, { username, limit: 0 }).next()).rejects.toBeInstanceOf(RequestSetupError);
    expect(requests).toBe(before);
  });

  it('raises NoResponseError when nothing listens on the port', async () => {
    const closedUrl = await closedPortUrl(service.app);
    const offline = createShortVideoClient({ baseUrl: closedUrl, token: service.token, timeout: 2000 });
    const error = await offline.userPosts({ username }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoResponseError);
    expect(error).toMatchObject({ kind: 'no_response', code: 'ECONNREFUSED' });
  });
});
