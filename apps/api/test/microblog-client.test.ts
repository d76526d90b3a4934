import type { Server } from 'node:http';
import { ApiResponseError, NoResponseError, RequestSetupError } from '@socialquery/core';
import {
  createMicroblogClient,
  FollowersResponse,
  iterateUserMessages,
  type Message,
  MessagesByIdsResponse,
  RepliesResponse,
  UserMessagesResponse,
} from '@socialquery/microblog';
import { closedPortUrl, listen, startTestService, type TestService } from './harness.js';

let service: TestService;
let server: Server;
let baseUrl: string;
let username: string;
let messageId: string;
/** Requests the server received, by path and query. */
const received: string[] = [];

beforeAll(async () => {
  service = await startTestService();
  ({ username, messageId } = (await service.store.examples()).microblog!);
  ({ server, baseUrl } = await listen(service.app));
  server.on('request', (req: { url?: string }) => received.push(req.url ?? ''));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await service.close();
});

/** The user's message ids newest first, straight from the store (numeric order of decimal ids). */
async function storedIds(filter: { includeReplies: boolean; includeReposts: boolean }): Promise<string[]> {
  let query = service.store.db
    .selectFrom('microblog_messages')
    .select('id')
    .where('author_key', '=', username.toLowerCase());
  if (!filter.includeReplies) query = query.where('is_reply', '=', 0);
  if (!filter.includeReposts) query = query.where('is_repost', '=', 0);
  const rows = await query.execute();
  return rows.map((r) => r.id).sort((a, b) => (BigInt(b) > BigInt(a) ? 1 : BigInt(b) < BigInt(a) ? -1 : 0));
}

describe('microblog client against the real service', () => {
  it('userMessages returns a page validated by the response schema, with a nextToken', async () => {
    const client = createMicroblogClient({ baseUrl, token: service.token });
    const body = await client.userMessages({ username, limit: 5, includeReplies: true });
    expect(UserMessagesResponse.parse(body).messages).toHaveLength(5);
    expect(body.messages.map((m) => m.id)).toEqual(
      (await storedIds({ includeReplies: true, includeReposts: true })).slice(0, 5),
    );
    expect(body.nextToken).not.toBe('');
    const next = await client.userMessages({ username, limit: 5, includeReplies: true, nextToken: body.nextToken });
    expect(next.messages.map((m) => m.id)).toEqual(
      (await storedIds({ includeReplies: true, includeReposts: true })).slice(5, 10),
    );
  });

  it('iterateUserMessages walks every page once, yielding every message exactly once, in order', async () => {
    const client = createMicroblogClient({ baseUrl, token: service.token });
    const expected = await storedIds({ includeReplies: true, includeReposts: false });
    received.length = 0;
    const seen: Message[] = [];
    for await (const message of iterateUserMessages(client, {
      username,
      includeReplies: true,
      includeReposts: false,
      limit: 40,
    }))
      seen.push(message);
    expect(seen.map((m) => m.id)).toEqual(expected);
    expect(seen.every((m) => !m.isRepost)).toBe(true);
    expect(received).toHaveLength(Math.ceil(expected.length / 40));
    expect(received.slice(1).every((url) => url.includes('nextToken='))).toBe(true);
    expect(received[0]).not.toContain('nextToken');
  });

  it('iterateUserMessages stops fetching when the loop breaks', async () => {
    const client = createMicroblogClient({ baseUrl, token: service.token });
    received.length = 0;
    let n = 0;
    for await (const _ of iterateUserMessages(client, { username, limit: 3 })) if (++n === 4) break;
    expect(received).toHaveLength(2);
  });

  it('messageReplies and userFollowers return bodies valid under their schemas', async () => {
    const client = createMicroblogClient({ baseUrl, token: service.token, timeout: 10_000 });
    const { replies } = RepliesResponse.parse(await client.messageReplies({ messageId, limit: 7 }));
    expect(replies).toHaveLength(7);
    const ids = replies.map((r) => BigInt(r.id));
    expect([...ids].sort((a, b) => (a < b ? -1 : 1))).toEqual(ids);
    const { followers } = FollowersResponse.parse(await client.userFollowers({ username, limit: 3 }));
    expect(followers).toHaveLength(3);
  });

  it("iterate('messageReplies') and iterate('userFollowers') follow nextToken: the whole listing once, as one big page has it", async () => {
    const client = createMicroblogClient({
      baseUrl,
      token: (await service.store.credentials.create('token', 'client paging walk')).secret,
      timeout: 10_000,
    });
    const all = await client.messageReplies({ messageId, limit: 100 });
    expect(all.nextToken).not.toBe('');
    const rest = await client.messageReplies({ messageId, limit: 100, nextToken: all.nextToken });
    const expected = [...all.replies, ...rest.replies].map((r) => r.id);
    const replies: string[] = [];
    for await (const reply of client.iterate('messageReplies', { messageId, limit: 40 })) replies.push(reply.id);
    expect(replies.slice(0, expected.length)).toEqual(expected);
    expect(new Set(replies).size).toBe(replies.length);
    const { n } = await service.store.db
      .selectFrom('microblog_messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('reply_to_id', '=', messageId)
      .executeTakeFirstOrThrow();
    expect(replies).toHaveLength(Number(n));

    const followersAll = await client.userFollowers({ username, limit: 1000 });
    expect(followersAll.followers.length).toBeGreaterThan(3);
    const before = received.length;
    const followers: string[] = [];
    for await (const follower of client.iterate('userFollowers', { username, limit: 3 })) followers.push(follower.id);
    if (followersAll.nextToken === '') expect(followers).toEqual(followersAll.followers.map((f) => f.id));
    else expect(followers.slice(0, 1000)).toEqual(followersAll.followers.map((f) => f.id));
    expect(received.length - before).toBe(Math.ceil(followers.length / 3));
  });

  it('messagesByIds takes a list of ids and answers the messages found in that order, and the ids not found', async () => {
    const client = createMicroblogClient({ baseUrl, token: service.token });
    const { messages: page } = await client.userMessages({ username, limit: 4, includeReplies: true });
    const ids = [page[3]!.id, 'abc', page[1]!.id, page[3]!.id];
    const body = MessagesByIdsResponse.parse(await client.messagesByIds({ ids }));
    expect(body).toEqual({ messages: [page[3], page[1]], notFound: ['abc'] });
    const trimmed = await client.messagesByIds({ ids, fields: ['id', 'createdAt'] });
    expect(trimmed.messages).toEqual([page[3], page[1]].map((m) => ({ id: m!.id, createdAt: m!.createdAt })));
    await expect(client.messagesByIds({ ids: [] })).rejects.toBeInstanceOf(RequestSetupError);
  });

  it('raises ApiResponseError with status and parsed body on 404, 401 and a foreign token', async () => {
    const client = createMicroblogClient({ baseUrl, token: service.token });
    const error = await client.userFollowers({ username: 'nobody_at_all_42' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiResponseError);
    expect(error).toMatchObject({ kind: 'api_response', status: 404, body: { code: 'not_found' } });
    await expect(client.messageReplies({ messageId: '1234567890123456789' })).rejects.toMatchObject({ status: 404 });
    const { nextToken } = await client.userMessages({ username, limit: 2 });
    await expect(client.userMessages({ username, includeReplies: true, nextToken })).rejects.toMatchObject({
      status: 400,
      body: { code: 'invalid_cursor' },
    });
    const wrong = createMicroblogClient({ baseUrl, token: 'sqt_wrong' });
    await expect(wrong.userMessages({ username })).rejects.toMatchObject({
      status: 401,
      body: { code: 'invalid_credentials' },
    });
  });

  it('raises RequestSetupError and sends nothing when an argument is missing or invalid', async () => {
    const client = createMicroblogClient({ baseUrl, token: service.token });
    received.length = 0;
    const missing = await client.userMessages({} as never).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(RequestSetupError);
    expect(missing).toMatchObject({ kind: 'request_setup', message: expect.stringContaining('username is required') });
    await expect(client.userMessages({ username, limit: 201 })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.userMessages({ username, sinceId: '12abc' })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.userMessages({ username, cursor: 'x' } as never)).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.messageReplies({ messageId: 'abc' })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.userFollowers({ username, limit: 1001 })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(iterateUserMessages(client, { username, maxId: '-1' }).next()).rejects.toBeInstanceOf(
      RequestSetupError,
    );
    expect(received).toEqual([]);
  });

  it('raises NoResponseError when nothing listens on the port', async () => {
    const closedUrl = await closedPortUrl(service.app);
    const client = createMicroblogClient({ baseUrl: closedUrl, token: service.token, timeout: 2000 });
    const error = await iterateUserMessages(client, { username })
      .next()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NoResponseError);
    expect(error).toMatchObject({ kind: 'no_response', code: 'ECONNREFUSED' });
  });
});
