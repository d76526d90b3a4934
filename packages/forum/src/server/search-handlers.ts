import {
  type FieldWords,
  type OperationParams,
  parseSearchQuery,
  queryHolds,
  type SearchQuery,
  wordsOf,
} from '@socialquery/core';
import {
  type ContractHandlers,
  cursorBinding,
  decodePosition,
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
  SEARCH_CHECKED_PER_PAGE_MAX,
  type SearchSort,
} from '../schemas.js';
import { planSearch } from './search-plan.js';
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

/** The most results one read of a checked search asks a word set for (it doubles from the page's size). */
const CHECKED_BATCH_MAX = 500;

/**
 * Search over any ForumResearchSource, in the query language (core's query-language.ts; planned by
 * search-plan.ts), the window resolved at the request's moment, keyset paging by the last result's
 * position in the order (signed, bound to the query), one result more than `limit` asked to know
 * whether a page follows. The results' `extra` is read only when the request selects it (the context's `extra`).
 */
export function createSearchHandlers(source: ForumResearchSource): SearchHandlers {
  return {
    async searchPosts(params, ctx) {
      const { over18, sort } = params;
      const page = await searchPage<Post>(params, ctx, {
        operation: searchPosts.id,
        query: parseSearchQuery(params.q, { fields: POST_SEARCH_FIELDS }),
        wordsWithPrefix: (prefix, limit) => source.wordsWithPrefix('posts', prefix, limit),
        read: (filters) =>
          source.searchPosts({ ...filters, ...(over18 !== undefined ? { over18 } : {}) }, { extra: ctx.extra }),
        positionOf: (post, wordSets) => postPositionOf(post, sort, wordSets),
        fieldsOf: (post) => ({ title: wordsOf(post.title), body: wordsOf(post.content) }),
      });
      return { posts: page.items, cursor: page.cursor };
    },
    async searchComments(params, ctx) {
      const { postId, sort } = params;
      const page = await searchPage<Comment>(params, ctx, {
        operation: searchComments.id,
        query: parseSearchQuery(params.q, { fields: COMMENT_SEARCH_FIELDS }),
        wordsWithPrefix: (prefix, limit) => source.wordsWithPrefix('comments', prefix, limit),
        read: (filters) =>
          source.searchComments({ ...filters, ...(postId !== undefined ? { postId } : {}) }, { extra: ctx.extra }),
        positionOf: (comment) => commentPosition(comment, sort),
        fieldsOf: (comment) => ({ body: wordsOf(comment.body) }),
      });
      return { comments: page.items, cursor: page.cursor };
    },
  };
}

/** One search's own parts: its query parsed with its fields, its source's reads, and its items' positions and text. */
interface SearchSpec<T> {
  operation: string;
  query: SearchQuery;
  wordsWithPrefix: (prefix: string, limit: number) => Promise<string[]>;
  read: (filters: SearchFilters) => Promise<T[]>;
  /** An item's position in the order, for a search of any of these word sets (relevance tiers by them). */
  positionOf: (item: T, wordSets: readonly (readonly string[])[]) => SearchPosition;
  fieldsOf: (item: T) => FieldWords;
}

interface Found<T> {
  item: T;
  position: SearchPosition;
}

async function searchPage<T extends { id: string }>(
  params: SearchParams & Record<string, unknown>,
  { now, cursors }: { now: Date; cursors: Parameters<typeof decodePosition>[0] },
  spec: SearchSpec<T>,
): Promise<{ items: T[]; cursor: string }> {
  const window = timeWindowOf(resolveTimeBound(params.after, now), resolveTimeBound(params.before, now));
  const binding = cursorBinding(spec.operation, params, UNBOUND);
  const after = params.cursor ? decodePosition(cursors, params.cursor, binding, PositionSchema) : undefined;
  const plan = await planSearch(spec.query, spec.wordsWithPrefix);
  const { community, author, minScore, sort, limit } = params;
  const filters = {
    sort,
    ...(community !== undefined ? { community } : {}),
    ...(author !== undefined ? { author } : {}),
    ...(window ? { window } : {}),
    ...(minScore !== undefined ? { minScore } : {}),
  };
  const encode = (position: SearchPosition) => cursors.encode(position, binding);
  if (plan.branches.length === 0) return { items: [], cursor: '' };
  if (plan.branches.length === 1 && !plan.checked) {
    // words only: the source's own page
    const terms = plan.branches[0]!;
    const rows = await spec.read({ ...filters, terms, ...(after ? { after } : {}), limit: limit + 1 });
    const items = rows.slice(0, limit);
    const last = items.at(-1);
    return { items, cursor: rows.length > limit && last ? encode(spec.positionOf(last, [terms])) : '' };
  }
  const order = positionOrder(sort);
  const found: Found<T>[] = [];
  let from = after;
  let batch = limit + 1;
  let checked = 0;
  for (;;) {
    const round = await readRound(
      spec,
      plan.branches,
      order,
      (terms, position) => spec.read({ ...filters, terms, ...(position ? { after: position } : {}), limit: batch }),
      from,
      batch,
    );
    for (const candidate of round.certain) {
      checked++;
      if (!plan.checked || queryHolds(spec.query, spec.fieldsOf(candidate.item))) found.push(candidate);
      if (found.length > limit)
        return { items: found.slice(0, limit).map((f) => f.item), cursor: encode(found[limit - 1]!.position) };
    }
    const items = found.map((f) => f.item);
    if (!round.horizon) return { items, cursor: '' };
    if (checked >= SEARCH_CHECKED_PER_PAGE_MAX) return { items, cursor: encode(round.horizon) };
    from = round.horizon;
    batch = Math.min(batch * 2, CHECKED_BATCH_MAX);
  }
}

/**
 * One read of every word set after `from`, merged into the query's order. An item is taken from the
 * set whose search ranks it where the query does (relevance: a title holding every word of some set),
 * once. A set whose read came back full stops what is certain at its last position (`horizon`; the
 * earliest of them): past it, an item of that set may be missing. Undefined `horizon`: every set read to its end.
 */
async function readRound<T extends { id: string }>(
  spec: SearchSpec<T>,
  wordSets: readonly string[][],
  order: (a: SearchPosition, b: SearchPosition) => number,
  read: (terms: readonly string[], after: SearchPosition | undefined) => Promise<T[]>,
  from: SearchPosition | undefined,
  batch: number,
): Promise<{ certain: Found<T>[]; horizon: SearchPosition | undefined }> {
  const reads = await Promise.all(wordSets.map((terms) => read(terms, from)));
  const taken = new Set<string>();
  const candidates: Found<T>[] = [];
  let horizon: SearchPosition | undefined;
  reads.forEach((rows, i) => {
    const own = [wordSets[i]!];
    const last = rows.at(-1);
    if (rows.length === batch && last) {
      const end = spec.positionOf(last, own);
      if (!horizon || order(end, horizon) < 0) horizon = end;
    }
    for (const item of rows) {
      const position = spec.positionOf(item, wordSets);
      if (taken.has(item.id) || order(position, spec.positionOf(item, own)) !== 0) continue;
      taken.add(item.id);
      candidates.push({ item, position });
    }
  });
  candidates.sort((a, b) => order(a.position, b.position));
  const certain = horizon ? candidates.filter((c) => order(c.position, horizon!) <= 0) : candidates;
  return { certain, horizon };
}

/** The order of a sort's positions: negative when `a` comes first (tier, key and id descending; key and id ascending for old). */
export function positionOrder(sort: SearchSort) {
  const ascending = sort === 'old';
  return (a: SearchPosition, b: SearchPosition) =>
    b.tier - a.tier ||
    (ascending ? a.key - b.key : b.key - a.key) ||
    (a.id === b.id ? 0 : a.id < b.id === ascending ? -1 : 1);
}

/** A post's place in the order: relevance ranks posts whose title holds every word first. */
export function postPosition(post: Post, sort: SearchSort, terms: readonly string[]): SearchPosition {
  return postPositionOf(post, sort, [terms]);
}

/** A post's place in the order of a search of these word sets: relevance ranks first posts whose title holds every word of one of them. */
export function postPositionOf(post: Post, sort: SearchSort, wordSets: readonly (readonly string[])[]): SearchPosition {
  const title = new Set(wordsOf(post.title));
  const tier = sort === 'relevance' && wordSets.some((set) => set.every((term) => title.has(term))) ? 1 : 0;
  return { tier, key: sort === 'new' || sort === 'old' ? Date.parse(post.createdAt) : post.score, id: post.id };
}

export function commentPosition(comment: Comment, sort: SearchSort): SearchPosition {
  return {
    tier: 0,
    key: sort === 'new' || sort === 'old' ? Date.parse(comment.createdAt) : comment.score,
    id: comment.id,
  };
}
