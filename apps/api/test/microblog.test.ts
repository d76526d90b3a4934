import { ErrorBody } from '@socialquery/core';
import {
  type Follower,
  FollowersResponse,
  type Message,
  messageReplies,
  MessagesByIdsResponse,
  messagesByIds,
  RepliesResponse,
  userFollowers,
  userMessages,
  UserMessagesResponse,
} from '@socialquery/microblog';
import {
  toMicroblogMessageRow,
  toMicroblogUserRow,
  upsertMicroblogMessageRows,
  upsertMicroblogUserRows,
} from '@socialquery/store';
import request from 'supertest';
import { NOW, startTestService, type TestService } from './harness.js';
import { describeOperationRules } from './operation-rules.case.js';

let service: TestService;
let username: string;
let messageId: string;
/** Every stored message by id, and every account by id, straight from the store: the tests' ground truth. */
let messages: Map<string, StoredMessage>;
let accounts: Map<string, Follower>;
let follows: { user_key: string; follower_id: string; followed_at: number }[];

interface StoredMessage {
  record: Omit<Message, 'repostedMessage'>;
  authorKey: string;
  replyToId: string | null;
  repostedId: string | null;
}

beforeAll(async () => {
  service = await startTestService();
  ({ username, messageId } = (await service.store.examples()).microblog!);
  const db = service.store.db;
  const rows = await db.selectFrom('microblog_messages').selectAll().execute();
  messages = new Map(
    rows.map((r) => [
      r.id,
      {
        record: {
          id: r.id,
          text: r.text,
          author: r.author,
          likeCount: Number(r.like_count),
          repostCount: Number(r.repost_count),
          replyCount: Number(r.reply_count),
          quoteCount: Number(r.quote_count),
          viewCount: Number(r.view_count),
          createdAt: new Date(Number(r.created_at)).toISOString(),
          isRepost: Number(r.is_repost) === 1,
          url: r.url,
          media: JSON.parse(r.media) as Message['media'],
        },
        authorKey: r.author_key,
        replyToId: r.reply_to_id,
        repostedId: r.reposted_id,
      },
    ]),
  );
  const users = await db.selectFrom('microblog_users').selectAll().execute();
  accounts = new Map(
    users.map((u) => [
      u.id,
      {
        id: u.id,
        username: u.username,
        displayName: u.display_name,
        bio: u.bio,
        followerCount: Number(u.follower_count),
        followingCount: Number(u.following_count),
        messageCount: Number(u.message_count),
        likeCount: Number(u.like_count),
        isVerified: Number(u.is_verified) === 1,
        isProtected: Number(u.is_protected) === 1,
        profileImageUrl: u.profile_image_url,
        createdAt: new Date(Number(u.created_at)).toISOString(),
      },
    ]),
  );
  follows = (await db.selectFrom('microblog_follows').select(['user_key', 'follower_id', 'followed_at']).execute()).map(
    (f) => ({
      ...f,
      followed_at: Number(f.followed_at),
    }),
  );
});
afterAll(() => service.close());

const big = BigInt;
const newestFirst = (a: { id: string }, b: { id: string }) =>
  big(b.id) > big(a.id) ? 1 : big(b.id) < big(a.id) ? -1 : 0;

/** The full record of a stored message, as the API must return it (reposts carry their reposted record). */
function full(stored: StoredMessage): Message {
  const original = stored.repostedId === null ? undefined : messages.get(stored.repostedId);
  return { ...stored.record, repostedMessage: original ? { ...original.record, repostedMessage: null } : null };
}

/** A user's messages under the filters, newest first, computed here from the rows. */
function truth(
  name: string,
  {
    includeReplies = false,
    includeReposts = true,
    sinceId,
    maxId,
  }: {
    includeReplies?: boolean;
    includeReposts?: boolean;
    sinceId?: string;
    maxId?: string;
  } = {},
): Message[] {
  return [...messages.values()]
    .filter((m) => m.authorKey === name.toLowerCase())
    .filter((m) => (includeReplies || m.replyToId === null) && (includeReposts || m.repostedId === null))
    .filter(
      (m) =>
        (sinceId === undefined || big(m.record.id) > big(sinceId)) &&
        (maxId === undefined || big(m.record.id) < big(maxId)),
    )
    .map(full)
    .sort(newestFirst);
}

const auth = (token = service.token) => ({ Authorization: `Bearer ${token}` });
const get = (path: string, query: Record<string, string> = {}, token?: string) =>
  request(service.app).get(path).query(query).set(auth(token));

async function listMessages(name: string, query: Record<string, string> = {}, token?: string) {
  const res = await get(`/api/v1/microblog/user/${encodeURIComponent(name)}/messages`, query, token);
  expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
  return UserMessagesResponse.parse(res.body);
}

/** Follows nextToken to the end; returns the messages in order and the number of pages. */
async function walk(name: string, query: Record<string, string>, token?: string) {
  const seen: Message[] = [];
  let pages = 0;
  let nextToken = '';
  do {
    const body = await listMessages(name, { ...query, ...(nextToken ? { nextToken } : {}) }, token);
    pages++;
    seen.push(...body.messages);
    nextToken = body.nextToken;
    if (pages > 500) throw new Error('paging did not end');
  } while (nextToken !== '');
  return { seen, pages };
}

async function expectError(res: request.Response, status: number, code: string) {
  expect(res.status).toBe(status);
  const body = ErrorBody.parse(res.body);
  expect(body.code).toBe(code);
  return body;
}

describeOperationRules(
  userMessages,
  () => service,
  () => ({ path: { username } }),
);
describeOperationRules(
  messageReplies,
  () => service,
  () => ({ path: { messageId } }),
);
describeOperationRules(
  userFollowers,
  () => service,
  () => ({ path: { username } }),
);
describeOperationRules(
  messagesByIds,
  () => service,
  () => ({
    path: {},
    query: {
      ids: truth(username)
        .slice(0, 3)
        .map((m) => m.id)
        .join(','),
    },
  }),
);

describe('GET /api/v1/microblog/user/{username}/messages', () => {
  it('has the demo data the tests rely on', () => {
    const all = truth(username, { includeReplies: true });
    expect(all.length).toBeGreaterThanOrEqual(100);
    expect(all.filter((m) => m.isRepost).length).toBeGreaterThan(10);
    expect(all.filter((m) => messages.get(m.id)!.replyToId !== null).length).toBeGreaterThan(10);
  });

  it('defaults to limit 20, replies dropped, reposts kept, newest first by id, every field as stored', async () => {
    const body = await listMessages(username);
    const expected = truth(username);
    expect(body.messages).toHaveLength(20);
    expect(body.messages).toEqual(expected.slice(0, 20));
    expect(body.nextToken).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    for (const m of body.messages) expect(m.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it.each<[Record<string, string>, { includeReplies?: boolean; includeReposts?: boolean }]>([
    [{ includeReplies: 'true' }, { includeReplies: true }],
    [{ includeReposts: 'false' }, { includeReposts: false }],
    [
      { includeReplies: 'true', includeReposts: 'false' },
      { includeReplies: true, includeReposts: false },
    ],
    [{ includeReplies: 'false', includeReposts: 'true' }, {}],
  ])('filters %j', async (query, flags) => {
    const body = await listMessages(username, { ...query, limit: '200' });
    const expected = truth(username, flags);
    expect(body.messages).toEqual(expected.slice(0, 200));
    expect(body.nextToken === '').toBe(expected.length <= 200);
    const replies = body.messages.filter((m) => messages.get(m.id)!.replyToId !== null);
    const reposts = body.messages.filter((m) => m.isRepost);
    expect(replies.length > 0).toBe(flags.includeReplies === true);
    expect(reposts.length > 0).toBe(flags.includeReposts !== false);
  });

  it('gives a repost isRepost true and the full reposted record (whose repostedMessage is null); others null', async () => {
    const { messages: page } = await listMessages(username, { limit: '200', includeReplies: 'true' });
    const reposts = page.filter((m) => m.isRepost);
    expect(reposts.length).toBeGreaterThan(5);
    for (const repost of reposts) {
      const original = messages.get(messages.get(repost.id)!.repostedId!)!;
      expect(repost.repostedMessage).toEqual({ ...original.record, repostedMessage: null });
      expect(repost.repostedMessage!.author).not.toBe(repost.author);
      expect(repost.text.startsWith(`RT @${original.record.author}: `)).toBe(true);
    }
    expect(page.filter((m) => !m.isRepost).every((m) => m.repostedMessage === null)).toBe(true);
    expect(page.some((m) => m.media.length > 0) || truth(username).every((m) => m.media.length === 0)).toBe(true);
  });

  it('keeps sinceId and maxId exclusive', async () => {
    const all = truth(username, { includeReplies: true });
    const [hi, lo] = [all[10]!.id, all[60]!.id];
    const both = await listMessages(username, { includeReplies: 'true', sinceId: lo, maxId: hi, limit: '200' });
    expect(both.messages.map((m) => m.id)).toEqual(all.slice(11, 60).map((m) => m.id));
    expect(both.nextToken).toBe('');
    const below = await listMessages(username, { includeReplies: 'true', maxId: all[0]!.id, limit: '5' });
    expect(below.messages.map((m) => m.id)).toEqual(all.slice(1, 6).map((m) => m.id));
    const above = await listMessages(username, { includeReplies: 'true', sinceId: all[3]!.id });
    expect(above).toEqual({ messages: all.slice(0, 3), nextToken: '' });
    const none = await listMessages(username, { sinceId: all[5]!.id, maxId: all[6]!.id });
    expect(none).toEqual({ messages: [], nextToken: '' });
  });

  it('pages through every message exactly once, in order, across many pages; the last token is empty', async () => {
    const expected = truth(username, { includeReplies: true });
    const { seen, pages } = await walk(username, { includeReplies: 'true', limit: '9' }, await freshToken());
    expect(pages).toBe(Math.ceil(expected.length / 9));
    expect(pages).toBeGreaterThan(10);
    expect(seen).toEqual(expected);
  });

  it('pages exactly once inside a since/max window with filters, and lets limit change between pages', async () => {
    const all = truth(username, { includeReposts: false });
    const window = { includeReposts: 'false', sinceId: all[all.length - 5]!.id, maxId: all[2]!.id };
    const expected = truth(username, { includeReposts: false, sinceId: window.sinceId, maxId: window.maxId });
    const { seen } = await walk(username, { ...window, limit: '11' }, await freshToken());
    expect(seen).toEqual(expected);

    const first = await listMessages(username, { ...window, limit: '3' });
    const second = await listMessages(username, { ...window, limit: '50', nextToken: first.nextToken });
    expect([...first.messages, ...second.messages]).toEqual(expected.slice(0, 53));
  });

  it('compares ids numerically (ids beyond 2^53, of any length) and pages exactly once through equal timestamps', async () => {
    const at = NOW.getTime() - 3_600_000;
    await upsertMicroblogUserRows(service.store.db, [
      toMicroblogUserRow({
        id: '1999999999',
        username: 'Numeric_Nina',
        displayName: 'Nina',
        bio: '',
        followerCount: 0,
        followingCount: 0,
        messageCount: 8,
        likeCount: 0,
        isVerified: false,
        isProtected: false,
        profileImageUrl: 'https://media.microblog.example.org/n.jpg',
        createdAt: at - 1000,
      }),
    ]);
    const ids = [
      '9',
      '10',
      '11',
      '100',
      '9007199254740993',
      '9007199254740992',
      '18446744073709551615',
      '99999999999999999999',
    ];
    await upsertMicroblogMessageRows(
      service.store.db,
      ids.map((id) =>
        toMicroblogMessageRow({
          id,
          author: 'Numeric_Nina',
          text: `number ${id}`,
          likeCount: 0,
          repostCount: 0,
          replyCount: 0,
          quoteCount: 0,
          viewCount: 0,
          createdAt: at,
          replyToId: null,
          repostedId: null,
          url: `https://microblog.example.org/Numeric_Nina/status/${id}`,
          media: [],
        }),
      ),
    );
    const order = [
      '99999999999999999999',
      '18446744073709551615',
      '9007199254740993',
      '9007199254740992',
      '100',
      '11',
      '10',
      '9',
    ];
    expect((await listMessages('numeric_nina', { limit: '200' })).messages.map((m) => m.id)).toEqual(order);
    expect((await listMessages('Numeric_Nina', { sinceId: '9' })).messages.map((m) => m.id)).toEqual(order.slice(0, 7));
    expect((await listMessages('Numeric_Nina', { maxId: '100' })).messages.map((m) => m.id)).toEqual(['11', '10', '9']);
    expect(
      (await listMessages('Numeric_Nina', { sinceId: '10', maxId: '9007199254740993' })).messages.map((m) => m.id),
    ).toEqual(['9007199254740992', '100', '11']);
    expect((await listMessages('Numeric_Nina', { maxId: '009007199254740993' })).messages[0]!.id).toBe(
      '9007199254740992',
    );
    for (const limit of ['1', '2', '3']) {
      const { seen } = await walk('Numeric_Nina', { limit });
      expect(seen.map((m) => m.id)).toEqual(order);
      expect(new Set(seen.map((m) => m.createdAt)).size).toBe(1);
    }
  });

  it('matches the username case-insensitively, also across pages', async () => {
    const lower = await listMessages(username.toLowerCase(), { limit: '5' });
    const upper = await listMessages(username.toUpperCase(), { limit: '5' });
    expect(upper.messages).toEqual(lower.messages);
    const next = await listMessages(username.toUpperCase(), { limit: '5', nextToken: lower.nextToken });
    expect(next.messages).toEqual(truth(username).slice(5, 10));
  });

  it('treats an empty nextToken as none', async () => {
    expect(await listMessages(username, { nextToken: '' })).toEqual(await listMessages(username));
  });

  describe('refuses a paging token of another query, tampered or garbage: 400 invalid_cursor', () => {
    let token: string;
    let otherUser: string;
    beforeAll(async () => {
      token = (await listMessages(username, { limit: '5' })).nextToken;
      otherUser = [...accounts.values()].find(
        (a) => a.messageCount >= 20 && a.username.toLowerCase() !== username.toLowerCase(),
      )!.username;
    });
    const path = (name: string) => `/api/v1/microblog/user/${encodeURIComponent(name)}/messages`;

    it.each<[string, () => [string, Record<string, string>]]>([
      ['another user', () => [otherUser, {}]],
      ['includeReplies changed', () => [username, { includeReplies: 'true' }]],
      ['includeReposts changed', () => [username, { includeReposts: 'false' }]],
      ['sinceId added', () => [username, { sinceId: '1' }]],
      ['maxId added', () => [username, { maxId: '99999999999999999999' }]],
    ])('%s', async (_name, change) => {
      const [name, query] = change();
      const body = await expectError(await get(path(name), { ...query, nextToken: token }), 400, 'invalid_cursor');
      expect(body.message).toBe('the paging token is invalid or belongs to another query');
    });

    it('a tampered or garbage token', async () => {
      const [payload, signature] = token.split('.') as [string, string];
      const forged = Buffer.from(JSON.stringify({ lastId: '99999999999999999999' })).toString('base64url');
      for (const bad of [
        `${forged}.${signature}`,
        `${payload}.${signature.slice(0, -2)}AA`,
        'garbage',
        `${payload}x.${signature}`,
        token.slice(1),
      ]) {
        await expectError(await get(path(username), { nextToken: bad }), 400, 'invalid_cursor');
      }
    });

    it('(control) the same token on its own query works, whatever the limit', async () => {
      expect((await listMessages(username, { nextToken: token, limit: '2' })).messages).toEqual(
        truth(username).slice(5, 7),
      );
    });
  });

  it('rejects ids that are not decimal, and booleans other than true/false: 400 invalid_parameter', async () => {
    const bad: Record<string, string>[] = [
      { sinceId: 'abc' },
      { maxId: '-5' },
      { sinceId: '123456789012345678901' },
      { maxId: '1e9' },
      { includeReplies: 'yes' },
      { includeReposts: '1' },
    ];
    for (const query of bad) {
      const body = await expectError(
        await get(`/api/v1/microblog/user/${username}/messages`, query),
        400,
        'invalid_parameter',
      );
      expect(body.issues?.[0]?.path).toBe(Object.keys(query)[0]);
    }
  });

  it('answers 404 not_found for an unknown user, 200 with no messages for a user who never posted', async () => {
    const res = await get('/api/v1/microblog/user/nobody_at_all_42/messages');
    expect((await expectError(res, 404, 'not_found')).message).toBe("user 'nobody_at_all_42' not found");
    const silent = [...accounts.values()].find((a) => a.messageCount === 0)!;
    expect(await listMessages(silent.username, { includeReplies: 'true' })).toEqual({ messages: [], nextToken: '' });
  });
});

describe('GET /api/v1/microblog/message/{messageId}/replies', () => {
  const repliesOf = (id: string) =>
    [...messages.values()]
      .filter((m) => m.replyToId === id)
      .map(full)
      .sort(newestFirst)
      .reverse();
  const list = async (id: string, query: Record<string, string> = {}) => {
    const res = await get(`/api/v1/microblog/message/${id}/replies`, query);
    expect(res.status).toBe(200);
    return RepliesResponse.parse(res.body).replies;
  };

  it('lists direct replies oldest first, limit default 20, every field as stored', async () => {
    const expected = repliesOf(messageId);
    expect(expected.length).toBeGreaterThanOrEqual(100);
    expect(await list(messageId)).toEqual(expected.slice(0, 20));
    expect(await list(messageId, { limit: '100' })).toEqual(expected.slice(0, 100));
    expect(await list(messageId, { limit: '1' })).toEqual(expected.slice(0, 1));
    expect(messages.get(messageId)!.record.replyCount).toBe(expected.length);
  });

  it('lists only direct replies (not replies to replies), each a message record', async () => {
    const parentOfNested = [...messages.values()].find(
      (m) => m.replyToId !== null && repliesOf(m.record.id).length > 0,
    )!;
    const direct = await list(parentOfNested.record.id, { limit: '100' });
    expect(direct).toEqual(repliesOf(parentOfNested.record.id).slice(0, 100));
    expect(
      direct.every(
        (r) => messages.get(r.id)!.replyToId === parentOfNested.record.id && !r.isRepost && r.repostedMessage === null,
      ),
    ).toBe(true);
  });

  it('takes the id with leading zeros (up to 20 digits) as the same number', async () => {
    const padded = messageId.padStart(20, '0');
    expect(padded).not.toBe(messageId);
    expect(await list(padded, { limit: '3' })).toEqual(repliesOf(messageId).slice(0, 3));
  });

  it('answers 200 with no replies for a message without any, 404 for an unknown message, 400 for a non-decimal id', async () => {
    const quiet = [...messages.values()].find((m) => m.record.replyCount === 0)!;
    expect(await list(quiet.record.id)).toEqual([]);
    const unknown = '1234567890123456789';
    expect(messages.has(unknown)).toBe(false);
    expect(
      (await expectError(await get(`/api/v1/microblog/message/${unknown}/replies`), 404, 'not_found')).message,
    ).toBe(`message '${unknown}' not found`);
    await expectError(await get('/api/v1/microblog/message/abc/replies'), 400, 'invalid_parameter');
    await expectError(await get('/api/v1/microblog/message/123456789012345678901/replies'), 400, 'invalid_parameter');
  });
});

describe('GET /api/v1/microblog/user/{username}/followers', () => {
  /** A user's followers, most recent first, ties by follower id descending, computed here from the rows. */
  const followersOf = (name: string) =>
    follows
      .filter((f) => f.user_key === name.toLowerCase())
      .sort(
        (a, b) =>
          b.followed_at - a.followed_at || (a.follower_id < b.follower_id ? 1 : a.follower_id > b.follower_id ? -1 : 0),
      )
      .map((f) => accounts.get(f.follower_id)!);
  const list = async (name: string, query: Record<string, string> = {}) => {
    const res = await get(`/api/v1/microblog/user/${encodeURIComponent(name)}/followers`, query);
    expect(res.status).toBe(200);
    return FollowersResponse.parse(res.body).followers;
  };
  const mostFollowed = () => [...accounts.values()].sort((a, b) => b.followerCount - a.followerCount)[0]!;

  it('lists followers most recent first, limit default 100, every field as stored', async () => {
    const top = mostFollowed();
    const expected = followersOf(top.username);
    expect(expected.length).toBe(top.followerCount);
    expect(expected.length).toBeGreaterThan(1000);
    const got = await list(top.username);
    expect(got).toEqual(expected.slice(0, 100));
    expect(got[0]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('honours limit up to 1000, matches the name case-insensitively, breaks equal times by follower id descending', async () => {
    const top = mostFollowed();
    const expected = followersOf(top.username);
    expect(await list(top.username.toUpperCase(), { limit: '1000' })).toEqual(expected.slice(0, 1000));
    expect(await list(top.username, { limit: '1' })).toEqual(expected.slice(0, 1));
    const moments = new Map<string, number>();
    for (const f of follows)
      moments.set(`${f.user_key} ${f.followed_at}`, (moments.get(`${f.user_key} ${f.followed_at}`) ?? 0) + 1);
    const tied = [...moments].find(([, n]) => n > 1);
    expect(tied).toBeDefined();
    const name = [...accounts.values()].find((a) => a.username.toLowerCase() === tied![0].split(' ')[0])!.username;
    expect(await list(name, { limit: '1000' })).toEqual(followersOf(name).slice(0, 1000));
  });

  it('answers 200 with no followers for a user without any, 404 for an unknown user', async () => {
    const lonely = [...accounts.values()].find((a) => a.followerCount === 0)!;
    expect(await list(lonely.username)).toEqual([]);
    const res = await get('/api/v1/microblog/user/nobody_at_all_42/followers');
    expect((await expectError(res, 404, 'not_found')).message).toBe("user 'nobody_at_all_42' not found");
  });
});

describe('paging replies and followers by nextToken (keyset, an addition beside replies/followers)', () => {
  const repliesOf = (id: string) =>
    [...messages.values()]
      .filter((m) => m.replyToId === id)
      .map(full)
      .sort(newestFirst)
      .reverse();
  const followersOf = (name: string) =>
    follows
      .filter((f) => f.user_key === name.toLowerCase())
      .sort(
        (a, b) =>
          b.followed_at - a.followed_at || (a.follower_id < b.follower_id ? 1 : a.follower_id > b.follower_id ? -1 : 0),
      )
      .map((f) => accounts.get(f.follower_id)!);
  const repliesPath = (id: string) => `/api/v1/microblog/message/${id}/replies`;
  const followersPath = (name: string) => `/api/v1/microblog/user/${encodeURIComponent(name)}/followers`;

  /** One page of a listing, checked against its schema: the records and the token. */
  async function page(path: string, query: Record<string, string>, token?: string) {
    const res = await get(path, query, token);
    expect({ status: res.status, body: res.status === 200 ? 'ok' : res.body }).toEqual({ status: 200, body: 'ok' });
    if (path.endsWith('/replies')) {
      const body = RepliesResponse.parse(res.body);
      return { records: body.replies as unknown[], nextToken: body.nextToken };
    }
    const body = FollowersResponse.parse(res.body);
    return { records: body.followers as unknown[], nextToken: body.nextToken };
  }

  /** Follows nextToken to the end with the page sizes given in turn (the last one repeated); the records and tokens. */
  async function walkAll(path: string, sizes: number[], query: Record<string, string> = {}) {
    const token = await freshToken();
    const records: unknown[] = [];
    const tokens: string[] = [];
    let nextToken = '';
    do {
      const limit = String(sizes[Math.min(tokens.length, sizes.length - 1)]);
      const body = await page(path, { ...query, limit, ...(nextToken ? { nextToken } : {}) }, token);
      records.push(...body.records);
      tokens.push(body.nextToken);
      nextToken = body.nextToken;
      if (tokens.length > 500) throw new Error('paging did not end');
    } while (nextToken !== '');
    return { records, tokens };
  }

  it('replies: walking every page gives the whole listing oldest first, each once, whatever the page sizes', async () => {
    const expected = repliesOf(messageId);
    expect(expected.length).toBeGreaterThan(100);
    const { records, tokens } = await walkAll(repliesPath(messageId), [9]);
    expect(records).toEqual(expected);
    expect(tokens).toHaveLength(Math.ceil(expected.length / 9));
    expect(tokens.slice(0, -1).every((t) => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(t))).toBe(true);
    expect(tokens.at(-1)).toBe('');
    // limit changes between pages; a leading-zero id is the same message and the same listing
    expect((await walkAll(repliesPath(messageId.padStart(20, '0')), [1, 100, 3, 50])).records).toEqual(expected);
    // one page holding the rest ends with ''
    const first = await page(repliesPath(messageId), { limit: String(expected.length - 100) });
    const rest = await page(repliesPath(messageId), { limit: '100', nextToken: first.nextToken });
    expect(rest.records).toEqual(expected.slice(-100));
    expect(rest.nextToken).toBe('');
  });

  it('replies: pages once through replies of equal timestamps (ordered by id, numerically), inside a window', async () => {
    const at = NOW.getTime() - 7_200_000;
    const parent = '4000000000000000000';
    const ids = ['99999999999999999999', '9', '10', '4000000000000000001', '9007199254740993', '9007199254740992'];
    await upsertMicroblogMessageRows(
      service.store.db,
      [parent, ...ids].map((id) =>
        toMicroblogMessageRow({
          id,
          author: 'Tied_Tom',
          text: `tied ${id}`,
          likeCount: 0,
          repostCount: 0,
          replyCount: id === parent ? ids.length : 0,
          quoteCount: 0,
          viewCount: 0,
          createdAt: id === parent ? at - 1000 : at,
          replyToId: id === parent ? null : parent,
          repostedId: null,
          url: `https://microblog.example.org/Tied_Tom/status/${id}`,
          media: [],
        }),
      ),
    );
    const order = ['9', '10', '9007199254740992', '9007199254740993', '4000000000000000001', '99999999999999999999'];
    for (const sizes of [[1], [2], [4], [5, 1]]) {
      const { records } = await walkAll(repliesPath(parent), sizes);
      expect((records as Message[]).map((m) => m.id)).toEqual(order);
    }
    const window = { after: new Date(at - 1).toISOString(), before: new Date(at + 1).toISOString() };
    const { records } = await walkAll(repliesPath(parent), [4], window);
    expect((records as Message[]).map((m) => m.id)).toEqual(order);
  });

  it('followers: walking every page gives every follower in order, ties on the time included, whatever the page sizes', async () => {
    const top = [...accounts.values()].sort((a, b) => b.followerCount - a.followerCount)[0]!;
    const expected = followersOf(top.username);
    expect(expected.length).toBeGreaterThan(1000);
    const { records, tokens } = await walkAll(followersPath(top.username), [400]);
    expect(records).toEqual(expected);
    expect(tokens).toHaveLength(Math.ceil(expected.length / 400));
    expect(tokens.at(-1)).toBe('');
    expect((await walkAll(followersPath(top.username.toUpperCase()), [1000, 7, 500])).records).toEqual(expected);
    // a user whose followers share moments: pages of 1 and 2 end inside a tie
    const moments = new Map<string, number>();
    for (const f of follows)
      moments.set(`${f.user_key} ${f.followed_at}`, (moments.get(`${f.user_key} ${f.followed_at}`) ?? 0) + 1);
    const tiedKey = [...moments]
      .filter(([, n]) => n > 1)
      .map(([key]) => key.split(' ')[0]!)
      .sort((a, b) => followersOf(a).length - followersOf(b).length)[0]!;
    const tied = [...accounts.values()].find((a) => a.username.toLowerCase() === tiedKey)!;
    expect(followersOf(tied.username).length).toBeLessThan(400);
    for (const sizes of [[1], [2], [3, 1]])
      expect((await walkAll(followersPath(tied.username), sizes)).records).toEqual(followersOf(tied.username));
  });

  it('refuses a token tampered with, or reused on another message, user, window or listing: 400 invalid_cursor', async () => {
    const top = [...accounts.values()].sort((a, b) => b.followerCount - a.followerCount)[0]!;
    const other = [...accounts.values()].find(
      (a) => a.followerCount > 5 && a.username.toLowerCase() !== top.username.toLowerCase(),
    )!;
    const otherMessage = [...messages.values()].find((m) => m.record.replyCount > 5 && m.record.id !== messageId)!;
    const replies = await page(repliesPath(messageId), { limit: '5' });
    const followers = await page(followersPath(top.username), { limit: '5' });
    const tamper = (token: string) => {
      const [payload, signature] = token.split('.') as [string, string];
      return `${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BA' : 'AA'}`;
    };
    const forged = (position: unknown) =>
      `${Buffer.from(JSON.stringify(position)).toString('base64url')}.${replies.nextToken.split('.')[1]}`;
    const refused: [string, Record<string, string>][] = [
      [repliesPath(otherMessage.record.id), { nextToken: replies.nextToken }],
      [repliesPath(messageId), { nextToken: replies.nextToken, after: '2000-01-01T00:00:00Z' }],
      [repliesPath(messageId), { nextToken: tamper(replies.nextToken) }],
      [repliesPath(messageId), { nextToken: forged({ lastId: '1' }) }],
      [repliesPath(messageId), { nextToken: followers.nextToken }],
      [followersPath(other.username), { nextToken: followers.nextToken }],
      [followersPath(top.username), { nextToken: tamper(followers.nextToken) }],
      [followersPath(top.username), { nextToken: replies.nextToken }],
      [followersPath(top.username), { nextToken: 'garbage' }],
      [`/api/v1/microblog/user/${encodeURIComponent(top.username)}/messages`, { nextToken: followers.nextToken }],
    ];
    for (const [path, query] of refused) {
      const body = await expectError(await get(path, query), 400, 'invalid_cursor');
      expect(body.message).toBe('the paging token is invalid or belongs to another query');
    }
    // (control) each token on its own query works, whatever the limit
    expect((await page(repliesPath(messageId), { limit: '2', nextToken: replies.nextToken })).records).toEqual(
      repliesOf(messageId).slice(5, 7),
    );
    expect((await page(followersPath(top.username), { limit: '2', nextToken: followers.nextToken })).records).toEqual(
      followersOf(top.username).slice(5, 7),
    );
  });

  it('the last page of a short listing has an empty token; an empty token is the same as none', async () => {
    const lonely = [...accounts.values()].find((a) => a.followerCount === 0)!;
    expect(await page(followersPath(lonely.username), {})).toEqual({ records: [], nextToken: '' });
    const few = [...accounts.values()].find((a) => a.followerCount > 0 && a.followerCount <= 100)!;
    expect(await page(followersPath(few.username), { nextToken: '' })).toEqual({
      records: followersOf(few.username),
      nextToken: '',
    });
  });
});

/** A new bearer token: its own request budget, for the tests that walk many pages. */
async function freshToken(): Promise<string> {
  return (await service.store.credentials.create('token', 'paging walk')).secret;
}

describe('after and before (exclusive bounds on createdAt, an extension)', () => {
  const ms = (m: { createdAt: string }) => Date.parse(m.createdAt);

  it('user messages: walks exactly the messages strictly inside the window, under the filters and id bounds, nextToken kept with the window', async () => {
    const all = truth(username, { includeReplies: true });
    const byTime = [...all].sort((a, b) => ms(b) - ms(a));
    const [upper, lower] = [byTime[5]!, byTime[Math.floor(byTime.length * 0.7)]!];
    const window = { after: lower.createdAt, before: upper.createdAt };
    const inside = (list: Message[]) => list.filter((m) => ms(m) > ms(lower) && ms(m) < ms(upper));
    const { seen, pages } = await walk(
      username,
      { includeReplies: 'true', limit: '13', ...window },
      await freshToken(),
    );
    expect(seen).toEqual(inside(all));
    expect(pages).toBeGreaterThan(3);
    expect(seen.map((m) => m.id)).not.toContain(upper.id);
    expect(seen.map((m) => m.id)).not.toContain(lower.id);
    // with reposts dropped and an id bound as well
    const noReposts = truth(username, { includeReposts: false, maxId: all[10]!.id });
    const filtered = await walk(
      username,
      { includeReposts: 'false', maxId: all[10]!.id, limit: '7', ...window },
      await freshToken(),
    );
    expect(filtered.seen).toEqual(inside(noReposts));
  });

  it('user messages: nextToken is bound to the window; the same moments in another form are the same window', async () => {
    const all = truth(username, { includeReplies: true });
    const upper = [...all].sort((a, b) => ms(b) - ms(a))[0]!;
    const before = new Date(ms(upper) + 1000 - (ms(upper) % 1000)); // the next whole second, as epoch seconds too
    const first = await listMessages(username, { includeReplies: 'true', limit: '5', before: before.toISOString() });
    expect(first.nextToken).not.toBe('');
    const second = await listMessages(username, {
      includeReplies: 'true',
      limit: '5',
      before: String(before.getTime() / 1000),
      nextToken: first.nextToken,
    });
    expect([...first.messages, ...second.messages]).toEqual(all.filter((m) => ms(m) < before.getTime()).slice(0, 10));
    for (const other of [
      {},
      { before: new Date(before.getTime() - 1).toISOString() },
      { before: before.toISOString(), after: '0' },
    ] as Record<string, string>[]) {
      await expectError(
        await get(`/api/v1/microblog/user/${username}/messages`, {
          includeReplies: 'true',
          limit: '5',
          ...other,
          nextToken: first.nextToken,
        }),
        400,
        'invalid_cursor',
      );
    }
  });

  it('replies: only those strictly inside the window, oldest first', async () => {
    const replies = [...messages.values()]
      .filter((m) => m.replyToId === messageId)
      .map(full)
      .sort(newestFirst)
      .reverse();
    const byTime = [...replies].sort((a, b) => ms(a) - ms(b));
    const [lower, upper] = [byTime[3]!, byTime[byTime.length - 4]!];
    const res = await get(`/api/v1/microblog/message/${messageId}/replies`, {
      limit: '100',
      after: lower.createdAt,
      before: upper.createdAt,
    });
    expect(res.status).toBe(200);
    const expected = replies.filter((m) => ms(m) > ms(lower) && ms(m) < ms(upper)).slice(0, 100);
    expect(RepliesResponse.parse(res.body).replies).toEqual(expected);
    expect(expected.length).toBeGreaterThan(50);
  });

  it('followers take no time window: after/before are unknown parameters there', async () => {
    const res = await get(`/api/v1/microblog/user/${username}/followers`, { after: '2024-05-01' });
    const body = await expectError(res, 400, 'unknown_parameter');
    expect(body.message).toContain("'after'");
  });
});

describe('GET /api/v1/microblog/messages?ids=… (batch lookup)', () => {
  const lookup = (ids: string, query: Record<string, string> = {}) =>
    get('/api/v1/microblog/messages', { ids, ...query });
  const found = async (ids: string) => {
    const res = await lookup(ids);
    expect(res.status).toBe(200);
    return MessagesByIdsResponse.parse(res.body);
  };

  it('answers the messages in the order of the ids, each once, exactly as the user-messages listing renders them', async () => {
    const { messages: listed } = await listMessages(username, { includeReplies: 'true', limit: '50' });
    const reposts = listed.filter((m) => m.repostedMessage !== null);
    expect(reposts.length).toBeGreaterThan(0);
    const ids = [listed[7]!.id, reposts[0]!.id, listed[0]!.id, listed[7]!.id, ...listed.slice(20, 30).map((m) => m.id)];
    const body = await found(ids.join(','));
    expect(body.notFound).toEqual([]);
    expect(body.messages).toEqual([...new Set(ids)].map((id) => listed.find((m) => m.id === id)));
    // and as the truth computed from the rows
    expect(body.messages).toEqual(body.messages.map((m) => full(messages.get(m.id)!)));
  });

  it('lists unknown, non-decimal and non-canonical ids in notFound, in request order, beside the messages found', async () => {
    const [a, b] = truth(username, { includeReplies: true });
    const body = await found(['1', b!.id, 'abc', `0${a!.id}`, a!.id, '88888888888888888888', ' 1', '1', 'x'].join(','));
    expect(body.messages.map((m) => m.id)).toEqual([b!.id, a!.id]);
    expect(body.notFound).toEqual(['1', 'abc', `0${a!.id}`, '88888888888888888888', ' 1', 'x']);
  });

  it('answers 200 with no messages and every id in notFound when none is known (never 404)', async () => {
    expect(await found('5,abc,5')).toEqual({ messages: [], notFound: ['5', 'abc'] });
  });

  it('takes 100 distinct ids, refuses 101, empty entries and ids over 20 characters with 400 invalid_parameter', async () => {
    const hundred = [...messages.keys()].slice(0, 100);
    const body = await found(hundred.join(','));
    expect(body.messages.map((m) => m.id)).toEqual(hundred);
    expect(body.notFound).toEqual([]);
    for (const bad of [[...hundred, '1'].join(','), '', '1,,2', ',1', '1,', '123456789012345678901']) {
      const res = await lookup(bad);
      const error = await expectError(res, 400, 'invalid_parameter');
      expect(error.issues).toEqual([{ path: 'ids', message: expect.any(String) }]);
    }
    await expectError(await get('/api/v1/microblog/messages'), 400, 'missing_parameter');
  });

  it('does not shadow the other routes, and trims the messages with fields, notFound kept', async () => {
    const [first] = truth(username);
    const res = await lookup(`${first!.id},7`, { fields: 'id,repostedMessage.id' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      messages: [{ id: first!.id, repostedMessage: first!.repostedMessage && { id: first!.repostedMessage.id } }],
      notFound: ['7'],
    });
    expect((await get(`/api/v1/microblog/message/${messageId}/replies`)).status).toBe(200);
  });
});
