import {
  answerHistory,
  type ContractHandlers,
  type CursorCodec,
  cursorBinding,
  decodePosition,
  inRequestOrder,
  notFound,
  resolveTimeBound,
  timeWindowOf,
} from '@socialquery/core/server';
import type { OperationParams } from '@socialquery/core';
import { z } from 'zod';
import {
  communityPosts as communityPostsOperation,
  type forumContract,
  userPosts as userPostsOperation,
} from '../contract.js';
import { history } from '../history.js';
import type { Post } from '../schemas.js';
import { createAggregateHandlers } from './aggregate-handler.js';
import { createCommentHandlers } from './comment-handlers.js';
import { createInteractionHandlers } from './interactions-handler.js';
import { windowStart } from './ranking.js';
import { createSearchHandlers } from './search-handlers.js';
import type { CommunityPostsQuery, ForumSource, PostPosition, UserPostsQuery } from './source.js';
import { scoreRangeOf } from './score-range.js';

type CommunityParams = OperationParams<typeof communityPostsOperation>;
type UserParams = OperationParams<typeof userPostsOperation>;

/** Shapes a decoded token must have (defensive: a signed token always has them). */
const EpochMs = z.number().int().min(-8.64e15).max(8.64e15);
const PositionFields = { score: z.number().int(), createdAt: EpochMs, id: z.string().min(1).max(100) };
const PositionSchema = z.strictObject(PositionFields);
/** A listing that moves with time (top over a timeframe, rising) keeps the moment of its first page too. */
const PinnedPositionSchema = z.strictObject({ ...PositionFields, now: EpochMs });
/** What a listing's cursor carries: the last post's place, and the moment of the walk where it has one. */
interface TokenPosition {
  score: number;
  createdAt: number;
  id: string;
  now?: number;
}

/**
 * The forum's handlers over any ForumSource. Existence is checked only when a first page comes back
 * empty. `postsByIds` puts the posts found in the order of the (already deduplicated) ids and lists
 * the others as `notFound`; it never answers 404.
 *
 * The listings page by keyset: a cursor carries the last post's score, createdAt and id (its place in
 * every order; the store compares it with the posts as they are stored when the next page is asked),
 * signed and bound to the listing's parameters but `limit`. One post more than `limit` is read to
 * know whether another page follows (else the cursor is ''). Where the listing depends on the moment
 * (top over a timeframe: the window before now; rising: its window and its ranking) the cursor also
 * carries the `now` of the walk's first page, and every later page is answered at that moment, so
 * the walk is one listing however long it takes. hot is ranked by a stored value that does not depend
 * on the moment, like new and top over all time: their cursors carry none. A relative `after` or
 * `before` (`7d`) makes a community listing move with time too (resolved at its walk's moment); a
 * user's listing resolves it when each page is asked, as the searches do.
 *
 * Every read asks the source for the records' `extra` only when the request selects it (the context's
 * `extra`): without `fields=…,extra` the answers are the specified shape and the store does not read it.
 */
export function createForumHandlers(source: ForumSource): ContractHandlers<typeof forumContract> {
  return {
    async communityPosts(params, { now, cursors, extra }) {
      const { community, limit, cursor } = params;
      const pinned = movesWithTime(params) || isRelative(params.after) || isRelative(params.before);
      const binding = communityBinding(params);
      const position = cursor
        ? decodePosition<TokenPosition>(cursors, cursor, binding, pinned ? PinnedPositionSchema : PositionSchema)
        : undefined;
      const moment = position?.now !== undefined ? new Date(position.now) : now;
      const rows = await source.communityPosts(
        {
          ...communityPostsQuery(params, moment),
          ...(position ? { startAfter: postPosition(position) } : {}),
          limit: limit + 1,
        },
        { extra },
      );
      const posts = rows.slice(0, limit);
      if (!cursor && posts.length === 0 && !(await source.communityExists(community)))
        throw notFound(`community '${community}'`);
      return { posts, cursor: nextCursor(cursors, rows, limit, binding, pinned ? moment : undefined) };
    },
    async userPosts(params, { now, cursors, extra }) {
      const { username, limit, cursor } = params;
      const binding = userBinding(params);
      const position = cursor ? decodePosition(cursors, cursor, binding, PositionSchema) : undefined;
      const rows = await source.userPosts(
        {
          ...userPostsQuery(params, now),
          ...(position ? { startAfter: postPosition(position) } : {}),
          limit: limit + 1,
        },
        { extra },
      );
      const posts = rows.slice(0, limit);
      if (!cursor && posts.length === 0 && !(await source.userExists(username))) throw notFound(`user '${username}'`);
      return { posts, cursor: nextCursor(cursors, rows, limit, binding) };
    },
    async postsByIds({ ids }, { extra }) {
      const { records: posts, notFound } = inRequestOrder(
        ids,
        await source.postsByIds(ids, { extra }),
        (post) => post.id,
      );
      return { posts, notFound };
    },
    ...createCommentHandlers(source),
    ...createSearchHandlers(source),
    ...createAggregateHandlers(source),
    ...createInteractionHandlers(source),
    history: (params, ctx) => answerHistory(history.id, source, params, ctx),
  };
}

/** The store query of a community listing's parameters (without its limit): the sort's window and the caller's filters. */
function communityPostsQuery(
  { community, sort, timeframe, after, before, minScore, maxScore }: CommunityParams,
  now: Date,
): Omit<CommunityPostsQuery, 'limit'> {
  const window = timeWindowOf(resolveTimeBound(after, now), resolveTimeBound(before, now));
  return {
    community,
    order: sort,
    createdAfter: windowStart(sort, timeframe, now),
    createdUntil: now,
    ...(window ? { window } : {}),
    ...scoreRangeOf(minScore, maxScore),
  };
}

/** The store query of a user listing's parameters (without its limit). */
function userPostsQuery(
  { username, after, before, minScore, maxScore }: UserParams,
  now: Date,
): Omit<UserPostsQuery, 'limit'> {
  const window = timeWindowOf(resolveTimeBound(after, now), resolveTimeBound(before, now));
  return { username, ...(window ? { window } : {}), ...scoreRangeOf(minScore, maxScore) };
}

const isRelative = (bound: Date | { ago: number } | undefined) => bound !== undefined && !(bound instanceof Date);

/** Whether a community listing depends on the moment it is asked at (its sort has a window ending now). */
const movesWithTime = ({ sort, timeframe }: CommunityParams) => windowStart(sort, timeframe, new Date(0)) !== undefined;

/**
 * What a community cursor is bound to: every parameter but `limit` (and the cursor), the community's
 * name as it is matched (case-insensitively), the time bounds as written (a moment, or relative).
 */
const communityBinding = ({ community, sort, timeframe, after, before, minScore, maxScore }: CommunityParams) =>
  cursorBinding(
    communityPostsOperation.id,
    { community: community.toLowerCase(), sort, timeframe, after, before, minScore, maxScore },
    [],
  );

const userBinding = ({ username, after, before, minScore, maxScore }: UserParams) =>
  cursorBinding(userPostsOperation.id, { username: username.toLowerCase(), after, before, minScore, maxScore }, []);

/** The cursor after the last post of a page: '' when the read found no post beyond the page. */
function nextCursor(
  cursors: CursorCodec,
  rows: readonly Post[],
  limit: number,
  binding: string,
  moment?: Date,
): string {
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  if (!last) return '';
  const position: TokenPosition = {
    score: last.score,
    createdAt: Date.parse(last.createdAt),
    id: last.id,
  };
  if (moment) position.now = moment.getTime();
  return cursors.encode(position, binding);
}

const postPosition = ({ score, createdAt, id }: TokenPosition): PostPosition => ({
  id,
  score,
  createdAt: new Date(createdAt).toISOString(),
});
