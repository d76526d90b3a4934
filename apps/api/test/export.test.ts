import http from 'node:http';
import { ErrorBody, EXPORT_ROWS_PER_UNIT } from '@socialquery/core';
import { createMicroblogClient, type Message, UserMessagesResponse } from '@socialquery/microblog';
import { PostsResponse } from '@socialquery/forum';
import {
  toForumRow,
  toMicroblogMessageRow,
  toMicroblogUserRow,
  upsertForumRows,
  upsertMicroblogMessageRows,
  upsertMicroblogUserRows,
} from '@socialquery/store';
import { parse } from 'csv-parse/sync';
import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app.js';
import { createRequestBudget } from '../src/rate-limit.js';
import { listen, NOW, startTestService, type TestService } from './harness.js';

/** An account with more messages than one budget unit's rows, so exports cross unit boundaries. */
const BULK_USER = 'export_bulk';
const BULK_MESSAGES = 3 * EXPORT_ROWS_PER_UNIT + 450;

const BULK_COMMUNITY = 'ExportBulk';
const BULK_POSTS = 2 * 1000 + 345;

let service: TestService;
let username: string;
let replyTarget: string;

const auth = () => ({ Authorization: `Bearer ${service.token}` });
const ndjson = (text: string) =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

beforeAll(async () => {
  service = await startTestService();
  ({ username, messageId: replyTarget } = (await service.store.examples()).microblog!);
  await service.store.db.transaction().execute(async (trx) => {
    await upsertMicroblogUserRows(trx, [
      toMicroblogUserRow({
        id: '9000000000',
        username: BULK_USER,
        displayName: 'Bulk',
        bio: '',
        followerCount: 0,
        followingCount: 0,
        messageCount: BULK_MESSAGES,
        likeCount: 0,
        isVerified: false,
        isProtected: false,
        profileImageUrl: 'https://example.org/b.png',
        createdAt: Date.parse('2020-01-01'),
      }),
    ]);
    const rows = Array.from({ length: BULK_MESSAGES }, (_, i) =>
      toMicroblogMessageRow({
        id: String(9_000_000_000_000 + i),
        author: BULK_USER,
        text: `bulk, "quoted" message\nnumber ${i}`,
        likeCount: i,
        repostCount: 0,
        replyCount: 0,
        quoteCount: 0,
        viewCount: i * 2,
        createdAt: Date.parse('2026-01-01') + i * 60_000,
        replyToId: null,
        repostedId: null,
        url: `https://example.org/m/${i}`,
        media: i % 2 === 0 ? [{ type: 'photo', url: `https://example.org/p/${i}.jpg` }] : [],
      }),
    );
    for (let i = 0; i < rows.length; i += 500) await upsertMicroblogMessageRows(trx, rows.slice(i, i + 500));
    // pairs of posts share their creation time and score: ties at every page boundary of the keyset reads
    const posts = Array.from({ length: BULK_POSTS }, (_, i) =>
      toForumRow({
        id: `xb${String(i).padStart(5, '0')}`,
        community: BULK_COMMUNITY,
        author: i % 3 === 0 ? BULK_USER : 'someone_else',
        title: `post ${i}`,
        content: '',
        upvotes: 0,
        downvotes: 0,
        score: Math.floor(i / 2) % 97,
        commentCount: 0,
        createdAt: NOW.getTime() - 3_600_000 * 24 * 60 + Math.floor(i / 2) * 1_000_000,
        url: `https://example.org/r/${i}`,
      }),
    );
    for (let i = 0; i < posts.length; i += 500) await upsertForumRows(trx, posts.slice(i, i + 500));
  });
});

afterAll(() => service.close());

/** Every message of a listing, by walking its pages through the JSON API as a client would. */
async function walkPages(user: string, query: Record<string, string>): Promise<Message[]> {
  const all: Message[] = [];
  let nextToken = '';
  do {
    const res = await request(service.app)
      .get(`/api/v1/microblog/user/${user}/messages`)
      .query({ ...query, limit: '200', ...(nextToken ? { nextToken } : {}) })
      .set(auth());
    expect(res.status).toBe(200);
    const body = UserMessagesResponse.parse(res.body);
    all.push(...body.messages);
    nextToken = body.nextToken;
  } while (nextToken);
  return all;
}

describe('bulk export of a token-paged listing (microblog user messages)', () => {
  it('format=ndjson streams every record of the listing, in its order, once each — what walking its pages gives', async () => {
    const query = { includeReplies: 'true' };
    const expected = await walkPages(username, query);
    expect(expected.length).toBeGreaterThan(20);
    const res = await request(service.app)
      .get(`/api/v1/microblog/user/${username}/messages`)
      .query({ ...query, format: 'ndjson' })
      .set(auth());
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toMatch(/Accept\b/);
    expect(ndjson(res.text)).toEqual(expected);
  });

  it("ignores the request's limit (an export is the whole listing) and starts at a given nextToken", async () => {
    const all = await walkPages(BULK_USER, {});
    expect(all).toHaveLength(BULK_MESSAGES);
    const whole = await request(service.app)
      .get(`/api/v1/microblog/user/${BULK_USER}/messages`)
      .query({ limit: '5', format: 'ndjson' })
      .set(auth());
    expect(ndjson(whole.text).map((m) => m.id)).toEqual(all.map((m) => m.id));

    const first = await request(service.app)
      .get(`/api/v1/microblog/user/${BULK_USER}/messages`)
      .query({ limit: '7' })
      .set(auth());
    const rest = await request(service.app)
      .get(`/api/v1/microblog/user/${BULK_USER}/messages`)
      .query({ nextToken: first.body.nextToken, format: 'ndjson' })
      .set(auth());
    expect(ndjson(rest.text).map((m) => m.id)).toEqual(all.slice(7).map((m) => m.id));
  });

  it('Accept: application/x-ndjson or text/csv asks the same as format; JSON, */* and no Accept keep the ordinary answer', async () => {
    const path = `/api/v1/microblog/user/${username}/messages`;
    const byParam = await request(service.app).get(path).query({ format: 'ndjson' }).set(auth());
    const byAccept = await request(service.app).get(path).set(auth()).set('Accept', 'application/x-ndjson');
    expect(byAccept.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(byAccept.text).toBe(byParam.text);
    const csv = await request(service.app).get(path).set(auth()).set('Accept', 'text/csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');

    const plain = await request(service.app).get(path).set(auth());
    for (const accept of ['application/json', '*/*', 'text/html, application/json;q=0.9, text/csv;q=0.5']) {
      const res = await request(service.app).get(path).set(auth()).set('Accept', accept);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.body).toEqual(plain.body);
    }
    expect(UserMessagesResponse.parse(plain.body).messages).toHaveLength(20);
  });

  it('format=csv: a header row of dotted columns, one row per record, arrays as JSON, quotes and newlines escaped', async () => {
    const expected = await walkPages(BULK_USER, {});
    const res = await request(service.app)
      .get(`/api/v1/microblog/user/${BULK_USER}/messages`)
      .query({ format: 'csv' })
      .set(auth());
    expect(res.status).toBe(200);
    expect(res.text.startsWith('id,text,author,')).toBe(true);
    const rows = parse<Record<string, string>>(res.text, { columns: true });
    expect(rows).toHaveLength(BULK_MESSAGES);
    const [first] = expected;
    const { repostedMessage, ...own } = first!;
    expect(repostedMessage).toBeNull();
    // nested objects become dotted columns (empty when the object is null); arrays are one JSON cell
    expect(rows[0]).toEqual({
      ...Object.fromEntries(
        Object.entries(own).map(([key, value]) => [
          key,
          typeof value === 'object' ? JSON.stringify(value) : String(value),
        ]),
      ),
      ...Object.fromEntries(
        Object.keys(rows[0]!)
          .filter((column) => column.startsWith('repostedMessage.'))
          .map((column) => [column, '']),
      ),
    });
    expect(Object.keys(rows[0]!)).toContain('repostedMessage.text');
    expect(rows.map((row) => row.id)).toEqual(expected.map((m) => m.id));
    expect(rows[0]!.text).toContain('"quoted" message\nnumber');
  });

  it('fields trims every exported record, and narrows CSV to those columns', async () => {
    const path = `/api/v1/microblog/user/${BULK_USER}/messages`;
    const lines = ndjson(
      (await request(service.app).get(path).query({ format: 'ndjson', fields: 'id,media.url' }).set(auth())).text,
    );
    expect(lines).toHaveLength(BULK_MESSAGES);
    expect(lines.every((line) => Object.keys(line).join() === 'id,media')).toBe(true);
    expect(lines.find((line) => (line.media as unknown[]).length > 0)!.media).toEqual([
      { url: expect.stringMatching(/^https:/) },
    ]);
    const csv = (await request(service.app).get(path).query({ format: 'csv', fields: 'createdAt,id' }).set(auth()))
      .text;
    expect(csv.split('\r\n')[0]).toBe('id,createdAt');
  });

  it('bad input is a JSON 4xx before anything streams', async () => {
    const path = `/api/v1/microblog/user/${username}/messages`;
    const bad = await request(service.app).get(path).query({ format: 'xml' }).set(auth());
    expect(bad.status).toBe(400);
    expect(ErrorBody.parse(bad.body)).toMatchObject({
      code: 'invalid_parameter',
      message: 'format must be one of ndjson, csv',
    });
    const unknownUser = await request(service.app)
      .get('/api/v1/microblog/user/nobody_here_at_all/messages')
      .query({ format: 'ndjson' })
      .set(auth());
    expect(unknownUser.status).toBe(404);
    expect(unknownUser.headers['content-type']).toMatch(/^application\/json/);
    const forged = await request(service.app).get(path).query({ format: 'csv', nextToken: 'forged' }).set(auth());
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('invalid_cursor');
    const noAuth = await request(service.app).get(path).query({ format: 'ndjson' });
    expect(noAuth.status).toBe(401);
  });

  it('format is refused on an operation whose answer is one record', async () => {
    const res = await request(service.app)
      .get('/api/v1/professional/api/v1/user/profile')
      .query({ username: 'x', format: 'ndjson' })
      .set('x-api-key', service.apiKey);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('unknown_parameter');
  });
});

describe('bulk export of the forum listings (their cursor followed)', () => {
  const storedPosts = async () =>
    (
      await service.store.db
        .selectFrom('forum_posts')
        .select(['id', 'created_at', 'score', 'hot', 'author_key'])
        .where('community_key', '=', BULK_COMMUNITY.toLowerCase())
        .execute()
    ).map((row) => ({
      id: row.id,
      createdAt: Number(row.created_at),
      score: Number(row.score),
      hot: Number(row.hot),
      author: row.author_key,
    }));
  const byKeyThenId =
    (key: (p: { createdAt: number; score: number; hot: number }) => number) =>
    (a: { id: string } & Parameters<typeof key>[0], b: typeof a) =>
      key(b) - key(a) || (a.id < b.id ? 1 : -1);
  const exported = async (path: string, query: Record<string, string>) =>
    ndjson(
      (
        await request(service.app)
          .get(path)
          .query({ ...query, format: 'ndjson' })
          .set(auth())
      ).text,
    ).map((post) => post.id as string);

  it("every sort exports the whole community in the listing's order, across pages and ties, starting with its first page", async () => {
    const stored = await storedPosts();
    const path = `/api/v1/forum/community/${BULK_COMMUNITY}/posts`;
    const orders = {
      new: byKeyThenId((p) => p.createdAt),
      hot: byKeyThenId((p) => p.hot),
      top: byKeyThenId((p) => p.score),
    };
    for (const [sort, compare] of Object.entries(orders)) {
      const ids = await exported(path, { sort, timeframe: 'all' });
      expect(ids).toEqual([...stored].sort(compare).map((p) => p.id));
      const firstPage = await request(service.app)
        .get(path)
        .query({ sort, timeframe: 'all', limit: '100' })
        .set(auth());
      expect(ids.slice(0, 100)).toEqual(PostsResponse.parse(firstPage.body).posts.map((p) => p.id));
    }
    const rising = await exported(path, { sort: 'rising' });
    const risingPage = await request(service.app).get(path).query({ sort: 'rising', limit: '100' }).set(auth());
    expect(rising.slice(0, 100)).toEqual(PostsResponse.parse(risingPage.body).posts.map((p) => p.id));
    expect(new Set(rising).size).toBe(rising.length);
  });

  it('time windows and minScore narrow the export as they narrow the listing', async () => {
    const stored = await storedPosts();
    const after = NOW.getTime() - 3_600_000 * 24 * 55;
    const ids = await exported(`/api/v1/forum/community/${BULK_COMMUNITY}/posts`, {
      sort: 'top',
      timeframe: 'all',
      after: String(after / 1000),
      minScore: '50',
    });
    const expected = stored
      .filter((p) => p.createdAt > after && p.score >= 50)
      .sort(byKeyThenId((p) => p.score))
      .map((p) => p.id);
    expect(expected.length).toBeGreaterThan(100);
    expect(ids).toEqual(expected);
    const users = await exported(`/api/v1/forum/user/${BULK_USER}/posts`, {});
    expect(users.length).toBeGreaterThanOrEqual(Math.ceil(BULK_POSTS / 3));
    expect(new Set(users).size).toBe(users.length);
  });

  it('an unknown community is a 404 JSON error, not an empty export', async () => {
    const res = await request(service.app)
      .get('/api/v1/forum/community/no_such_place_here/posts')
      .query({ format: 'csv' })
      .set(auth());
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });
});

describe('bulk export of the followers and employees listings (their tokens followed)', () => {
  it("company employees: every current employee, in the listing's order — total of them", async () => {
    const { companyId } = (await service.store.examples()).professional!;
    const json = await request(service.app)
      .get('/api/v1/professional/company/employees')
      .query({ companyId, limit: '500' })
      .set(auth());
    expect(json.status).toBe(200);
    const exported = await request(service.app)
      .get('/api/v1/professional/company/employees')
      .query({ companyId, limit: '1', format: 'ndjson' })
      .set(auth());
    const lines = ndjson(exported.text);
    expect(lines).toHaveLength(json.body.total);
    expect(lines.slice(0, json.body.employees.length)).toEqual(json.body.employees);
  });

  it('followers: every follower, as the listing orders them', async () => {
    const path = `/api/v1/microblog/user/${username}/followers`;
    const json = await request(service.app).get(path).query({ limit: '1000' }).set(auth());
    const exported = ndjson(
      (await request(service.app).get(path).query({ limit: '1', format: 'ndjson' }).set(auth())).text,
    );
    expect(exported.slice(0, json.body.followers.length)).toEqual(json.body.followers);
    expect(new Set(exported.map((f) => f.id)).size).toBe(exported.length);
  });
});

describe('bulk export of message replies', () => {
  it("exports every reply, oldest first, whatever the request's limit — beyond the 100 one answer holds", async () => {
    const path = `/api/v1/microblog/message/${replyTarget}/replies`;
    const json = await request(service.app).get(path).query({ limit: '100' }).set(auth());
    const exported = ndjson(
      (await request(service.app).get(path).query({ limit: '1', format: 'ndjson' }).set(auth())).text,
    );
    const { n } = await service.store.db
      .selectFrom('microblog_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('reply_to_id', '=', replyTarget)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBeGreaterThan(100);
    expect(exported).toHaveLength(Number(n));
    expect(exported.slice(0, 100)).toEqual(json.body.replies);
    const ids = exported.map((reply) => BigInt(reply.id as string));
    expect(ids.every((id, i) => i === 0 || id > ids[i - 1]!)).toBe(true);
  });
});

describe("the client's exportAll", () => {
  it('iterates every record; fields trim them; breaking off early closes the connection', async () => {
    const { server, baseUrl } = await listen(service.app);
    try {
      const client = createMicroblogClient({ baseUrl, token: service.token });
      const ids: string[] = [];
      for await (const message of client.exportAll('userMessages', { username: BULK_USER })) ids.push(message.id);
      expect(ids).toEqual((await walkPages(BULK_USER, {})).map((m) => m.id));

      const trimmed = [];
      for await (const message of client.exportAll('userMessages', {
        username: BULK_USER,
        fields: ['id', 'likeCount'],
      })) {
        trimmed.push(message);
        if (trimmed.length === 3) break;
      }
      expect(trimmed).toEqual([
        { id: ids[0], likeCount: BULK_MESSAGES - 1 },
        { id: ids[1], likeCount: BULK_MESSAGES - 2 },
        { id: ids[2], likeCount: BULK_MESSAGES - 3 },
      ]);

      await expect(async () => {
        for await (const _ of client.exportAll('userMessages', { username: 'nobody_here_at_all' })) {
          // read to the end
        }
      }).rejects.toMatchObject({ name: 'ApiResponseError', status: 404 });
    } finally {
      server.close();
    }
  });
});

describe('rate limit: an export is charged by the rows it sends', () => {
  it("the client's exportAll reports an export cut short as NoResponseError, never as a quiet end", async () => {
    const logger = pino({ level: 'silent' });
    const budget = createRequestBudget({ limit: 2, windowMs: 60_000, logger });
    const app = createApp({
      store: service.store,
      logger,
      cursorSecret: 'test-secret-0123456789',
      clock: () => NOW,
      budget,
    });
    const { server, baseUrl } = await listen(app);
    try {
      const client = createMicroblogClient({ baseUrl, token: service.token });
      let received = 0;
      await expect(async () => {
        for await (const _ of client.exportAll('userMessages', { username: BULK_USER })) received += 1;
      }).rejects.toMatchObject({ name: 'NoResponseError' });
      // what arrived before the abort may or may not have been handed out; the end never comes quietly
      expect(received).toBeLessThanOrEqual(2 * EXPORT_ROWS_PER_UNIT);
    } finally {
      server.close();
      await budget.close();
    }
  });

  it(`costs one unit per ${EXPORT_ROWS_PER_UNIT} rows after the first, and is cut off (connection aborted) when the budget runs out`, async () => {
    const logger = pino({ level: 'silent' });
    const budget = createRequestBudget({ limit: 3, windowMs: 60_000, logger });
    const app = createApp({
      store: service.store,
      logger,
      cursorSecret: 'test-secret-0123456789',
      clock: () => NOW,
      budget,
    });
    const { server, baseUrl } = await listen(app);
    try {
      const result = await rawGet(`${baseUrl}/api/v1/microblog/user/${BULK_USER}/messages?format=ndjson`, auth());
      expect(result.status).toBe(200);
      expect(result.aborted).toBe(true);
      // 3 units: the request's own (rows 1–1000), then 1001–2000 and 2001–3000
      expect(ndjson(result.text)).toHaveLength(3 * EXPORT_ROWS_PER_UNIT);
      const next = await request(app).get(`/api/v1/microblog/user/${BULK_USER}/messages`).set(auth());
      expect(next.status).toBe(429);
    } finally {
      server.close();
      await budget.close();
    }
  });
});

/** A GET read to its end or its abort, without a client library's retries or buffering rules. */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; text: string; aborted: boolean }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text, aborted: false }));
        res.on('error', () => resolve({ status: res.statusCode ?? 0, text, aborted: true }));
        res.on('aborted', () => resolve({ status: res.statusCode ?? 0, text, aborted: true }));
      })
      .on('error', reject);
  });
}
