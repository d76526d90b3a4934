import {
  enumParam,
  extraField,
  idsParam,
  integerParam,
  optionalString,
  requiredString,
  Timestamp,
  timeBoundParam,
} from '@socialquery/core';
import { z } from 'zod';

/**
 * A short video. `duration` is in seconds; `extra` (only with `fields=…,extra`) the video's other
 * source fields: its TikTok Research API item's and its "Download your data" entry's.
 */
export const Video = z.object({
  id: z.string(),
  description: z.string(),
  author: z.string(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  shareCount: z.number().int(),
  viewCount: z.number().int(),
  duration: z.number(),
  createdAt: Timestamp,
  videoUrl: z.string(),
  music: z.object({ title: z.string(), author: z.string() }),
  extra: extraField,
});
export type Video = z.infer<typeof Video>;

const commentFields = {
  id: z.string(),
  text: z.string(),
  author: z.string(),
  likeCount: z.number().int(),
  replyCount: z.number().int(),
  createdAt: Timestamp,
};

/** A reply: a comment record whose own `replies` is empty. */
export const Reply = z.object({ ...commentFields, replies: z.array(z.never()).length(0) });
export type Reply = z.infer<typeof Reply>;

/** A top-level comment; `replies` holds its first replies (up to 3, oldest first). */
export const Comment = z.object({ ...commentFields, replies: z.array(Reply).max(3) });
export type Comment = z.infer<typeof Comment>;

export const UserPostsResponse = z.object({ videos: z.array(Video), cursor: z.string(), hasMore: z.boolean() });
export type UserPostsResponse = z.infer<typeof UserPostsResponse>;
export const CommentsResponse = z.object({ comments: z.array(Comment), cursor: z.string() });
export type CommentsResponse = z.infer<typeof CommentsResponse>;
/** Body of the batch lookup: the videos found, in the order asked, and the ids with no video, in the order asked. */
export const VideosByIdsResponse = z.object({ videos: z.array(Video), notFound: z.array(z.string()) });
export type VideosByIdsResponse = z.infer<typeof VideosByIdsResponse>;

export const commentSorts = ['newest', 'oldest', 'most_liked'] as const;
export type CommentSort = (typeof commentSorts)[number];

/** Replies shown under each comment. */
export const REPLIES_PER_COMMENT = 3;

/** `after` and `before` (an extension: without them the answer is unchanged); a cursor is bound to them. */
const timeWindow = () => ({
  after: timeBoundParam('after', { note: 'Pass the same value with the cursor.' }),
  before: timeBoundParam('before', { note: 'Pass the same value with the cursor.' }),
});

export const UserPostsQuery = z.object({
  username: requiredString(100),
  limit: integerParam({ min: 1, max: 100, default: 20 }),
  cursor: optionalString().describe("The previous page's cursor."),
  ...timeWindow(),
});
export const CommentsPath = z.object({ videoId: requiredString(100) });
export const CommentsQuery = z.object({
  limit: integerParam({ min: 1, max: 100, default: 20 }),
  cursor: optionalString().describe("The previous page's cursor."),
  sort: enumParam(commentSorts, 'newest'),
  ...timeWindow(),
});

/** Most video ids one batch lookup takes. */
export const VIDEOS_BY_IDS_MAX = 100;
export const VideosByIdsQuery = z.object({ ids: idsParam({ max: VIDEOS_BY_IDS_MAX, maxLength: 100 }) });
