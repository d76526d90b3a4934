import type { Server } from 'node:http';
import {
  ApiResponseError,
  createSocialQueryClient,
  RateLimitError,
  RequestAbortedError,
  type SocialQueryClient,
} from '@socialquery/client';
import type { Examples } from '@socialquery/store';
import { forumContract } from '@socialquery/forum';
import { microblogContract } from '@socialquery/microblog';
import { musicContract } from '@socialquery/music';
import { professionalContract } from '@socialquery/professional';
import { shortvideoContract } from '@socialquery/shortvideo';
import { videoContract } from '@socialquery/video';
import { pino } from 'pino';
import { createApp } from '../src/app.js';
import { createRequestBudget } from '../src/rate-limit.js';
import { listen, NOW, startTestService, type TestService } from './harness.js';

let service: TestService;
let server: Server;
let baseUrl: string;
let ex: Examples;
let client: SocialQueryClient;

beforeAll(async () => {
  service = await startTestService();
  ex = await service.store.examples();
  ({ server, baseUrl } = await listen(service.app));
  client = createSocialQueryClient({ baseUrl, token: service.token, apiKey: service.apiKey, timeout: 10_000 });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await service.close();
});

describe('createSocialQueryClient against the real service', () => {
  it('reaches each of the six platforms; bodies satisfy the response schemas', async () => {
    const forum = await client.forum.communityPosts({ community: ex.forum!.community, limit: 3 });
    expect(forumContract.communityPosts.response.parse(forum).posts).toHaveLength(3);
    const microblog = await client.microblog.userMessages({ username: ex.microblog!.username, limit: 3 });
    expect(microblogContract.userMessages.response.parse(microblog).messages.length).toBeGreaterThan(0);
    const shortvideo = await client.shortvideo.userPosts({ username: ex.shortvideo!.username, limit: 3 });
    expect(shortvideoContract.userPosts.response.parse(shortvideo).videos.length).toBeGreaterThan(0);
    const profile = await client.professional.profile({ username: ex.professional!.username });
    expect(professionalContract.profile.response.parse(profile).data.public_identifier).toBe(ex.professional!.username);
    const employees = await client.professional.companyEmployees({ companyId: ex.professional!.companyId, limit: 2 });
    expect(professionalContract.companyEmployees.response.parse(employees).employees.length).toBeGreaterThan(0);
    const video = await client.video.relatedVideos({ videoId: ex.video!.videoId });
    expect(videoContract.relatedVideos.response.parse(video).data.relatedVideos.length).toBeGreaterThan(0);
    const music = await client.music.explore.search({ keyword: ex.music!.keyword, limit: 2 });
    expect(musicContract.explore.search.response.parse(music).data).toHaveLength(2);
    const album = await client.music.albums.getDetail({ uri: ex.music!.albumUri });
    expect(musicContract.albums.getDetail.response.parse(album).data.uri).toBe(ex.music!.albumUri);
  });

  it('pages with iterate, and stops a walk with an AbortSignal', async () => {
    const username = ex.microblog!.username;
    const ids: string[] = [];
    for await (const message of client.microblog.iterate('userMessages', { username, limit: 2 })) {
      ids.push(message.id);
      if (ids.length === 5) break;
    }
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    const controller = new AbortController();
    const walked: string[] = [];
    const walk = async () => {
      for await (const message of client.microblog.iterate(
        'userMessages',
        { username, limit: 2 },
        { signal: controller.signal },
      )) {
        walked.push(message.id);
        if (walked.length === 2) controller.abort();
      }
    };
    const error = await walk().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect(walked).toEqual(ids.slice(0, 2));
  });

  it("types the service's error body: code, issues, requestId; success false on the professional group", async () => {
    const missing = await client.forum.communityPosts({ community: 'no-such-place-at-all' }).catch((e: unknown) => e);
    if (!(missing instanceof ApiResponseError)) throw new Error('expected an ApiResponseError');
    expect([missing.status, missing.code, missing.body?.statusCode]).toEqual([404, 'not_found', 404]);
    expect(missing.requestId).toMatch(/\S/);
    expect(missing.requestId).toBe(missing.body?.requestId);
    const cursor = await client.microblog
      .userMessages({ username: ex.microblog!.username, nextToken: 'forged.token' })
      .catch((e: unknown) => e);
    expect(cursor).toMatchObject({ status: 400, code: 'invalid_cursor' });
    const professional = await client.professional
      .profile({ username: 'no-such-member-anywhere' })
      .catch((e: unknown) => e);
    expect((professional as ApiResponseError).body).toMatchObject({ success: false, code: 'not_found' });
  });
});

describe('a rate-limited credential', () => {
  let limited: Server;
  let limitedUrl: string;
  beforeAll(async () => {
    const logger = pino({ level: 'silent' });
    const app = createApp({
      store: service.store,
      logger,
      cursorSecret: 'test-secret-0123456789',
      clock: () => NOW,
      budget: createRequestBudget({ limit: 1, windowMs: 60_000, logger }),
    });
    ({ server: limited, baseUrl: limitedUrl } = await listen(app));
  });
  afterAll(async () => {
    await new Promise((resolve) => limited.close(resolve));
  });

  it('raises RateLimitError with retryAfter; a Retry-After beyond maxRetryWait is thrown at once, not slept', async () => {
    const retried: number[] = [];
    const capped = createSocialQueryClient({
      baseUrl: limitedUrl,
      token: service.token,
      retries: 3,
      maxRetryWait: 500,
      onRetry: ({ wait }) => void retried.push(wait),
    });
    await capped.forum.userPosts({ username: ex.forum!.username, limit: 1 });
    const started = Date.now();
    const error = await capped.forum.userPosts({ username: ex.forum!.username, limit: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toBeInstanceOf(ApiResponseError);
    const rateLimit = error as RateLimitError;
    expect([rateLimit.status, rateLimit.code, rateLimit.kind]).toEqual([429, 'rate_limited', 'api_response']);
    expect(rateLimit.retryAfter).toBeGreaterThanOrEqual(1);
    expect(rateLimit.retryAfter).toBeLessThanOrEqual(60);
    expect(retried).toEqual([]);
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
