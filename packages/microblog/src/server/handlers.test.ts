import { createCursorCodec, cursorBinding, ServiceError } from '@socialquery/core/server';
import { userFollowers as userFollowersOperation, userMessages as userMessagesOperation } from '../contract.js';
import type { Follower, Message } from '../schemas.js';
import { createMicroblogHandlers } from './handlers.js';
import type { FollowEntry, MicroblogSource, UserMessagesQuery } from './source.js';

const now = new Date('2026-06-15T12:00:00.000Z');
const cursors = createCursorCodec('0123456789abcdef0123');
const ctx = { now, cursors, requestId: 'r1' };

const message = (id: string, extra: Partial<Message> = {}): Message => ({
  id,
  text: `message ${id}`,
  author: 'Alice',
  likeCount: 1,
  repostCount: 0,
  replyCount: 0,
  quoteCount: 0,
  viewCount: 10,
  createdAt: now.toISOString(),
  isRepost: false,
  repostedMessage: null,
  url: `https://microblog.example.org/Alice/status/${id}`,
  media: [],
  ...extra,
});

/** Ids chosen so that text order and numeric order disagree. */
const IDS = [
  '9',
  '10',
  '11',
  '99',
  '100',
  '1000',
  '9007199254740992',
  '9007199254740993',
  '18446744073709551615',
  '99999999999999999999',
];
const REPLIES = new Set(['11', '1000']);
const REPOSTS = new Set(['99', '9007199254740993']);
const original = { ...message('1', { author: 'bob' }), repostedMessage: null };
const stored = IDS.map((id) => message(id, REPOSTS.has(id) ? { isRepost: true, repostedMessage: original } : {}));
const big = (id: string) => BigInt(id);

const follower = (id: string): Follower => ({
  id,
  username: `fan${id}`,
  displayName: `Fan ${id}`,
  bio: '',
  followerCount: 1,
  followingCount: 1,
  messageCount: 0,
  likeCount: 0,
  isVerified: false,
  isProtected: false,
  profileImageUrl: `https://example.org/${id}.jpg`,
  createdAt: now.toISOString(),
});

/** Replies to message 10, oldest first: ids whose text order and numeric order disagree. */
const REPLY_IDS = ['11', '12', '100', '101', '1000', '9007199254740993', '18446744073709551615'];
/**
 * Alice's follows, in the listing's order (followedAt desc, follower id desc): three follow at
 * each moment, and the account of follower 118 is not stored.
 */
const FOLLOWS: FollowEntry[] = Array.from({ length: 12 }, (_, i) => {
  const followerId = String(20 - (i % 3));
  const id = `${Math.floor(i / 3)}${followerId}`;
  return {
    position: { followedAt: now.getTime() - Math.floor(i / 3) * 60_000, followerId: id },
    follower: id === '118' ? undefined : follower(id),
  };
});
const inFollowOrder = (a: FollowEntry['position'], b: FollowEntry['position']) =>
  b.followedAt - a.followedAt || (b.followerId > a.followerId ? 1 : b.followerId < a.followerId ? -1 : 0);

/** A source that behaves like a store over `stored` (user Alice) and records what it was asked. */
function fakeSource(known: { users?: string[]; messages?: string[] } = {}) {
  const calls: {
    userMessages: UserMessagesQuery[];
    exists: string[];
    byIds: string[][];
    followers: (FollowEntry['position'] | undefined)[];
  } = { userMessages: [], exists: [], byIds: [], followers: [] };
  const source: MicroblogSource = {
    // histories are core's answerHistory over the store's observations (core and store tests)
    history: async () => undefined,
    async userMessages(query) {
      calls.userMessages.push(query);
      if (query.username.toLowerCase() !== 'alice') return [];
      return stored
        .filter((m) => query.includeReplies || !REPLIES.has(m.id))
        .filter((m) => query.includeReposts || !REPOSTS.has(m.id))
        .filter((m) => query.sinceId === undefined || big(m.id) > big(query.sinceId))
        .filter((m) => query.maxId === undefined || big(m.id) < big(query.maxId))
        .sort((a, b) => (big(b.id) > big(a.id) ? 1 : -1))
        .slice(0, query.limit);
    },
    async messageReplies({ messageId, startAfter, limit }) {
      if (messageId.replace(/^0+(?=[0-9])/, '') !== '10') return [];
      return REPLY_IDS.filter((id) => startAfter === undefined || big(id) > big(startAfter))
        .map((id) => message(id))
        .slice(0, limit);
    },
    async userFollowers({ username, after, limit }) {
      calls.followers.push(after);
      if (username.toLowerCase() !== 'alice') return [];
      return FOLLOWS.filter((entry) => !after || inFollowOrder(after, entry.position) < 0).slice(0, limit);
    },
    async userExists(username) {
      calls.exists.push(username);
      return ['alice', ...(known.users ?? [])].includes(username.toLowerCase());
    },
    async messageExists(messageId) {
      calls.exists.push(messageId);
      return (known.messages ?? []).includes(messageId);
    },
    async messagesByIds(ids) {
      calls.byIds.push([...ids]);
      // in store order, not the request's
      return stored.filter((m) => ids.includes(m.id));
    },
  };
  return { source, calls };
}

const defaults = { username: 'alice', limit: 20, includeReplies: false, includeReposts: true };
type Args = Parameters<ReturnType<typeof createMicroblogHandlers>['userMessages']>[0];

/** Walks every page, returning the ids in order and the tokens seen. */
async function walk(args: Args) {
  const handlers = createMicroblogHandlers(fakeSource().source);
  const ids: string[] = [];
  const tokens: string[] = [];
  let token: string | undefined;
  for (let page = 0; page < 50; page++) {
    const body = await handlers.userMessages({ ...args, ...(token !== undefined ? { nextToken: token } : {}) }, ctx);
    ids.push(...body.messages.map((m) => m.id));
    tokens.push(body.nextToken);
    if (body.nextToken === '') return { ids, tokens };
    token = body.nextToken;
  }
  throw new Error('paging did not end');
}

const expectInvalidCursor = async (promise: Promise<unknown>) => {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ServiceError);
  expect(error).toMatchObject({ code: 'invalid_cursor', status: 400 });
};

describe('microblog handlers: userMessages', () => {
  it('asks the source for one more than limit, passes the filters through, and ends with an empty token', async () => {
    const { source, calls } = fakeSource();
    const body = await createMicroblogHandlers(source).userMessages(
      { ...defaults, includeReplies: true, sinceId: '10', maxId: '1000' },
      ctx,
    );
    expect(calls.userMessages).toEqual([
      { username: 'alice', includeReplies: true, includeReposts: true, sinceId: '10', maxId: '1000', limit: 21 },
    ]);
    expect(body).toEqual({ messages: ['100', '99', '11'].map((id) => stored.find((m) => m.id === id)), nextToken: '' });
    expect(calls.exists).toEqual([]);
  });

  it('pages through every message exactly once, newest first by numeric id', async () => {
    const { ids, tokens } = await walk({ ...defaults, includeReplies: true, limit: 3 });
    const expected = [...IDS].sort((a, b) => (big(b) > big(a) ? 1 : -1));
    expect(ids).toEqual(expected);
    expect(tokens).toHaveLength(4);
    expect(tokens.slice(0, 3).every((t) => /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(t))).toBe(true);
    expect(tokens[3]).toBe('');
  });

  it('gives no token when the page is exactly the rest', async () => {
    const { ids, tokens } = await walk({ ...defaults, includeReplies: true, limit: 5 });
    expect(ids).toHaveLength(10);
    expect(tokens.at(-1)).toBe('');
    expect(tokens).toHaveLength(2);
  });

  it('keeps the filters and the since/max window on every page', async () => {
    const { ids } = await walk({
      ...defaults,
      limit: 2,
      includeReposts: false,
      sinceId: '9',
      maxId: '99999999999999999999',
    });
    expect(ids).toEqual(['18446744073709551615', '9007199254740992', '100', '10']);
  });

  it('reads the next page below min(maxId, the last id of the page)', async () => {
    const { source, calls } = fakeSource();
    const handlers = createMicroblogHandlers(source);
    const first = await handlers.userMessages({ ...defaults, limit: 2, maxId: '1000' }, ctx);
    expect(first.messages.map((m) => m.id)).toEqual(['100', '99']);
    await handlers.userMessages({ ...defaults, limit: 2, maxId: '1000', nextToken: first.nextToken }, ctx);
    expect(calls.userMessages[1]).toMatchObject({ maxId: '99', limit: 3 });
    // a token whose last id lies above maxId (only a forged one could): maxId still bounds the page
    const binding = cursorBinding(userMessagesOperation.id, { ...defaults, maxId: '50' }, ['limit', 'nextToken']);
    await handlers.userMessages(
      { ...defaults, limit: 2, maxId: '50', nextToken: cursors.encode({ lastId: '1000' }, binding) },
      ctx,
    );
    expect(calls.userMessages[2]).toMatchObject({ maxId: '50' });
  });

  it('lets the page size change between pages (limit is not bound)', async () => {
    const handlers = createMicroblogHandlers(fakeSource().source);
    const first = await handlers.userMessages({ ...defaults, includeReplies: true, limit: 2 }, ctx);
    const second = await handlers.userMessages(
      { ...defaults, includeReplies: true, limit: 5, nextToken: first.nextToken },
      ctx,
    );
    expect(second.messages.map((m) => m.id)).toEqual(['9007199254740993', '9007199254740992', '1000', '100', '99']);
  });

  it('matches the username case-insensitively in the token binding', async () => {
    const handlers = createMicroblogHandlers(fakeSource().source);
    const first = await handlers.userMessages({ ...defaults, username: 'Alice', limit: 2 }, ctx);
    const second = await handlers.userMessages(
      { ...defaults, username: 'ALICE', limit: 2, nextToken: first.nextToken },
      ctx,
    );
    expect(second.messages.length).toBe(2);
  });

  it.each([
    ['another user', { username: 'bob' }],
    ['includeReplies changed', { includeReplies: true }],
    ['includeReposts changed', { includeReposts: false }],
    ['sinceId added', { sinceId: '9' }],
    ['maxId added', { maxId: '99999999999999999999' }],
  ])('refuses a token reused with %s: invalid_cursor', async (_name, change) => {
    const handlers = createMicroblogHandlers(fakeSource().source);
    const first = await handlers.userMessages({ ...defaults, limit: 2 }, ctx);
    await expectInvalidCursor(
      handlers.userMessages({ ...defaults, limit: 2, ...change, nextToken: first.nextToken }, ctx),
    );
  });

  it('refuses a tampered or garbage token, and a signed token of the wrong shape', async () => {
    const handlers = createMicroblogHandlers(fakeSource().source);
    const first = await handlers.userMessages({ ...defaults, limit: 2 }, ctx);
    const tampered = `${first.nextToken.slice(0, 3)}${first.nextToken[3] === 'A' ? 'B' : 'A'}${first.nextToken.slice(4)}`;
    await expectInvalidCursor(handlers.userMessages({ ...defaults, nextToken: tampered }, ctx));
    await expectInvalidCursor(handlers.userMessages({ ...defaults, nextToken: 'garbage' }, ctx));
    const binding = cursorBinding(userMessagesOperation.id, defaults, ['limit', 'nextToken']);
    for (const position of [{ lastId: 'abc' }, { lastId: 5 }, { id: '5' }, { lastId: '5', extra: 1 }, '5', null]) {
      await expectInvalidCursor(
        handlers.userMessages({ ...defaults, nextToken: cursors.encode(position, binding) }, ctx),
      );
    }
    // the same binding with a well-formed position is accepted
    expect(
      (await handlers.userMessages({ ...defaults, nextToken: cursors.encode({ lastId: '100' }, binding) }, ctx))
        .messages[0]?.id,
    ).toBe('99');
  });

  it('treats an empty nextToken as none (the first page)', async () => {
    const handlers = createMicroblogHandlers(fakeSource().source);
    expect(await handlers.userMessages({ ...defaults, nextToken: '' }, ctx)).toEqual(
      await handlers.userMessages(defaults, ctx),
    );
  });

  it('answers 404 for an unknown user, and an empty page for a known user with nothing in range', async () => {
    const { source, calls } = fakeSource({ users: ['quiet'] });
    const handlers = createMicroblogHandlers(source);
    const error = await handlers.userMessages({ ...defaults, username: 'ghost' }, ctx).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'not_found', status: 404, message: "user 'ghost' not found" });
    expect(await handlers.userMessages({ ...defaults, username: 'Quiet' }, ctx)).toEqual({
      messages: [],
      nextToken: '',
    });
    expect(await handlers.userMessages({ ...defaults, sinceId: '99999999999999999999' }, ctx)).toEqual({
      messages: [],
      nextToken: '',
    });
    expect(calls.exists).toEqual(['ghost', 'Quiet', 'alice']);
  });
});

describe('microblog handlers: after and before', () => {
  const after = new Date('2026-06-01T00:00:00.000Z');
  const before = new Date('2026-06-16T00:00:00.000Z');

  it('passes the window to the source on every page, and binds nextToken to it', async () => {
    const { source, calls } = fakeSource();
    const handlers = createMicroblogHandlers(source);
    const first = await handlers.userMessages({ ...defaults, limit: 3, after, before }, ctx);
    expect(calls.userMessages[0]).toEqual({
      username: 'alice',
      includeReplies: false,
      includeReposts: true,
      window: { after, before },
      limit: 4,
    });
    const second = await handlers.userMessages(
      { ...defaults, limit: 3, after: new Date(after.getTime()), before, nextToken: first.nextToken },
      ctx,
    );
    expect(calls.userMessages[1]).toMatchObject({ window: { after, before } });
    expect(second.messages.length).toBeGreaterThan(0);
    for (const window of [{}, { after }, { before }, { after, before: new Date(before.getTime() - 1) }]) {
      await expectInvalidCursor(
        handlers.userMessages({ ...defaults, limit: 3, ...window, nextToken: first.nextToken }, ctx),
      );
    }
    const plain = await handlers.userMessages({ ...defaults, limit: 3 }, ctx);
    await expectInvalidCursor(
      handlers.userMessages({ ...defaults, limit: 3, before, nextToken: plain.nextToken }, ctx),
    );
  });

  it('passes the window of replies through, and refuses after >= before: 400 invalid_parameter', async () => {
    const replies: unknown[] = [];
    const { source } = fakeSource();
    const recording: MicroblogSource = {
      ...source,
      messageReplies: async (query) => (replies.push(query), source.messageReplies(query)),
    };
    const handlers = createMicroblogHandlers(recording);
    await handlers.messageReplies({ messageId: '10', limit: 5, before }, ctx);
    await handlers.messageReplies({ messageId: '10', limit: 5 }, ctx);
    // one more than limit: whether another page follows
    expect(replies).toEqual([
      { messageId: '10', window: { before }, limit: 6 },
      { messageId: '10', limit: 6 },
    ]);
    await expect(
      handlers.messageReplies({ messageId: '10', limit: 5, after: before, before: after }, ctx),
    ).rejects.toMatchObject({ code: 'invalid_parameter' });
    await expect(handlers.userMessages({ ...defaults, after, before: after }, ctx)).rejects.toMatchObject({
      code: 'invalid_parameter',
      status: 400,
    });
    expect(replies).toHaveLength(2);
  });
});

describe('microblog handlers: messageReplies and userFollowers', () => {
  it('returns the replies; 404 for an unknown message; an empty list for a known one without replies', async () => {
    const { source, calls } = fakeSource({ messages: ['100'] });
    const handlers = createMicroblogHandlers(source);
    expect(await handlers.messageReplies({ messageId: '10', limit: 20 }, ctx)).toEqual({
      replies: REPLY_IDS.map((id) => message(id)),
      nextToken: '',
    });
    expect(calls.exists).toEqual([]);
    expect(await handlers.messageReplies({ messageId: '100', limit: 20 }, ctx)).toEqual({ replies: [], nextToken: '' });
    await expect(handlers.messageReplies({ messageId: '12345', limit: 20 }, ctx)).rejects.toMatchObject({
      code: 'not_found',
      status: 404,
      message: "message '12345' not found",
    });
  });

  it('returns the followers (a follow without a stored account left out); 404 for an unknown user; [] for one without followers', async () => {
    const { source } = fakeSource({ users: ['loner'] });
    const handlers = createMicroblogHandlers(source);
    const all = await handlers.userFollowers({ username: 'ALICE', limit: 100 }, ctx);
    expect(all.followers.map((f) => f.id)).toEqual(FOLLOWS.flatMap((e) => (e.follower ? [e.follower.id] : [])));
    expect(all.followers).toHaveLength(FOLLOWS.length - 1);
    expect(all.nextToken).toBe('');
    expect(await handlers.userFollowers({ username: 'loner', limit: 100 }, ctx)).toEqual({
      followers: [],
      nextToken: '',
    });
    await expect(handlers.userFollowers({ username: 'ghost', limit: 100 }, ctx)).rejects.toMatchObject({
      code: 'not_found',
      message: "user 'ghost' not found",
    });
  });
});

describe('microblog handlers: paging replies and followers by nextToken', () => {
  type RepliesArgs = Parameters<ReturnType<typeof createMicroblogHandlers>['messageReplies']>[0];
  type FollowersArgs = Parameters<ReturnType<typeof createMicroblogHandlers>['userFollowers']>[0];

  /** Every page of a listing with the page sizes given in turn (the last repeated); the ids and tokens seen. */
  async function walkPages<R extends { id: string }>(
    read: (limit: number, nextToken: string | undefined) => Promise<{ records: R[]; nextToken: string }>,
    sizes: number[],
  ) {
    const ids: string[] = [];
    const tokens: string[] = [];
    let token: string | undefined;
    for (let page = 0; page < 50; page++) {
      const { records, nextToken } = await read(sizes[Math.min(page, sizes.length - 1)]!, token);
      ids.push(...records.map((r) => r.id));
      tokens.push(nextToken);
      if (nextToken === '') return { ids, tokens };
      token = nextToken;
    }
    throw new Error('paging did not end');
  }
  const replyPages = (handlers: ReturnType<typeof createMicroblogHandlers>, args: Omit<RepliesArgs, 'limit'>) =>
    walkPages(
      async (limit, nextToken) => {
        const body = await handlers.messageReplies({ ...args, limit, ...(nextToken ? { nextToken } : {}) }, ctx);
        return { records: body.replies, nextToken: body.nextToken };
      },
      [2],
    );
  const followerPages = (
    handlers: ReturnType<typeof createMicroblogHandlers>,
    args: Omit<FollowersArgs, 'limit'>,
    sizes: number[],
  ) =>
    walkPages(async (limit, nextToken) => {
      const body = await handlers.userFollowers({ ...args, limit, ...(nextToken ? { nextToken } : {}) }, ctx);
      return { records: body.followers, nextToken: body.nextToken };
    }, sizes);

  it('walks every reply once, oldest first by numeric id, with any page size; the last token is empty', async () => {
    const handlers = createMicroblogHandlers(fakeSource().source);
    const { ids, tokens } = await replyPages(handlers, { messageId: '10' });
    expect(ids).toEqual(REPLY_IDS);
    expect(tokens).toHaveLength(Math.ceil(REPLY_IDS.length / 2));
    expect(tokens.slice(0, -1).every((t) => t !== '')).toBe(true);
    expect(tokens.at(-1)).toBe('');
    // exactly the rest on a page: no further (empty) page
    const first = await handlers.messageReplies({ messageId: '10', limit: REPLY_IDS.length - 3 }, ctx);
    const rest = await handlers.messageReplies({ messageId: '10', limit: 3, nextToken: first.nextToken }, ctx);
    expect(rest.replies.map((m) => m.id)).toEqual(REPLY_IDS.slice(-3));
    expect(rest.nextToken).toBe('');
    // limit may change between pages; a leading-zero messageId names the same message (and listing)
    const bigger = await handlers.messageReplies({ messageId: '010', limit: 4, nextToken: first.nextToken }, ctx);
    expect(bigger.replies.map((m) => m.id)).toEqual(REPLY_IDS.slice(-3));
  });

  it('walks every follow once in order, ties on the time included, whatever the page sizes', async () => {
    const { source, calls } = fakeSource();
    const handlers = createMicroblogHandlers(source);
    const expected = FOLLOWS.flatMap((e) => (e.follower ? [e.follower.id] : []));
    for (const sizes of [[1], [2], [4], [5], [1, 3, 2, 7]]) {
      const { ids, tokens } = await followerPages(handlers, { username: 'alice' }, sizes);
      expect(ids).toEqual(expected);
      expect(tokens.at(-1)).toBe('');
    }
    // a page ending on the follow without a stored account still moves on past it
    const page = await handlers.userFollowers({ username: 'alice', limit: 6 }, ctx);
    expect(page.followers.map((f) => f.id)).toEqual(['020', '019', '018', '120', '119']);
    calls.followers.length = 0;
    const next = await handlers.userFollowers({ username: 'Alice', limit: 1, nextToken: page.nextToken }, ctx);
    expect(calls.followers).toEqual([FOLLOWS[5]!.position]);
    expect(next.followers.map((f) => f.id)).toEqual(['220']);
  });

  it('refuses a token reused on another message or user, tampered with, or of the wrong shape: invalid_cursor', async () => {
    const handlers = createMicroblogHandlers(fakeSource({ messages: ['20'], users: ['bob'] }).source);
    const replies = await handlers.messageReplies({ messageId: '10', limit: 2 }, ctx);
    const followers = await handlers.userFollowers({ username: 'alice', limit: 2 }, ctx);
    const after = new Date('2026-06-01T00:00:00.000Z');
    await expectInvalidCursor(
      handlers.messageReplies({ messageId: '20', limit: 2, nextToken: replies.nextToken }, ctx),
    );
    await expectInvalidCursor(
      handlers.messageReplies({ messageId: '10', limit: 2, after, nextToken: replies.nextToken }, ctx),
    );
    await expectInvalidCursor(
      handlers.userFollowers({ username: 'bob', limit: 2, nextToken: followers.nextToken }, ctx),
    );
    // a token of one listing is no token of another over the same name
    await expectInvalidCursor(handlers.userMessages({ ...defaults, nextToken: followers.nextToken }, ctx));
    const tamper = (token: string) => `${token.slice(0, 3)}${token[3] === 'A' ? 'B' : 'A'}${token.slice(4)}`;
    await expectInvalidCursor(
      handlers.messageReplies({ messageId: '10', limit: 2, nextToken: tamper(replies.nextToken) }, ctx),
    );
    await expectInvalidCursor(
      handlers.userFollowers({ username: 'alice', limit: 2, nextToken: tamper(followers.nextToken) }, ctx),
    );
    const binding = cursorBinding(userFollowersOperation.id, { username: 'alice' }, []);
    for (const position of [{ lastId: '5' }, { followedAt: -1, followerId: '5' }, { followedAt: 1, followerId: '' }])
      await expectInvalidCursor(
        handlers.userFollowers({ username: 'alice', limit: 2, nextToken: cursors.encode(position, binding) }, ctx),
      );
    // the same binding with a well-formed position is accepted
    const accepted = await handlers.userFollowers(
      { username: 'alice', limit: 1, nextToken: cursors.encode(FOLLOWS[0]!.position, binding) },
      ctx,
    );
    expect(accepted.followers.map((f) => f.id)).toEqual(['019']);
  });
});

describe('microblog handlers: messagesByIds', () => {
  it('puts the messages found in the order asked and lists the others as notFound, in one source call', async () => {
    const { source, calls } = fakeSource();
    const body = await createMicroblogHandlers(source).messagesByIds(
      { ids: ['99', 'abc', '10', '010', '18446744073709551615'] },
      ctx,
    );
    expect(body.messages.map((m) => m.id)).toEqual(['99', '10', '18446744073709551615']);
    expect(body.messages[0]).toEqual(stored.find((m) => m.id === '99'));
    expect(body.notFound).toEqual(['abc', '010']);
    expect(calls.byIds).toEqual([['99', 'abc', '10', '010', '18446744073709551615']]);
    expect(calls.exists).toEqual([]);
  });

  it('answers no messages and every id in notFound when nothing is found (never 404)', async () => {
    expect(await createMicroblogHandlers(fakeSource().source).messagesByIds({ ids: ['1', '2'] }, ctx)).toEqual({
      messages: [],
      notFound: ['1', '2'],
    });
  });
});
