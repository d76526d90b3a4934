import { type OperationParams, termsOf } from '@socialquery/core';
import {
  type ContractHandlers,
  cursorBinding,
  decodePosition,
  resolveTimeBound,
  timeWindowOf,
} from '@socialquery/core/server';
import { z } from 'zod';
import { searchComments, type forumContract, searchPosts } from '../contract.js';
import type { Comment, Post, SearchSort } from '../schemas.js';
import type { ForumResearchSource, SearchFilters, SearchPosition } from './source.js';

type SearchHandlers = Pick<ContractHandlers<typeof forumContract>, 'searchPosts' | 'searchComments'>;

/** Shape a decoded token must have (defensive: a signed token always has it). */
const PositionSchema = z.strictObject({
  tier: z.number().int().min(0).max(1),
  key: z.number(),
  id: z.string().min(1).max(100),
});

/** A cursor is bound to everything but the page size: q and the filters as written (a relative bound as such). */
const UNBOUND = ['limit', 'cursor'];

/** What both searches take (their own filters, over18 and postId, aside): the operations' parameters. */
type SearchParams = Omit<OperationParams<typeof searchComments>, 'postId'>;

/**
 * Search over any ForumResearchSource: the query's words (core's termsOf, as the index's), the
 * window resolved at the request's moment, keyset paging by the last result's position in the
 * order (signed, bound to the query), one result more than `limit` asked to know whether a page follows.
 * The results' `extra` is read only when the request selects it (the context's `extra`).
 */
export function createSearchHandlers(source: ForumResearchSource): SearchHandlers {
  return {
    async searchPosts(params, ctx) {
      const { over18 } = params;
      const page = await searchPage(
        searchPosts.id,
        params,
        ctx,
        (filters) =>
          source.searchPosts({ ...filters, ...(over18 !== undefined ? { over18 } : {}) }, { extra: ctx.extra }),
        (post: Post, terms) => postPosition(post, params.sort, terms),
      );
      return { posts: page.items, cursor: page.cursor };
    },
    async searchComments(params, ctx) {
      const { postId } = params;
      const page = await searchPage(
        searchComments.id,
        params,
        ctx,
        (filters) =>
          source.searchComments({ ...filters, ...(postId !== undefined ? { postId } : {}) }, { extra: ctx.extra }),
        (comment: Comment) => commentPosition(comment, params.sort),
      );
      return { comments: page.items, cursor: page.cursor };
    },
  };
}

async function searchPage<T>(
  operation: string,
  params: SearchParams & Record<string, unknown>,
  { now, cursors }: { now: Date; cursors: Parameters<typeof decodePosition>[0] },
  read: (filters: SearchFilters) => Promise<T[]>,
  positionOf: (item: T, terms: readonly string[]) => SearchPosition,
): Promise<{ items: T[]; cursor: string }> {
  // at least one: the schema takes only a q with a letter or digit
  const terms = termsOf(params.q);
  const window = timeWindowOf(resolveTimeBound(params.after, now), resolveTimeBound(params.before, now));
  const binding = cursorBinding(operation, params, UNBOUND);
  const after = params.cursor ? decodePosition(cursors, params.cursor, binding, PositionSchema) : undefined;
  const { community, author, minScore, sort, limit } = params;
  const rows = await read({
    terms,
    sort,
    ...(community !== undefined ? { community } : {}),
    ...(author !== undefined ? { author } : {}),
    ...(window ? { window } : {}),
    ...(minScore !== undefined ? { minScore } : {}),
    ...(after ? { after } : {}),
    limit: limit + 1,
  });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, cursor: rows.length > limit && last ? cursors.encode(positionOf(last, terms), binding) : '' };
}

/** A post's place in the order: relevance ranks posts whose title holds every word first. */
export function postPosition(post: Post, sort: SearchSort, terms: readonly string[]): SearchPosition {
  const title = new Set(termsOf(post.title));
  const tier = sort === 'relevance' && terms.every((term) => title.has(term)) ? 1 : 0;
  return { tier, key: sort === 'new' || sort === 'old' ? Date.parse(post.createdAt) : post.score, id: post.id };
}

export function commentPosition(comment: Comment, sort: SearchSort): SearchPosition {
  return {
    tier: 0,
    key: sort === 'new' || sort === 'old' ? Date.parse(comment.createdAt) : comment.score,
    id: comment.id,
  };
}
