import { defineOperation } from '@socialquery/core';
import {
  CommentsPath,
  CommentsQuery,
  CommentsResponse,
  UserPostsQuery,
  UserPostsResponse,
  VideosByIdsQuery,
  VideosByIdsResponse,
} from './schemas.js';
import { history } from './history.js';

export const userPosts = defineOperation({
  id: 'shortvideo.userPosts',
  method: 'GET',
  path: '/api/v1/shortvideo/user/posts',
  auth: 'bearer',
  params: { query: UserPostsQuery },
  response: UserPostsResponse,
  summary: 'Videos of a creator',
  description:
    'Newest first, ties by id descending. Pass `cursor` back for the next page; the last page has hasMore=false and an empty cursor. ' +
    'Extension: `after`/`before` keep videos created strictly between them (either alone is fine; after must be earlier than ' +
    'before). A cursor is bound to them: pass the same after/before with it, or it is refused (400 invalid_cursor).',
  paging: { kind: 'token', param: 'cursor', next: ['cursor'], limitParam: 'limit' },
});

export const videoComments = defineOperation({
  id: 'shortvideo.videoComments',
  method: 'GET',
  path: '/api/v1/shortvideo/video/{videoId}/comments',
  auth: 'bearer',
  params: { path: CommentsPath, query: CommentsQuery },
  response: CommentsResponse,
  summary: 'Comments of a video',
  description:
    'Top-level comments: newest (default), oldest, or most_liked (likeCount descending, ties newest first). ' +
    '`replies` holds the first replies (up to 3, oldest first) of each comment. The cursor is empty on the last page. ' +
    'Extension: `after`/`before` keep the comments created strictly between them, in any sort (their replies are not ' +
    'filtered). A cursor is bound to them: pass the same after/before with it, or it is refused (400 invalid_cursor).',
  paging: { kind: 'token', param: 'cursor', next: ['cursor'], limitParam: 'limit' },
});

/** Batch lookup (an extension beside the platform's own operations). */
export const videosByIds = defineOperation({
  id: 'shortvideo.videosByIds',
  method: 'GET',
  path: '/api/v1/shortvideo/videos',
  auth: 'bearer',
  params: { query: VideosByIdsQuery },
  response: VideosByIdsResponse,
  summary: 'Videos by id',
  description:
    'Up to 100 video ids, comma-separated. The videos found come back once each, in the order of the ids (first ' +
    'occurrence); `notFound` lists the ids with no video, in the same order. Ids match exactly (case-sensitively); ' +
    'an unknown id is never an error.',
});

/** The short-video platform's operations, keyed by client method name. */
export const shortvideoContract = { userPosts, videoComments, videosByIds, history };
