import { RequestSetupError, type TransportRequest } from '@socialquery/core';
import { createShortVideoClient, iterateUserPosts, iterateVideoComments } from './client.js';

/** A transport that serves fixed pages keyed by the cursor it is sent, and records every request. */
function pagedTransport(pages: Record<string, unknown>) {
  const requests: TransportRequest[] = [];
  return {
    requests,
    transport: {
      async get(request: TransportRequest) {
        requests.push(request);
        const page = pages[request.query.cursor ?? 'first'];
        if (!page) throw new Error(`no page for ${JSON.stringify(request.query)}`);
        return page;
      },
    },
  };
}

const video = (id: string) => ({ id });
const comment = (id: string) => ({ id, replies: [] });

describe('short-video client', () => {
  it('sends userPosts as GET with the username in the query and the bearer token', async () => {
    const { transport, requests } = pagedTransport({ first: { videos: [], cursor: '', hasMore: false } });
    const client = createShortVideoClient({ baseUrl: 'http://127.0.0.1:1', token: 'sqt_x', transport });
    await client.userPosts({ username: 'maya', limit: 5 });
    await client.videoComments({ videoId: '7301', sort: 'most_liked', cursor: 'abc' }).catch(() => undefined);
    await client.videosByIds({ ids: ['7302', '7301', '7302'] }).catch(() => undefined);
    expect(requests).toEqual([
      {
        path: '/api/v1/shortvideo/user/posts',
        query: { username: 'maya', limit: '5' },
        headers: { authorization: 'Bearer sqt_x' },
      },
      {
        path: '/api/v1/shortvideo/video/7301/comments',
        query: { cursor: 'abc', sort: 'most_liked' },
        headers: { authorization: 'Bearer sqt_x' },
      },
      {
        path: '/api/v1/shortvideo/videos',
        query: { ids: '7302,7301,7302' },
        headers: { authorization: 'Bearer sqt_x' },
      },
    ]);
  });

  it('iterateUserPosts follows the cursor until it is empty and yields every video once', async () => {
    const { transport, requests } = pagedTransport({
      first: { videos: [video('a'), video('b')], cursor: 'p2', hasMore: true },
      p2: { videos: [video('c'), video('d')], cursor: 'p3', hasMore: true },
      p3: { videos: [video('e')], cursor: '', hasMore: false },
    });
    const client = createShortVideoClient({ baseUrl: 'http://127.0.0.1:1', token: 't', transport });
    const ids: string[] = [];
    for await (const v of iterateUserPosts(client, { username: 'maya', limit: 2 })) ids.push(v.id);
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(requests.map((r) => r.query)).toEqual([
      { username: 'maya', limit: '2' },
      { username: 'maya', limit: '2', cursor: 'p2' },
      { username: 'maya', limit: '2', cursor: 'p3' },
    ]);
  });

  it('iterateVideoComments starts from a given cursor and stops on an empty page', async () => {
    const { transport, requests } = pagedTransport({
      p2: { comments: [comment('x')], cursor: 'p3' },
      p3: { comments: [], cursor: '' },
    });
    const client = createShortVideoClient({ baseUrl: 'http://127.0.0.1:1', token: 't', transport });
    const ids: string[] = [];
    for await (const c of iterateVideoComments(client, { videoId: 'v1', sort: 'oldest', cursor: 'p2' })) ids.push(c.id);
    expect(ids).toEqual(['x']);
    expect(requests.map((r) => r.query.cursor)).toEqual(['p2', 'p3']);
  });

  it('is lazy: nothing is sent before the first item is asked for, and bad arguments fail before sending', async () => {
    const { transport, requests } = pagedTransport({});
    const client = createShortVideoClient({ baseUrl: 'http://127.0.0.1:1', token: 't', transport });
    const iterator = iterateUserPosts(client, { username: 'maya', limit: 1000 });
    expect(requests).toHaveLength(0);
    await expect(iterator.next()).rejects.toBeInstanceOf(RequestSetupError);
    await expect(client.videoComments({ videoId: 'v1', sort: 'top' as never })).rejects.toBeInstanceOf(
      RequestSetupError,
    );
    await expect(client.userPosts({} as never)).rejects.toThrow('username is required');
    expect(requests).toHaveLength(0);
  });
});
