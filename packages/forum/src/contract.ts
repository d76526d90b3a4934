import { defineOperation, QUERY_CHECKED_PER_PAGE_MAX, QUERY_PREFIX_WORDS_MAX } from '@socialquery/core';
import { history } from './history.js';
import {
  AggregateQuery,
  AggregateResponse,
  CommentsByIdsQuery,
  CommentsByIdsResponse,
  CommentsResponse,
  CommentTreeResponse,
  CommunityPostsPath,
  CommunityPostsQuery,
  PostsByIdsQuery,
  PostsByIdsResponse,
  PostCommentsPath,
  PostCommentsQuery,
  PostsResponse,
  SearchCommentsQuery,
  SearchPostsQuery,
  SEARCH_TOTAL_MAX,
  SearchCommentsResponse,
  SearchPostsResponse,
  UserCommentsPath,
  UserCommentsQuery,
  UserInteractionsPath,
  UserInteractionsQuery,
  UserInteractionsResponse,
  UserPostsPath,
  UserPostsQuery,
} from './schemas.js';

/** How both post listings page (docs/forum-listings.md). */
const LISTING_PAGING =
  "Pass `cursor` back for the next page ('' on the last), with the same parameters (any `limit`): keyset paging, " +
  'each page after the last post of the one before, ties included, so a walk gives each post once, with its ' +
  'values as of the page that gives it.';

export const communityPosts = defineOperation({
  id: 'forum.communityPosts',
  method: 'GET',
  path: '/api/v1/forum/community/{community}/posts',
  auth: 'bearer',
  params: { path: CommunityPostsPath, query: CommunityPostsQuery },
  response: PostsResponse,
  summary: 'Posts of a community',
  description:
    "hot: Reddit's published hot formula; new: newest first; top: highest score among posts created within " +
    '`timeframe` before now; rising: score per hour of age (age floored at one hour) among posts of the last 24 hours. ' +
    'Ties are broken by id, descending. Community names match case-insensitively. ' +
    'Extensions: `after`/`before` keep posts created strictly between them (either alone is fine; after must be ' +
    'earlier than before) and intersect with the window of top/rising; `minScore`/`maxScore` keep posts with score >= minScore / <= maxScore. ' +
    `Without them the answer is unchanged. ${LISTING_PAGING} A top (timeframe other than all) or rising cursor keeps ` +
    'the moment of its first page: later pages are answered at it (the same window and rising ranks), so the walk ' +
    'neither skips nor repeats a post as time passes; hot does not depend on the moment. But a post whose score ' +
    'changes between two pages (an import) is placed by its new score when the next page is asked: under hot, top ' +
    'or rising a walk may give it twice or miss it (match posts by id; docs/forum-listings.md).',
  // a bulk export reads the store a thousand posts at a time (the handler serves any page size)
  paging: { kind: 'token', param: 'cursor', next: ['cursor'], limitParam: 'limit', exportPageSize: 1000 },
});

export const userPosts = defineOperation({
  id: 'forum.userPosts',
  method: 'GET',
  path: '/api/v1/forum/user/{username}/posts',
  auth: 'bearer',
  params: { path: UserPostsPath, query: UserPostsQuery },
  response: PostsResponse,
  summary: 'Posts of a user',
  description:
    'Newest first, ties broken by id, descending. Usernames match case-insensitively. Extensions: `after`/`before` keep ' +
    `posts created strictly between them; \`minScore\`/\`maxScore\` keep posts with score >= minScore / <= maxScore. ${LISTING_PAGING}`,
  // a bulk export reads the store a thousand posts at a time (the handler serves any page size)
  paging: { kind: 'token', param: 'cursor', next: ['cursor'], limitParam: 'limit', exportPageSize: 1000 },
});

/** Batch lookup (an extension beside the platform's own operations). */
export const postsByIds = defineOperation({
  id: 'forum.postsByIds',
  method: 'GET',
  path: '/api/v1/forum/posts',
  auth: 'bearer',
  params: { query: PostsByIdsQuery },
  response: PostsByIdsResponse,
  summary: 'Posts by id',
  description:
    'Up to 100 post ids, comma-separated. The posts found come back once each, in the order of the ids (first ' +
    'occurrence); `notFound` lists the ids with no post, in the same order. Ids match exactly (case-sensitively); ' +
    'an unknown id is never an error.',
});

/** A post's comment tree, a page at a time (an extension, as are all comment operations). */
export const postComments = defineOperation({
  id: 'forum.postComments',
  method: 'GET',
  path: '/api/v1/forum/post/{postId}/comments',
  auth: 'bearer',
  params: { path: PostCommentsPath, query: PostCommentsQuery },
  response: CommentTreeResponse,
  summary: 'Comment tree of a post',
  description:
    'The page holds the `limit` best comments of the tree by `sort` whose parent it shows, down to `depth` levels ' +
    "(Reddit's own way of cutting a thread), listed depth first: each comment is followed by the replies the page " +
    'shows, siblings in `sort` order. best = the lower bound of the Wilson score interval of up and down votes, ' +
    'top = score, new = newest, old = oldest; ties by id (descending; ascending for old). A comment whose replies ' +
    "are not all shown carries `moreReplies` {count, cursor}; the page's own `cursor` and `moreCount` continue its " +
    'top level. Pass a cursor back (same post and sort; any depth and limit) for the next page of those comments ' +
    'with their subtrees: following every cursor reads each comment once. A reply whose parent comment is not in ' +
    'the store is not in the tree (it is in the user listing and the batch lookup). 404 when the store holds ' +
    'neither the post nor any of its comments.',
  paging: { kind: 'token', param: 'cursor', next: ['cursor'], limitParam: 'limit' },
});

export const userComments = defineOperation({
  id: 'forum.userComments',
  method: 'GET',
  path: '/api/v1/forum/user/{username}/comments',
  auth: 'bearer',
  params: { path: UserCommentsPath, query: UserCommentsQuery },
  response: CommentsResponse,
  summary: 'Comments of a user',
  description:
    'Newest first, ties broken by id, descending. Usernames match case-insensitively. `after`/`before` keep ' +
    'comments created strictly between them; `minScore`/`maxScore` keep comments with score >= minScore / <= maxScore. Pass `cursor` back ' +
    "for the next page ('' on the last); it is bound to the filters: pass the same ones with it.",
  // a bulk export reads the store a thousand posts at a time (the handler serves any page size)
  paging: { kind: 'token', param: 'cursor', next: ['cursor'], limitParam: 'limit', exportPageSize: 1000 },
});

/** Batch lookup of comments. */
export const commentsByIds = defineOperation({
  id: 'forum.commentsByIds',
  method: 'GET',
  path: '/api/v1/forum/comments',
  auth: 'bearer',
  params: { query: CommentsByIdsQuery },
  response: CommentsByIdsResponse,
  summary: 'Comments by id',
  description:
    'Up to 100 comment ids (as stored: without the `t1_` prefix), comma-separated. The comments found come back ' +
    'once each, in the order of the ids (first occurrence); `notFound` lists the ids with no comment, in the same ' +
    'order. Ids match exactly (case-sensitively); an unknown id is never an error.',
});

const SEARCH_MATCH =
  'Matches whole words, case-insensitively (anything but letters and digits separates words; a word of the query ' +
  'that is part of a longer word does not match it); every word of `q` must be there. `q` is in the query ' +
  `language (docs/query-language.md): "a phrase", pre* (at most ${QUERY_PREFIX_WORDS_MAX} stored words), -excluded, ` +
  `a OR b, and field:term; a malformed q is a 400 naming the character at fault. With a phrase, a field or an ` +
  `exclusion a page checks at most ${QUERY_CHECKED_PER_PAGE_MAX.toLocaleString('en')} results and may hold fewer ` +
  'than limit, with a cursor that reads on. ';
const SEARCH_PAGING =
  '`after`/`before` take ISO 8601 moments, dates, epoch seconds, or a time before now (`7d`, `24h`, `1y`), resolved ' +
  "when each page is asked. Pass `cursor` back for the next page ('' on the last); it is bound to the query " +
  '(the same q and filters, as written). The first page costs about the same for a word in ten items as for one in ' +
  'millions (docs/forum-search.md). `total` counts every match of the query and filters: exact up to ' +
  `${SEARCH_TOTAL_MAX.toLocaleString('en')} (totalExact true), else at least that many; null with a phrase, a field or an exclusion.`;

export const searchPosts = defineOperation({
  id: 'forum.searchPosts',
  method: 'GET',
  path: '/api/v1/forum/search/posts',
  auth: 'bearer',
  params: { query: SearchPostsQuery },
  response: SearchPostsResponse,
  summary: 'Search posts',
  description:
    `Posts whose title and body hold every word of \`q\` (fields title: and body:). ${SEARCH_MATCH}` +
    'relevance: posts whose title holds every word (of one side of an OR) first, then by score; top: score; new/old: by creation time, ' +
    'to the second; ties in the order stored (the later first; the earlier for old). Filters: community, author, after/before ' +
    '(exclusive), minScore and maxScore ' +
    `(inclusive), over18. ${SEARCH_PAGING}`,
  paging: { kind: 'token', param: 'cursor', next: ['cursor'], limitParam: 'limit' },
});

export const searchComments = defineOperation({
  id: 'forum.searchComments',
  method: 'GET',
  path: '/api/v1/forum/search/comments',
  auth: 'bearer',
  params: { query: SearchCommentsQuery },
  response: SearchCommentsResponse,
  summary: 'Search comments',
  description:
    `Comments whose body holds every word of \`q\` (field body:). ${SEARCH_MATCH}` +
    'relevance and top: score; new/old: by creation time, to the second; ties in the order stored (the later first; the ' +
    'earlier for old). Filters: ' +
    `community, author, postId, after/before (exclusive), minScore and maxScore (inclusive). ${SEARCH_PAGING}`,
  paging: { kind: 'token', param: 'cursor', next: ['cursor'], limitParam: 'limit' },
});

export const aggregate = defineOperation({
  id: 'forum.aggregate',
  method: 'GET',
  path: '/api/v1/forum/aggregate',
  auth: 'bearer',
  params: { query: AggregateQuery },
  response: AggregateResponse,
  summary: 'Counts of posts or comments',
  description:
    'Counts the posts or comments (`kind`) of a community and/or author (case-insensitive; a name the store does ' +
    'not know counts nothing: no buckets) created strictly between after and before (ISO 8601, dates, epoch ' +
    'seconds, or a time before now such as `7d`). groupBy hour, day, week (from Monday 00:00), month or year of ' +
    'creation (UTC): one bucket per non-empty unit, keyed by its start (ISO 8601 with milliseconds), earliest ' +
    'first, at most 10,000 (the earliest; `limit` does not apply). groupBy community or author: the `limit` ' +
    'largest groups, count descending, ties by the name lower-cased (code-point order), each keyed by the name ' +
    'as its latest item spells it. `minCount` drops groups counting less. `q` (words, a OR b, pre*: the query ' +
    'language without phrases, fields or exclusions), minScore, maxScore, over18 (posts) and postId (the comments of a post; the post itself) count only ' +
    'the items the searches would find. Exact at any bound; answered from counts the store keeps as it writes, ' +
    'or with those filters by reading the matches (docs/forum-aggregate.md).',
  heavy: true,
});

export const userInteractions = defineOperation({
  id: 'forum.userInteractions',
  method: 'GET',
  path: '/api/v1/forum/user/{username}/interactions',
  auth: 'bearer',
  params: { path: UserInteractionsPath, query: UserInteractionsQuery },
  response: UserInteractionsResponse,
  summary: 'Users a user interacted with',
  description:
    "The users this one replied to (repliesTo: their comments answering the other's posts and comments) and was " +
    "replied to by (repliesFrom: the other's comments answering theirs), counted from the comments the store " +
    'holds, largest sum first (ties by the name lower-cased, code-point order), at most `limit`, each with at ' +
    'least `minCount`. `community`, `after` and `before` (exclusive; ISO 8601, dates, epoch seconds, or a time ' +
    'before now such as `30d`) apply to the replies counted. The user themself and `[deleted]` are not counted; a ' +
    'reply whose parent is not in the store counts for nobody. Usernames match case-insensitively; 404 when the ' +
    "store holds nothing by the user. Its cost grows with the user's own posts and comments and the replies to " +
    'them (docs/forum-users.md).',
  heavy: true,
});

/** The forum platform's operations, keyed by client method name. */
export const forumContract = {
  communityPosts,
  userPosts,
  postsByIds,
  postComments,
  userComments,
  commentsByIds,
  searchPosts,
  searchComments,
  aggregate,
  userInteractions,
  history,
};
