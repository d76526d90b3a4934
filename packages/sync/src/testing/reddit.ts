import { startFake } from './fake-server.js';

export interface RedditPost {
  id: string;
  subreddit: string;
  author: string;
  title: string;
  selftext: string;
  created_utc: number;
  score: number;
}

export interface RedditComment {
  id: string;
  link_id: string;
  author: string;
  body: string;
  created_utc: number;
  score: number;
}

export const REDDIT_CLIENT_ID = 'fake-client-id-123';
export const REDDIT_CLIENT_SECRET = 'fake-client-secret-456';

/**
 * Reddit's API as documented: the client-credentials token endpoint (POST /api/v1/access_token, basic
 * auth) and, with a bearer token, Listings (`/r/{sub}/new|hot`, `/user/{name}/submitted`, `limit` and
 * `after` paging by fullname) and a post's comments (`/comments/{id}`: two Listings).
 */
export async function fakeReddit() {
  const posts: RedditPost[] = [];
  const comments: RedditComment[] = [];
  let issued = 0;
  const valid = new Set<string>();
  const thing = (post: RedditPost) => ({
    kind: 't3',
    data: {
      ...post,
      name: `t3_${post.id}`,
      num_comments: comments.filter((c) => c.link_id === `t3_${post.id}`).length,
      permalink: `/r/${post.subreddit}/comments/${post.id}/x/`,
      selftext_html: post.selftext ? `&lt;div&gt;${post.selftext}&lt;/div&gt;` : null,
    },
  });
  const listing = (items: RedditPost[], query: Record<string, string>) => {
    const limit = Number(query.limit ?? 25);
    const start = query.after ? items.findIndex((p) => `t3_${p.id}` === query.after) + 1 : 0;
    const page = items.slice(start, start + limit);
    const more = start + limit < items.length;
    return { kind: 'Listing', data: { after: more ? `t3_${page.at(-1)!.id}` : null, children: page.map(thing) } };
  };
  const newestFirst = (items: RedditPost[]) => [...items].sort((a, b) => b.created_utc - a.created_utc);
  const fake = await startFake((request) => {
    if (request.path === '/api/v1/access_token') {
      const expected = `Basic ${Buffer.from(`${REDDIT_CLIENT_ID}:${REDDIT_CLIENT_SECRET}`).toString('base64')}`;
      if (request.authorization !== expected) return { status: 401, body: { message: 'Unauthorized', error: 401 } };
      const token = `token-${++issued}`;
      valid.add(token);
      return { status: 200, body: { access_token: token, token_type: 'bearer', expires_in: 86400, scope: '*' } };
    }
    if (!valid.has(request.authorization?.replace(/^Bearer /, '') ?? ''))
      return { status: 401, body: { message: 'Unauthorized', error: 401 } };
    let match = /^\/r\/([^/]+)\/(new|hot)$/.exec(request.path);
    if (match) {
      const inSub = posts.filter((p) => p.subreddit.toLowerCase() === match![1]!.toLowerCase());
      const ordered = match[2] === 'new' ? newestFirst(inSub) : [...inSub].sort((a, b) => b.score - a.score);
      return { status: 200, body: listing(ordered, request.query) };
    }
    match = /^\/user\/([^/]+)\/submitted$/.exec(request.path);
    if (match)
      return { status: 200, body: listing(newestFirst(posts.filter((p) => p.author === match![1])), request.query) };
    match = /^\/comments\/([^/]+)$/.exec(request.path);
    if (match) {
      const post = posts.find((p) => p.id === match![1]);
      if (!post) return { status: 404, body: { message: 'Not Found', error: 404 } };
      const replies = comments
        .filter((c) => c.link_id === `t3_${post.id}`)
        .map((c) => ({
          kind: 't1',
          data: { ...c, name: `t1_${c.id}`, parent_id: c.link_id, subreddit: post.subreddit, replies: '' },
        }));
      return {
        status: 200,
        body: [
          { kind: 'Listing', data: { after: null, children: [thing(post)] } },
          { kind: 'Listing', data: { after: null, children: replies } },
        ],
      };
    }
    return { status: 404, body: { message: 'Not Found', error: 404 } };
  });
  return {
    ...fake,
    posts,
    comments,
    /** Every token issued so far stops working: the next request answers 401. */
    expireTokens: () => valid.clear(),
    /** The requests to the API (not the token endpoint). */
    apiRequests: () => fake.requests.filter((r) => r.path !== '/api/v1/access_token'),
    tokenRequests: () => fake.requests.filter((r) => r.path === '/api/v1/access_token').length,
  };
}

/** `n` posts in `subreddit`, one a minute, the newest `createdAt` (seconds); ids `<prefix>1` … */
export function redditPosts(n: number, subreddit: string, createdAt: number, prefix = 'p'): RedditPost[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${(i + 1).toString(36)}`,
    subreddit,
    author: `author${i % 3}`,
    title: `post ${i + 1} of ${subreddit}`,
    selftext: `text ${i + 1}`,
    created_utc: createdAt - i * 60,
    score: 1000 - i,
  }));
}
