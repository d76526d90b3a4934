import { defineOperation } from '@socialquery/core';
import { CommentsPath, CommentsQuery, CommentsResponse, UserPostsQuery, UserPostsResponse } from './schemas.js';

export const userPosts = defineOperation({
  id: 'shortvideo.userPosts',
  method: 'GET',
  path: '/api/v1/shortvideo/user/posts',
  auth: 'bearer',
  params: { query: UserPostsQuery },
  response: UserPostsResponse,
  summary: 'Videos of a creator',
  description: 'Newest first, ties by id descending. Pass `cursor` back for the next page; the last page has hasMore=false and an empty cursor.',
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
    '`replies` holds the first replies (up to 3, oldest first) of each comment. The cursor is empty on the last page.',
});

/** The short-video platform's operations, keyed by client method name. */
export const shortvideoContract = { userPosts, videoComments };
