import type { Paging } from '@socialquery/core';
import { messageReplies, messagesByIds, microblogContract, userFollowers, userMessages } from './contract.js';
import { Message } from './schemas.js';

describe('microblog contract', () => {
  it('declares the three operations exactly as the API gives them, and the batch lookup beside them, all bearer', () => {
    expect(Object.keys(microblogContract)).toEqual([
      'userMessages',
      'messageReplies',
      'userFollowers',
      'messagesByIds',
      'history',
    ]);
    expect(microblogContract.history).toMatchObject({
      id: 'microblog.history',
      path: '/api/v1/microblog/history',
      auth: 'bearer',
      paging: { param: 'cursor', next: ['cursor'] },
    });
    expect(messagesByIds).toMatchObject({
      id: 'microblog.messagesByIds',
      method: 'GET',
      path: '/api/v1/microblog/messages',
      auth: 'bearer',
      pathParams: [],
    });
    expect(userMessages).toMatchObject({
      method: 'GET',
      path: '/api/v1/microblog/user/{username}/messages',
      auth: 'bearer',
      pathParams: ['username'],
    });
    expect(messageReplies).toMatchObject({
      method: 'GET',
      path: '/api/v1/microblog/message/{messageId}/replies',
      auth: 'bearer',
      pathParams: ['messageId'],
    });
    expect(userFollowers).toMatchObject({
      method: 'GET',
      path: '/api/v1/microblog/user/{username}/followers',
      auth: 'bearer',
      pathParams: ['username'],
    });
  });

  it('takes exactly the documented query parameters', () => {
    // the documented parameters, then the after/before extension
    expect(Object.keys(userMessages.params.query.shape)).toEqual([
      'limit',
      'sinceId',
      'maxId',
      'includeReplies',
      'includeReposts',
      'nextToken',
      'after',
      'before',
    ]);
    expect(Object.keys(messageReplies.params.query.shape)).toEqual(['limit', 'after', 'before', 'nextToken']);
    expect(Object.keys(userFollowers.params.query.shape)).toEqual(['limit', 'nextToken']);
  });

  it('pages every listing by nextToken (the same name in the query and the answer), limit the page size', () => {
    for (const operation of [userMessages, messageReplies, userFollowers])
      expect(operation.paging).toMatchObject({
        kind: 'token',
        param: 'nextToken',
        next: ['nextToken'],
        limitParam: 'limit',
      });
    // replies export a thousand a page, above the 100 a caller may ask (the others export at their largest limit)
    const exportPageSizes = [userMessages, messageReplies, userFollowers].map(
      (operation) => (operation.paging as Paging & { exportPageSize?: number }).exportPageSize,
    );
    expect(exportPageSizes).toEqual([undefined, 1000, undefined]);
    expect(messagesByIds).not.toHaveProperty('paging');
    // the token is an addition beside the documented fields
    expect(Object.keys(messageReplies.response.shape)).toEqual(['replies', 'nextToken']);
    expect(Object.keys(userFollowers.response.shape)).toEqual(['followers', 'nextToken']);
  });

  it('applies the defaults: limit 20 / 20 / 100, includeReplies false, includeReposts true', () => {
    expect(userMessages.params.query.parse({})).toEqual({ limit: 20, includeReplies: false, includeReposts: true });
    expect(messageReplies.params.query.parse({})).toEqual({ limit: 20 });
    expect(userFollowers.params.query.parse({})).toEqual({ limit: 100 });
  });

  it.each([
    ['userMessages', userMessages, 200],
    ['messageReplies', messageReplies, 100],
    ['userFollowers', userFollowers, 1000],
  ] as const)('bounds %s limit to 1..%d', (_name, operation, max) => {
    const query = operation.params.query;
    expect(query.safeParse({ limit: String(max) }).success).toBe(true);
    expect(query.safeParse({ limit: String(max + 1) }).success).toBe(false);
    expect(query.safeParse({ limit: '0' }).success).toBe(false);
    expect(query.safeParse({ limit: '1' }).success).toBe(true);
  });

  it('takes booleans as exactly true/false', () => {
    const query = userMessages.params.query;
    expect(query.parse({ includeReplies: 'true', includeReposts: 'false' })).toMatchObject({
      includeReplies: true,
      includeReposts: false,
    });
    for (const bad of ['1', 'yes', 'TRUE', '']) expect(query.safeParse({ includeReplies: bad }).success).toBe(false);
  });

  it('takes decimal ids of up to 20 digits for sinceId, maxId and messageId', () => {
    const query = userMessages.params.query;
    for (const good of ['1', '1790000000000000000', '99999999999999999999']) {
      expect(query.safeParse({ sinceId: good, maxId: good }).success).toBe(true);
      expect(messageReplies.params.path.safeParse({ messageId: good }).success).toBe(true);
    }
    for (const bad of ['', 'abc', '-1', '1e5', '1.5', ' 12', '123456789012345678901']) {
      expect(query.safeParse({ sinceId: bad }).success).toBe(false);
      expect(query.safeParse({ maxId: bad }).success).toBe(false);
      expect(messageReplies.params.path.safeParse({ messageId: bad }).success).toBe(false);
    }
  });

  it('requires repostedMessage to be a message record whose own repostedMessage is null', () => {
    const base = {
      id: '1',
      text: 't',
      author: 'a',
      likeCount: 0,
      repostCount: 0,
      replyCount: 0,
      quoteCount: 0,
      viewCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      isRepost: false,
      repostedMessage: null,
      url: 'u',
      media: [{ type: 'photo', url: 'p' }],
    };
    expect(Message.safeParse(base).success).toBe(true);
    expect(Message.safeParse({ ...base, isRepost: true, repostedMessage: base }).success).toBe(true);
    expect(
      Message.safeParse({ ...base, isRepost: true, repostedMessage: { ...base, repostedMessage: base } }).success,
    ).toBe(false);
    expect(Message.safeParse({ ...base, media: [{ type: 'photo' }] }).success).toBe(false);
  });
});

describe('microblog messagesByIds parameters', () => {
  const query = messagesByIds.params.query;
  it('takes 1 to 100 distinct ids of up to 20 characters, decimal or not, kept once in the order first given', () => {
    expect(query.parse({ ids: '10,abc,10,007' })).toEqual({ ids: ['10', 'abc', '007'] });
    expect(query.safeParse({ ids: Array.from({ length: 100 }, (_, i) => String(i)).join(',') }).success).toBe(true);
    expect(query.safeParse({ ids: Array.from({ length: 101 }, (_, i) => String(i)).join(',') }).success).toBe(false);
    expect(query.safeParse({ ids: '99999999999999999999' }).success).toBe(true);
    for (const bad of [undefined, '', '1,,2', '1,', '123456789012345678901'])
      expect(query.safeParse({ ids: bad }).success).toBe(false);
  });
});
