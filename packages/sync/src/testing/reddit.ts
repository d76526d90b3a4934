import { startFake } from './fake-server.js';

export interface RedditPost {
  id: string;
  subreddit: string;
  author: string;
  title: string;
  selftext: string;
  created_utc: number;
  score: number;
  /** The comment order the post's page uses (`qa`, `new`, …): morechildren is asked for the same. */
  suggested_sort?: string;
}

export interface RedditComment {
  id: string;
  link_id: string;
  /** `t1_<id>` of the comment it replies to; none (or the post's `t3_<id>`): a top-level comment. */
  parent_id?: string;
  author: string;
  body: string;
  created_utc: number;
  score: number;
}

export const REDDIT_CLIENT_ID = 'fake-client-id-123';
export const REDDIT_CLIENT_SECRET = 'fake-client-secret-456';
/** Levels of a comment tree one answer holds: a comment this deep with replies gets a "continue this thread" stub. */
export const REDDIT_THREAD_DEPTH = 10;
/** Comments one `/api/morechildren` answer holds at most: the ones that do not fit become a new `more` stub. */
export const REDDIT_MORE_ANSWER = 100;
/** Comments a comments page holds when the request names no `limit`. */
const COMMENTS_DEFAULT = 200;

interface Thing {
  kind: string;
  data: Record<string, unknown>;
}

/**
 * Reddit's API as documented: the client-credentials token endpoint (POST /api/v1/access_token, basic
 * auth) and, with a bearer token, Listings (`/r/{sub}/new|hot|top`, `/r/{sub}/comments` (the newest comments,
 * flat), `/search` and `/r/{sub}/search` (`q` in a title or text, `sort=new`, `restrict_sr=1` in a community),
 * `/user/{name}/submitted`, `limit` and `after` paging by fullname; an `after` no longer in the listing
 * answers an empty page), `/api/info` (up to 100 comma-separated fullnames: the posts found) and a post's
 * comments (`/comments/{id}`: two Listings, the comments nested in `replies`). A comment tree is cut as
 * Reddit cuts it: after `limit` comments (depth first) the siblings not sent become a `more` stub (their
 * ids in `children`, `count` with their replies), and a comment at REDDIT_THREAD_DEPTH with replies gets a
 * "continue this thread" stub (`count: 0`, `id: '_'`, no children), which `/comments/{id}?comment=<id>`
 * (that comment's subtree, it at depth 0) continues; `/api/morechildren` (`link_id`, up to 100
 * comma-separated `children`) answers `{ json: { errors, data: { things } } }`: the comments asked for
 * and their replies, flat (each with its `parent_id` and `depth`), at most REDDIT_MORE_ANSWER, cut into
 * stubs the same way.
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
  /** A page of things (`limit`, after the fullname `after`). */
  const pageOf = (things: Thing[], query: Record<string, string>) => {
    const limit = Number(query.limit ?? 25);
    const start = query.after ? things.findIndex((t) => t.data.name === query.after) + 1 : 0;
    if (query.after && start === 0) return { kind: 'Listing', data: { after: null, children: [] } };
    const page = things.slice(start, start + limit);
    const more = start + limit < things.length;
    return { kind: 'Listing', data: { after: more ? (page.at(-1)!.data.name as string) : null, children: page } };
  };
  const listing = (items: RedditPost[], query: Record<string, string>) => pageOf(items.map(thing), query);
  /** A comment as the comments stream answers it (flat, with its post's id and title). */
  const streamed = (c: RedditComment): Thing => {
    const post = posts.find((p) => `t3_${p.id}` === c.link_id);
    return {
      kind: 't1',
      data: {
        ...c,
        name: `t1_${c.id}`,
        parent_id: c.parent_id ?? c.link_id,
        subreddit: post?.subreddit ?? '',
        link_title: post?.title ?? '',
        replies: '',
      },
    };
  };
  const inCommunity = (name: string) => posts.filter((p) => p.subreddit.toLowerCase() === name.toLowerCase());
  const matching = (items: RedditPost[], q: string) =>
    items.filter((p) => `${p.title} ${p.selftext}`.toLowerCase().includes(q.toLowerCase()));
  const newestFirst = (items: RedditPost[]) => [...items].sort((a, b) => b.created_utc - a.created_utc);
  const parentOf = (item: RedditComment | RedditPost) =>
    'link_id' in item ? (item.parent_id ?? item.link_id) : `t3_${item.id}`;
  /** A post's comment tree, rendered nested (a comments page) or flat (a morechildren answer). */
  const threadOf = (post: RedditPost) => {
    const replies = new Map<string, RedditComment[]>();
    for (const c of comments.filter((c) => c.link_id === `t3_${post.id}`)) {
      const parent = parentOf(c);
      replies.set(parent, [...(replies.get(parent) ?? []), c]);
    }
    const below = (name: string) => replies.get(name) ?? [];
    const size = (c: RedditComment): number => 1 + below(`t1_${c.id}`).reduce((n, r) => n + size(r), 0);
    const depthOf = (c: RedditComment): number => {
      const parent = comments.find((p) => `t1_${p.id}` === parentOf(c));
      return parent ? 1 + depthOf(parent) : 0;
    };
    const comment = (c: RedditComment, depth: number, replies: unknown): Thing => ({
      kind: 't1',
      data: { ...c, name: `t1_${c.id}`, parent_id: parentOf(c), subreddit: post.subreddit, depth, replies },
    });
    const more = (rest: RedditComment[], parent: string, depth: number): Thing =>
      rest.length === 0
        ? { kind: 'more', data: { count: 0, name: 't1__', id: '_', parent_id: parent, depth, children: [] } }
        : {
            kind: 'more',
            data: {
              count: rest.reduce((n, c) => n + size(c), 0),
              name: `t1_${rest[0]!.id}`,
              id: rest[0]!.id,
              parent_id: parent,
              depth,
              children: rest.map((c) => c.id),
            },
          };
    const tree = (siblings: RedditComment[], parent: string, depth: number, budget: { left: number }): Thing[] => {
      const things: Thing[] = [];
      for (const [i, c] of siblings.entries()) {
        if (budget.left === 0) {
          things.push(more(siblings.slice(i), parent, depth));
          break;
        }
        budget.left--;
        const name = `t1_${c.id}`;
        const under = below(name);
        const children =
          under.length === 0
            ? undefined
            : depth + 1 >= REDDIT_THREAD_DEPTH
              ? [more([], name, depth + 1)]
              : tree(under, name, depth + 1, budget);
        things.push(comment(c, depth, children ? { kind: 'Listing', data: { after: null, children } } : ''));
      }
      return things;
    };
    const flat = (siblings: RedditComment[], parent: string, depth: number, budget: { left: number }, out: Thing[]) => {
      for (const [i, c] of siblings.entries()) {
        if (budget.left === 0) {
          out.push(more(siblings.slice(i), parent, depth));
          return;
        }
        budget.left--;
        out.push(comment(c, depth, ''));
        const name = `t1_${c.id}`;
        const under = below(name);
        if (under.length > 0 && depth + 1 >= REDDIT_THREAD_DEPTH) out.push(more([], name, depth + 1));
        else if (under.length > 0) flat(under, name, depth + 1, budget, out);
      }
    };
    return { below, depthOf, tree, flat };
  };
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
    let match = /^\/r\/([^/]+)\/(new|hot|top)$/.exec(request.path);
    if (match) {
      const inSub = inCommunity(match[1]!);
      const ordered = match[2] === 'new' ? newestFirst(inSub) : [...inSub].sort((a, b) => b.score - a.score);
      return { status: 200, body: listing(ordered, request.query) };
    }
    match = /^\/r\/([^/]+)\/comments$/.exec(request.path);
    if (match) {
      const inSub = new Set(inCommunity(match[1]!).map((p) => `t3_${p.id}`));
      const stream = comments.filter((c) => inSub.has(c.link_id)).sort((a, b) => b.created_utc - a.created_utc);
      return { status: 200, body: pageOf(stream.map(streamed), request.query) };
    }
    match = /^(?:\/r\/([^/]+))?\/search$/.exec(request.path);
    if (match) {
      const { q, sort, restrict_sr: restrict } = request.query;
      if (!q || sort !== 'new' || (match[1] !== undefined) !== (restrict === '1'))
        return { status: 400, body: { message: 'Bad Request', error: 400 } };
      const within = match[1] ? inCommunity(match[1]) : posts;
      return { status: 200, body: listing(newestFirst(matching(within, q)), request.query) };
    }
    if (request.path === '/api/info') {
      const names = (request.query.id ?? '').split(',').filter(Boolean);
      if (names.length === 0 || names.length > 100)
        return { status: 400, body: { message: 'Bad Request', error: 400 } };
      const found = names.flatMap((name) => posts.filter((p) => `t3_${p.id}` === name));
      return { status: 200, body: { kind: 'Listing', data: { after: null, children: found.map(thing) } } };
    }
    match = /^\/user\/([^/]+)\/submitted$/.exec(request.path);
    if (match)
      return { status: 200, body: listing(newestFirst(posts.filter((p) => p.author === match![1])), request.query) };
    match = /^\/comments\/([^/]+)$/.exec(request.path);
    if (match) {
      const post = posts.find((p) => p.id === match[1]);
      if (!post) return { status: 404, body: { message: 'Not Found', error: 404 } };
      const thread = threadOf(post);
      const budget = { left: Number(request.query.limit ?? COMMENTS_DEFAULT) };
      const focus = request.query.comment;
      const top = focus
        ? comments.filter((c) => c.id === focus && c.link_id === `t3_${post.id}`)
        : thread.below(`t3_${post.id}`);
      if (focus && top.length === 0) return { status: 404, body: { message: 'Not Found', error: 404 } };
      return {
        status: 200,
        body: [
          { kind: 'Listing', data: { after: null, children: [thing(post)] } },
          { kind: 'Listing', data: { after: null, children: thread.tree(top, parentOf(top[0] ?? post), 0, budget) } },
        ],
      };
    }
    if (request.path === '/api/morechildren') {
      const post = posts.find((p) => `t3_${p.id}` === request.query.link_id);
      const ids = (request.query.children ?? '').split(',').filter(Boolean);
      if (!post || ids.length === 0 || ids.length > 100 || request.query.api_type !== 'json')
        return { status: 400, body: { message: 'Bad Request', error: 400 } };
      const thread = threadOf(post);
      const asked = comments.filter((c) => c.link_id === `t3_${post.id}` && ids.includes(c.id));
      const budget = { left: REDDIT_MORE_ANSWER };
      const things: Thing[] = [];
      for (const parent of new Set(asked.map(parentOf)))
        thread.flat(
          asked.filter((c) => parentOf(c) === parent),
          parent,
          thread.depthOf(asked.find((c) => parentOf(c) === parent)!),
          budget,
          things,
        );
      return { status: 200, body: { json: { errors: [], data: { things } } } };
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
