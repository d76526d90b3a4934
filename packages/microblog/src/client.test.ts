import { RequestSetupError, type Transport, type TransportRequest } from '@socialquery/core';
import { createMicroblogClient, iterateUserMessages } from './client.js';
import type { Message } from './schemas.js';

const message = (id: string): Message => ({
  id,
  text: id,
  author: 'alice',
  likeCount: 0,
  repostCount: 0,
  replyCount: 0,
  quoteCount: 0,
  viewCount: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  isRepost: false,
  repostedMessage: null,
  url: `https://x/${id}`,
  media: [],
});

/** A transport that serves fixed pages keyed by nextToken and records every request. */
function pagedTransport(pages: Record<string, { nextToken: string } & Record<string, unknown>>) {
  const requests: TransportRequest[] = [];
  const transport: Transport = {
    async get(request) {
      requests.push(request);
      return pages[request.query.nextToken ?? ''];
    },
  };
  return { transport, requests };
}

describe('microblog client', () => {
  it('has one method per operation and sends path and query as the contract says', async () => {
    const { transport, requests } = pagedTransport({ '': { messages: [], nextToken: '' } });
    const client = createMicroblogClient({ baseUrl: 'http://127.0.0.1:1', token: 'sqt_x', transport });
    expect(Object.keys(client)).toEqual([
      'userMessages',
      'messageReplies',
      'userFollowers',
      'messagesByIds',
      'history',
      'exportAll',
      'iterate',
    ]);
    await client.userMessages({ username: 'a b', includeReplies: true, sinceId: '10' });
    expect(requests[0]).toEqual({
      path: '/api/v1/microblog/user/a%20b/messages',
      query: { includeReplies: 'true', sinceId: '10' },
      headers: { authorization: 'Bearer sqt_x' },
    });
    await client.messagesByIds({ ids: ['3', '1', '3'] });
    expect(requests[1]).toEqual({
      path: '/api/v1/microblog/messages',
      query: { ids: '3,1,3' },
      headers: { authorization: 'Bearer sqt_x' },
    });
  });

  it('iterateUserMessages follows nextToken until it is empty, yielding every message once, keeping the arguments', async () => {
    const { transport, requests } = pagedTransport({
      '': { messages: [message('5'), message('4')], nextToken: 't1' },
      t1: { messages: [message('3'), message('2')], nextToken: 't2' },
      t2: { messages: [message('1')], nextToken: '' },
    });
    const client = createMicroblogClient({ baseUrl: 'http://127.0.0.1:1', token: 'sqt_x', transport });
    const seen: string[] = [];
    for await (const m of iterateUserMessages(client, { username: 'alice', limit: 2, includeReposts: false }))
      seen.push(m.id);
    expect(seen).toEqual(['5', '4', '3', '2', '1']);
    expect(requests.map((r) => r.query)).toEqual([
      { limit: '2', includeReposts: 'false' },
      { limit: '2', includeReposts: 'false', nextToken: 't1' },
      { limit: '2', includeReposts: 'false', nextToken: 't2' },
    ]);
  });

  it('iterate follows nextToken through the replies and followers listings too', async () => {
    const replies = pagedTransport({
      '': { replies: [message('7'), message('8')], nextToken: 'r1' },
      r1: { replies: [message('9')], nextToken: '' },
    });
    const client = createMicroblogClient({
      baseUrl: 'http://127.0.0.1:1',
      token: 'sqt_x',
      transport: replies.transport,
    });
    const seen: string[] = [];
    for await (const reply of client.iterate('messageReplies', { messageId: '5', limit: 2 })) seen.push(reply.id);
    expect(seen).toEqual(['7', '8', '9']);
    expect(replies.requests.map((r) => [r.path, r.query])).toEqual([
      ['/api/v1/microblog/message/5/replies', { limit: '2' }],
      ['/api/v1/microblog/message/5/replies', { limit: '2', nextToken: 'r1' }],
    ]);

    const followers = pagedTransport({
      '': { followers: [{ id: 'a' }], nextToken: 'f1' },
      f1: { followers: [], nextToken: 'f2' },
      f2: { followers: [{ id: 'b' }], nextToken: '' },
    });
    const other = createMicroblogClient({
      baseUrl: 'http://127.0.0.1:1',
      token: 'sqt_x',
      transport: followers.transport,
    });
    const ids: string[] = [];
    for await (const follower of other.iterate('userFollowers', { username: 'alice' })) ids.push(follower.id);
    // a page left empty (its follows' accounts not stored) does not end the walk: only an empty token does
    expect(ids).toEqual(['a', 'b']);
    expect(followers.requests.map((r) => r.query.nextToken)).toEqual([undefined, 'f1', 'f2']);
  });

  it('iterateUserMessages fetches no further page after break', async () => {
    const { transport, requests } = pagedTransport({
      '': { messages: [message('5'), message('4')], nextToken: 't1' },
      t1: { messages: [message('3')], nextToken: '' },
    });
    const client = createMicroblogClient({ baseUrl: 'http://127.0.0.1:1', token: 'sqt_x', transport });
    for await (const m of iterateUserMessages(client, { username: 'alice' })) if (m.id === '5') break;
    expect(requests).toHaveLength(1);
  });

  it('refuses bad arguments before sending anything', async () => {
    const { transport, requests } = pagedTransport({});
    const client = createMicroblogClient({ baseUrl: 'http://127.0.0.1:1', token: 'sqt_x', transport });
    await expect(client.userMessages({ username: 'a', sinceId: 'abc' })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.messageReplies({ messageId: '1', limit: 101 })).rejects.toBeInstanceOf(RequestSetupError);
    await expect(iterateUserMessages(client, { username: '' }).next()).rejects.toBeInstanceOf(RequestSetupError);
    expect(requests).toEqual([]);
  });
});
