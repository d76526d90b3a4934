import { type FieldWords, type OperationParams, queryHolds, type SearchQuery, wordsOf } from '@socialquery/core';
import {
  type ContractHandlers,
  type HandlerContext,
  cursorBinding,
  decodePosition,
  parseQueryParam,
  planSearch,
  readMergedPage,
  resolveTimeBound,
  timeWindowOf,
} from '@socialquery/core/server';
import { z } from 'zod';
import { searchComments, type forumContract, searchPosts } from '../contract.js';
import {
  COMMENT_SEARCH_FIELDS,
  type Comment,
  POST_SEARCH_FIELDS,
  type Post,
  SEARCH_TOTAL_MAX,
  type SearchSort,
  type SearchTotal,
} from '../schemas.js';
import { scoreRangeOf } from './score-range.js';
import type { ForumResearchSource, MatchCountQuery, SearchFilters, SearchHit, SearchPosition } from './source.js';

type SearchHandlers = Pick<ContractHandlers<typeof forumContract>, 'searchPosts' | 'searchComments'>;

/** Shape a decoded token must have (defensive: a signed token always has it). */
const PositionSchema = z.strictObject({
  tier: z.number().int().min(0).max(1),
  key: z.number(),
  num: z.number().int().min(1),
});

/** A cursor is bound to everything but the page size: q and the filters as written (a relative bound as such). */
const UNBOUND = ['limit', 'cursor'];

/** What both searches take (their own filters, over18 and postId, aside): the operations' parameters. */
export type SearchParams = Omit<OperationParams<typeof searchComments>, 'postId'>;

/**
 * Search over any ForumResearchSource, in the query language (core's query-language.ts; planned by
 * core's search-plan.ts), the window resolved at the request's moment, keyset paging by the last result's
 * position in the order (signed, bound to the query), one result more than `limit` asked to know
 * whether a page follows. The results' `extra` is read only when the request selects it (the context's `extra`).
 */
export function createSearchHandlers(source: ForumResearchSource): SearchHandlers {
  return {
    async searchPosts(params, ctx) {
      const query = parseQueryParam('q', params.q, { fields: POST_SEARCH_FIELDS });
      const page = await searchPostsPage(source, query, params, ctx);
      return { posts: page.items, cursor: page.cursor, ...page.total };
    },
    async searchComments(params, ctx) {
      const query = parseQueryParam('q', params.q, { fields: COMMENT_SEARCH_FIELDS });
      const page = await searchCommentsPage(source, query, params, ctx);
      return { comments: page.items, cursor: page.cursor, ...page.total };
    },
  };
}

/** What a search page needs of the request: its moment, the cursor codec, and whether to read `extra`. */
export type SearchContext = Pick<HandlerContext, 'now' | 'cursors' | 'extra'>;

/** A page of a search: its items, the next page's cursor ('' on the last) and the hit count. */
export interface SearchPage<T> {
  items: T[];
  cursor: string;
  total: SearchTotal;
}

/**
 * A page of the post search of a parsed query (the operation's, or one the compatibility routes
 * build: packages/forum/src/server/compat/). `params.q` binds the cursor; `query` is what is searched.
 */
export function searchPostsPage(
  source: ForumResearchSource,
  query: SearchQuery,
  params: SearchParams & { over18?: boolean | undefined },
  ctx: SearchContext,
): Promise<SearchPage<Post>> {
  const { over18, sort } = params;
  return searchPage<Post>(params, ctx, {
    operation: searchPosts.id,
    query,
    wordsWithPrefix: (prefix, limit) => source.wordsWithPrefix('posts', prefix, limit),
    read: (filters) =>
      source.searchPosts({ ...filters, ...(over18 !== undefined ? { over18 } : {}) }, { extra: ctx.extra }),
    count: (counted) =>
      source.countMatches({ ...counted, kind: 'posts', ...(over18 !== undefined ? { over18 } : {}) }, SEARCH_TOTAL_MAX),
    tierOf: (post, wordSets) => postTier(post, sort, wordSets),
    fieldsOf: (post) => ({ title: wordsOf(post.title), body: wordsOf(post.content) }),
  });
}

/** A page of the comment search of a parsed query (see searchPostsPage). */
export function searchCommentsPage(
  source: ForumResearchSource,
  query: SearchQuery,
  params: SearchParams & { postId?: string | undefined },
  ctx: SearchContext,
): Promise<SearchPage<Comment>> {
  const { postId } = params;
  return searchPage<Comment>(params, ctx, {
    operation: searchComments.id,
    query,
    wordsWithPrefix: (prefix, limit) => source.wordsWithPrefix('comments', prefix, limit),
    read: (filters) =>
      source.searchComments({ ...filters, ...(postId !== undefined ? { postId } : {}) }, { extra: ctx.extra }),
    count: (counted) =>
      source.countMatches(
        { ...counted, kind: 'comments', ...(postId !== undefined ? { postId } : {}) },
        SEARCH_TOTAL_MAX,
      ),
    tierOf: () => 0,
    fieldsOf: (comment) => ({ body: wordsOf(comment.body) }),
  });
}

/** One search's own parts: its query parsed with its fields, its source's reads, and its items' positions and text. */
interface SearchSpec<T> {
  operation: string;
  query: SearchQuery;
  wordsWithPrefix: (prefix: string, limit: number) => Promise<string[]>;
  read: (filters: SearchFilters) => Promise<SearchHit<T>[]>;
  /** How many items match the word sets and filters, up to SEARCH_TOTAL_MAX + 1. */
  count: (query: Omit<MatchCountQuery, 'kind'>) => Promise<number>;
  /** An item's tier for a search of any of these word sets (relevance ranks by them). */
  tierOf: (item: T, wordSets: readonly (readonly string[])[]) => number;
  fieldsOf: (item: T) => FieldWords;
}

async function searchPage<T extends { id: string }>(
  params: SearchParams & Record<string, unknown>,
  { now, cursors }: SearchContext,
  spec: SearchSpec<T>,
): Promise<SearchPage<T>> {
  const window = timeWindowOf(resolveTimeBound(params.after, now), resolveTimeBound(params.before, now));
  const binding = cursorBinding(spec.operation, params, UNBOUND);
  const after = params.cursor ? decodePosition(cursors, params.cursor, binding, PositionSchema) : undefined;
  const plan = await planSearch(spec.query, spec.wordsWithPrefix);
  const { community, author, sort, limit } = params;
  const scope = {
    ...(community !== undefined ? { community } : {}),
    ...(author !== undefined ? { author } : {}),
    ...(window ? { window } : {}),
    ...scoreRangeOf(params.minScore, params.maxScore),
  };
  const filters = { sort, ...scope };
  const encode = (position: SearchPosition) => cursors.encode(position, binding);
  if (plan.branches.length === 0) return { items: [], cursor: '', total: { total: 0, totalExact: true } };
  // what words alone decide is counted in the index; a phrase, a field or an exclusion only as pages are checked
  const counted = plan.checked ? undefined : spec.count({ ...scope, wordSets: plan.branches });
  // a query of words is one read of limit + 1, the source's own page
  const reading = readMergedPage(
    {
      wordSets: plan.branches,
      read: (terms, position, batch) =>
        spec.read({ ...filters, terms, ...(position ? { after: position } : {}), limit: batch }),
      placeOf: (item, inRead) => ({ ...inRead, tier: spec.tierOf(item, plan.branches) }),
      order: positionOrder(sort),
      idOf: (item) => item.id,
      check: plan.checked ? (item) => queryHolds(spec.query, spec.fieldsOf(item)) : undefined,
    },
    after,
    limit,
  );
  const [page, count] = await Promise.all([reading, counted]);
  const total: SearchTotal =
    count === undefined
      ? { total: null, totalExact: false }
      : { total: Math.min(count, SEARCH_TOTAL_MAX), totalExact: count <= SEARCH_TOTAL_MAX };
  return { items: page.found.map((f) => f.item), cursor: page.next ? encode(page.next) : '', total };
}

/**
 * The order of a sort's positions: negative when `a` comes first (tier, key and num descending; key
 * and num ascending for old). Time keys compare to the second: the stores' time orders are by the
 * second, then num.
 */
export function positionOrder(sort: SearchSort) {
  const ascending = sort === 'old';
  const key =
    sort === 'new' || sort === 'old' ? (p: SearchPosition) => Math.floor(p.key / 1000) : (p: SearchPosition) => p.key;
  return (a: SearchPosition, b: SearchPosition) =>
    b.tier - a.tier || (ascending ? key(a) - key(b) || a.num - b.num : key(b) - key(a) || b.num - a.num);
}

/** A post's tier in a search of these word sets: relevance ranks first posts whose title holds every word of one of them. */
export function postTier(post: Post, sort: SearchSort, wordSets: readonly (readonly string[])[]): number {
  if (sort !== 'relevance') return 0;
  const title = new Set(wordsOf(post.title));
  return wordSets.some((set) => set.every((term) => title.has(term))) ? 1 : 0;
}

/** A post's place in the order of a search of `terms`, as the store numbered it `num`. */
export function postPosition(post: Post, num: number, sort: SearchSort, terms: readonly string[]): SearchPosition {
  return {
    tier: postTier(post, sort, [terms]),
    key: sort === 'new' || sort === 'old' ? Date.parse(post.createdAt) : post.score,
    num,
  };
}

export function commentPosition(comment: Comment, num: number, sort: SearchSort): SearchPosition {
  return { tier: 0, key: sort === 'new' || sort === 'old' ? Date.parse(comment.createdAt) : comment.score, num };
}
