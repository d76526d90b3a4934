import { bearer, startFake } from './fake-server.js';

export const X_BEARER_TOKEN = 'AAAAfake-x-bearer-token-0123456789';

export interface XUser {
  id: string;
  username: string;
  name: string;
  followers: string[];
}
export interface XPost {
  id: string;
  authorId: string;
  text: string;
  createdAt: string;
  conversationId: string;
  likes: number;
}

/**
 * X API v2 as documented (an app's bearer token): a user by username, a user's posts
 * (`/users/{id}/tweets`: newest first, `since_id`, `until_id`, `max_results`, `pagination_token`; `meta.newest_id`,
 * `meta.oldest_id`, `meta.next_token`), the posts mentioning a user (`/users/{id}/mentions`: `@name` in the
 * text, paged the same), recent search (`query=conversation_id:…`, else the posts whose text holds the query;
 * the same ids, `next_token`), a user's followers (`followers`: newest first);
 * expansions give `includes.users`. An empty page is `{meta: {result_count: 0}}`.
 */
export async function fakeX() {
  const users: XUser[] = [];
  const posts: XPost[] = [];
  const unauthorized = {
    status: 401,
    body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
  };
  const userObject = (user: XUser) => ({
    id: user.id,
    username: user.username,
    name: user.name,
    created_at: '2020-01-01T00:00:00.000Z',
    description: '',
    protected: false,
    verified: false,
    public_metrics: { followers_count: user.followers.length, following_count: 0, tweet_count: 0, like_count: 0 },
  });
  const postObject = (post: XPost) => ({
    id: post.id,
    text: post.text,
    author_id: post.authorId,
    created_at: post.createdAt,
    conversation_id: post.conversationId,
    public_metrics: { like_count: post.likes, retweet_count: 0, reply_count: 0, quote_count: 0, impression_count: 0 },
    ...(post.conversationId !== post.id
      ? { referenced_tweets: [{ type: 'replied_to', id: post.conversationId }] }
      : {}),
    edit_history_tweet_ids: [post.id],
  });
  const newer = (a: string, b: string) => BigInt(a) > BigInt(b);
  const page = (items: XPost[], query: Record<string, string>, token: string | undefined) => {
    const { since_id: since, until_id: until } = query;
    const listed = items
      .filter((p) => (!since || newer(p.id, since)) && (!until || newer(until, p.id)))
      .sort((a, b) => (newer(a.id, b.id) ? -1 : 1));
    const size = Number(query.max_results ?? 10);
    const start = Number(token ?? 0);
    const slice = listed.slice(start, start + size);
    if (slice.length === 0) return { meta: { result_count: 0 } };
    const authors = [...new Set(slice.map((p) => p.authorId))].map((id) => users.find((u) => u.id === id)!);
    return {
      data: slice.map(postObject),
      includes: { users: authors.map(userObject) },
      meta: {
        result_count: slice.length,
        newest_id: slice[0]!.id,
        oldest_id: slice.at(-1)!.id,
        ...(start + size < listed.length ? { next_token: String(start + size) } : {}),
      },
    };
  };
  const fake = await startFake((request) => {
    if (bearer(request) !== X_BEARER_TOKEN) return unauthorized;
    const { query } = request;
    let match = /^\/2\/users\/by\/username\/([^/]+)$/.exec(request.path);
    if (match) {
      const user = users.find((u) => u.username.toLowerCase() === match![1]!.toLowerCase());
      if (!user)
        return {
          status: 200,
          body: { errors: [{ detail: `Could not find user with username: [${match[1]}].`, title: 'Not Found Error' }] },
        };
      return { status: 200, body: { data: userObject(user) } };
    }
    match = /^\/2\/users\/([0-9]+)\/tweets$/.exec(request.path);
    if (match)
      return {
        status: 200,
        body: page(
          posts.filter((p) => p.authorId === match![1]),
          query,
          query.pagination_token,
        ),
      };
    match = /^\/2\/users\/([0-9]+)\/mentions$/.exec(request.path);
    if (match) {
      const user = users.find((u) => u.id === match![1]);
      if (!user) return { status: 404, body: { title: 'Not Found Error', detail: 'no such user' } };
      const mention = new RegExp(`@${user.username}\\b`, 'i');
      return {
        status: 200,
        body: page(
          posts.filter((p) => mention.test(p.text)),
          query,
          query.pagination_token,
        ),
      };
    }
    if (request.path === '/2/tweets/search/recent') {
      const text = query.query ?? '';
      const conversation = /^conversation_id:([0-9]+)$/.exec(text)?.[1];
      const found = conversation
        ? posts.filter((p) => p.conversationId === conversation && p.id !== conversation)
        : posts.filter((p) => p.text.toLowerCase().includes(text.toLowerCase()));
      return { status: 200, body: page(found, query, query.next_token) };
    }
    match = /^\/2\/users\/([0-9]+)\/followers$/.exec(request.path);
    if (match) {
      const user = users.find((u) => u.id === match[1]);
      if (!user) return { status: 404, body: { title: 'Not Found Error', detail: 'no such user' } };
      const size = Number(query.max_results ?? 100);
      const start = Number(query.pagination_token ?? 0);
      const ids = user.followers.slice(start, start + size);
      return {
        status: 200,
        body: {
          data: ids.map((id) => userObject(users.find((u) => u.id === id)!)),
          meta: {
            result_count: ids.length,
            ...(start + size < user.followers.length ? { next_token: String(start + size) } : {}),
          },
        },
      };
    }
    return { status: 404, body: { title: 'Not Found Error', detail: 'Not Found' } };
  });
  return {
    ...fake,
    users,
    posts,
    env: (): NodeJS.ProcessEnv => ({
      SOCIALQUERY_X_BEARER_TOKEN: X_BEARER_TOKEN,
      SOCIALQUERY_X_API_URL: `${fake.url}/2`,
    }),
  };
}

/** `n` posts of `authorId`, one a minute, the newest at `newest` (ms); snowflake-like ids from `firstId` up. */
export function xPosts(n: number, authorId: string, newest: number, firstId = 1_800_000_000_000_000_000n): XPost[] {
  return Array.from({ length: n }, (_, i) => {
    const id = String(firstId + BigInt(n - i));
    return {
      id,
      authorId,
      text: `post ${n - i} &amp; more`,
      createdAt: new Date(newest - i * 60_000).toISOString(),
      conversationId: id,
      likes: i,
    };
  });
}
