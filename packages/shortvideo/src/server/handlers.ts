import {
  answerHistory,
  type ContractHandlers,
  cursorBinding,
  decodePosition,
  inRequestOrder,
  notFound,
  timeWindowOf,
} from '@socialquery/core/server';
import { z } from 'zod';
import { type shortvideoContract, userPosts, videoComments } from '../contract.js';
import { history } from '../history.js';
import type { Comment, CommentSort, Video } from '../schemas.js';
import type { CommentPosition, ShortVideoSource, VideoPosition } from './source.js';

/** Shapes a decoded token must have (defensive: a signed token always has them). */
const Id = z.string().min(1).max(100);
const EpochMs = z.number().int().min(0).max(8.64e15);
/** A video's, or a comment's in newest/oldest order. */
const TimePositionSchema = z.strictObject({ createdAt: EpochMs, id: Id });
const LikedPositionSchema = z.strictObject({ likeCount: z.number().int().min(0), createdAt: EpochMs, id: Id });

/**
 * Tokens carry the last item's position; these are the parameters that do not change the listing. The
 * time window (`after`, `before`) does, so it is bound by the moments it names (not their spelling).
 */
const UNBOUND = ['limit', 'cursor'];

/**
 * The short-video handlers over any ShortVideoSource. Paging is keyset: the token is the last
 * item's position, signed and bound to the query (username lower-cased, or videoId and sort).
 * Each page asks the source for one item more than `limit` to know whether another page
 * follows; the last page's cursor is ''. Existence is checked only when a listing comes back empty.
 * `videosByIds` puts the videos found in the order of the (already deduplicated) ids and lists the
 * others as `notFound`; it never answers 404. Videos carry their `extra` only when the request
 * selects it (the context's `extra`): the source reads it only then.
 */
export function createShortVideoHandlers(source: ShortVideoSource): ContractHandlers<typeof shortvideoContract> {
  return {
    async userPosts({ username, limit, cursor, after: createdAfter, before: createdBefore }, { cursors, extra }) {
      const window = timeWindowOf(createdAfter, createdBefore);
      const binding = cursorBinding(
        userPosts.id,
        { username: username.toLowerCase(), limit, cursor, ...window },
        UNBOUND,
      );
      const after = cursor ? decodePosition(cursors, cursor, binding, TimePositionSchema) : undefined;
      const rows = await source.userPosts(
        { username, after, ...(window ? { window } : {}), limit: limit + 1 },
        { extra },
      );
      const videos = rows.slice(0, limit);
      if (videos.length === 0 && !(await source.userExists(username))) throw notFound(`user '${username}'`);
      const hasMore = rows.length > limit;
      const last = videos.at(-1);
      return { videos, hasMore, cursor: hasMore && last ? cursors.encode(videoPosition(last), binding) : '' };
    },
    async videoComments({ videoId, limit, sort, cursor, after: createdAfter, before: createdBefore }, { cursors }) {
      const window = timeWindowOf(createdAfter, createdBefore);
      const binding = cursorBinding(videoComments.id, { videoId, sort, limit, cursor, ...window }, UNBOUND);
      const schema = sort === 'most_liked' ? LikedPositionSchema : TimePositionSchema;
      const after = cursor ? decodePosition(cursors, cursor, binding, schema) : undefined;
      const rows = await source.videoComments({
        videoId,
        sort,
        after,
        ...(window ? { window } : {}),
        limit: limit + 1,
      });
      const comments = rows.slice(0, limit);
      if (comments.length === 0 && !(await source.videoExists(videoId))) throw notFound(`video '${videoId}'`);
      const last = comments.at(-1);
      return {
        comments,
        cursor: rows.length > limit && last ? cursors.encode(commentPosition(last, sort), binding) : '',
      };
    },
    async videosByIds({ ids }, { extra }) {
      const { records: videos, notFound } = inRequestOrder(
        ids,
        await source.videosByIds(ids, { extra }),
        (video) => video.id,
      );
      return { videos, notFound };
    },
    history: (params, ctx) => answerHistory(history.id, source, params, ctx),
  };
}

function videoPosition(video: Video): VideoPosition {
  return { createdAt: Date.parse(video.createdAt), id: video.id };
}

function commentPosition(comment: Comment, sort: CommentSort): CommentPosition {
  const position = { createdAt: Date.parse(comment.createdAt), id: comment.id };
  return sort === 'most_liked' ? { likeCount: comment.likeCount, ...position } : position;
}
