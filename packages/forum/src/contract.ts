import { defineOperation } from '@socialquery/core';
import {
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
  UserCommentsPath,
  UserCommentsQuery,
  UserPostsPath,
  UserPostsQuery,
} from './schemas.js';

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
    'earlier than before) and intersect with the window of top/rising; `minScore` keeps posts with score >= minScore. ' +
    'Without them the answer is unchanged.',
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
    'posts created strictly between them; `minScore` keeps posts with score >= minScore.',
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
    'comments created strictly between them; `minScore` keeps comments with score >= minScore. Pass `cursor` back ' +
    "for the next page ('' on the last); it is bound to the filters: pass the same ones with it.",
  paging: { kind: 'token', param: 'cursor', next: ['cursor'], limitParam: 'limit' },
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

/** The forum platform's operations, keyed by client method name. */
export const forumContract = { communityPosts, userPosts, postsByIds, postComments, userComments, commentsByIds };
