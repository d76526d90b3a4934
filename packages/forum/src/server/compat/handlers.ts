import { type OperationParams, type SearchQuery, parseSearchQuery, queryHolds, wordsOf } from '@socialquery/core';
import {
  type ContractHandlers,
  type HandlerContext,
  inRequestOrder,
  resolveTimeBound,
  timeWindowOf,
} from '@socialquery/core/server';
import type {
  arcticShiftAggregateComments,
  arcticShiftAggregatePosts,
  arcticShiftSearchComments,
  arcticShiftSearchPosts,
  arcticShiftUserInteractions,
  pushshiftSearchComments,
  pushshiftSearchSubmissions,
  redditCompatContract,
} from '../../compat/contract.js';
import {
  type AggregateData,
  COMPAT_CHECKED_MAX,
  type InteractionsData,
  type RedditComment,
  type RedditSubmission,
} from '../../compat/schemas.js';
import type { AggregateKind, Comment, Post, SearchSort } from '../../schemas.js';
import { createAggregateHandlers } from '../aggregate-handler.js';
import { interactionsOf } from '../interactions-handler.js';
import { searchCommentsPage, searchPostsPage, type SearchContext } from '../search-handlers.js';
import type { ForumSource, TimePosition } from '../source.js';
import { redditComment, redditSubmission } from './reddit-records.js';

/** Most search pages one request reads (a fielded query's pages may come back short: docs/query-language.md). */
const SEARCH_PAGES_MAX = 10;
/** Records read at a time while checking. */
const CHECK_BATCH = 500;

type CompatHandlers = ContractHandlers<typeof redditCompatContract>;

/** What a search of either kind asks, in the forum's own terms (the routes' parameters mapped once). */
interface CompatScope {
  community?: string | undefined;
  author?: string | undefined;
  after?: Date | { ago: number } | undefined;
  before?: Date | { ago: number } | undefined;
  minScore?: number | undefined;
  maxScore?: number | undefined;
  /** new and old by created_utc; top (a text search only) by score. */
  order: 'new' | 'old' | 'top';
  /** Words to find, already narrowed to their fields. */
  text?: SearchQuery | undefined;
  limit: number;
}

interface CompatSearch<R> extends CompatScope {
  /** Checks only the records hold; each record read is checked by all of them. */
  checks: ((record: R) => boolean)[];
}

interface PostSearch extends CompatSearch<RedditSubmission> {
  over18?: boolean | undefined;
}

interface CommentSearch extends CompatSearch<RedditComment> {
  postId?: string | undefined;
  /** null: top-level comments. */
  parentId?: string | null | undefined;
}

/**
 * The Arctic Shift and Pushshift routes (packages/forum/src/compat/contract.ts) over a ForumSource:
 * each maps its parameters to a listing by creation time (`listPosts`, `listComments`) or, with
 * words to find, to the forum's own search in a time or score order, and answers Reddit-shaped
 * records (reddit-records.ts) with every source field (`extra` is always read).
 */
export function createRedditCompatHandlers(source: ForumSource): CompatHandlers {
  const readAll = { extra: true };
  const postsByIds = async (ids: readonly string[]) =>
    inRequestOrder(ids, await source.postsByIds(ids, readAll), byId).records.map(redditSubmission);
  const commentsByIds = async (ids: readonly string[]) =>
    inRequestOrder(ids, await source.commentsByIds(ids, readAll), byId).records.map(redditComment);
  const counts = createAggregateHandlers(source);
  return {
    arcticShiftPostsByIds: async ({ ids }) => ({ data: await postsByIds(ids) }),
    arcticShiftCommentsByIds: async ({ ids }) => ({ data: await commentsByIds(ids) }),
    arcticShiftSearchPosts: async (params, ctx) => ({ data: await findPosts(source, arcticPosts(params), ctx) }),
    arcticShiftSearchComments: async (params, ctx) => ({
      data: await findComments(source, arcticComments(params), ctx),
    }),
    arcticShiftAggregatePosts: (params, ctx) =>
      arcticAggregate(counts, 'posts', params, { q: params.query, over18: params.over_18 }, ctx),
    arcticShiftAggregateComments: (params, ctx) =>
      arcticAggregate(counts, 'comments', params, { q: params.body, postId: params.link_id }, ctx),
    arcticShiftUserInteractions: (params, ctx) => arcticInteractions(source, params, ctx),
    arcticShiftUserInteractionsLegacy: (params, ctx) => arcticInteractions(source, params, ctx),
    async pushshiftSearchSubmissions(params, ctx) {
      const search = pushshiftPosts(params);
      if (!params.ids) return { data: await findPosts(source, search, ctx) };
      return { data: (await postsByIds(params.ids)).filter(allOf(postChecks(search, ctx.now))) };
    },
    async pushshiftSearchComments(params, ctx) {
      const search = pushshiftComments(params);
      if (!params.ids) return { data: await findComments(source, search, ctx) };
      return { data: (await commentsByIds(params.ids)).filter(allOf(commentChecks(search, ctx.now))) };
    },
  };
}

/** The most author or subreddit groups an aggregate answers (the forum aggregate's largest `limit`). */
const NAME_GROUPS_MAX = 1000;

/**
 * Arctic Shift's aggregate as the forum aggregate counts it: created_utc by its `frequency` (the
 * earliest buckets first, or the latest with sort=desc, then `limit` of them), author and subreddit
 * the largest `limit` groups (at most NAME_GROUPS_MAX) of at least `min_count`.
 */
async function arcticAggregate(
  counts: ReturnType<typeof createAggregateHandlers>,
  kind: AggregateKind,
  params: OperationParams<typeof arcticShiftAggregatePosts | typeof arcticShiftAggregateComments>,
  filters: { q?: string | undefined; over18?: boolean | undefined; postId?: string | undefined },
  ctx: HandlerContext,
): Promise<AggregateData> {
  const { aggregate, frequency, limit, sort } = params;
  const byTime = aggregate === 'created_utc';
  // the schema requires a frequency with created_utc
  const groupBy = byTime ? frequency! : aggregate === 'author' ? 'author' : 'community';
  const answer = await counts.aggregate(
    {
      kind,
      groupBy,
      ...(params.subreddit !== undefined ? { community: params.subreddit } : {}),
      ...(params.author !== undefined ? { author: params.author } : {}),
      ...(params.after !== undefined ? { after: params.after } : {}),
      ...(params.before !== undefined ? { before: params.before } : {}),
      ...(filters.q !== undefined ? { q: filters.q } : {}),
      ...(filters.over18 !== undefined ? { over18: filters.over18 } : {}),
      ...(filters.postId !== undefined ? { postId: filters.postId } : {}),
      limit: Math.min(limit ?? NAME_GROUPS_MAX, NAME_GROUPS_MAX),
      minCount: byTime ? 1 : Math.max(1, params.min_count),
    },
    ctx,
  );
  const ordered = byTime && sort === 'desc' ? [...answer.buckets].reverse() : answer.buckets;
  const kept = byTime && limit !== undefined ? ordered.slice(0, limit) : ordered;
  return { data: kept.map(({ key, count }) => ({ [aggregate]: key, count })) };
}

/** Arctic Shift's user-to-user interactions: the forum's counts, summed both ways (an unknown user counts nothing). */
async function arcticInteractions(
  source: ForumSource,
  params: OperationParams<typeof arcticShiftUserInteractions>,
  { now }: HandlerContext,
): Promise<InteractionsData> {
  const users = await interactionsOf(source, {
    username: params.author,
    ...(params.subreddit !== undefined ? { community: params.subreddit } : {}),
    window: windowOf(params, now),
    limit: params.limit,
    minCount: Math.max(1, params.min_count),
  });
  return { data: users.map(({ username, count }) => ({ author: username, count })) };
}

/** Names match case-insensitively, as the store matches them (its lower-cased keys). */
const nameKey = (name: string) => name.toLowerCase();

const allOf =
  <R>(checks: readonly ((record: R) => boolean)[]) =>
  (record: R) =>
    checks.every((check) => check(record));

/**
 * Every filter of a search as a check of one record (Pushshift's `ids` with filters: those of the
 * records that match), the same filters the reads apply in the store.
 */
function scopeChecks(search: CompatScope, now: Date): ((record: RedditSubmission | RedditComment) => boolean)[] {
  type Checked = RedditSubmission | RedditComment;
  const window = windowOf(search, now);
  const { community, author } = search;
  const named = (name: string | undefined, valueOf: (record: Checked) => string) => {
    if (name === undefined) return [];
    const key = nameKey(name);
    return [(record: Checked) => nameKey(valueOf(record)) === key];
  };
  const after = window?.after?.getTime() ?? -Infinity;
  const before = window?.before?.getTime() ?? Infinity;
  return [
    ...named(community, (record) => record.subreddit),
    ...named(author, (record) => record.author),
    (record: Checked) => record.created_utc * 1000 > after && record.created_utc * 1000 < before,
    ...rangeCheck<Checked>({ min: search.minScore, max: search.maxScore }, (record) => record.score),
  ];
}

function postChecks(search: PostSearch, now: Date): ((post: RedditSubmission) => boolean)[] {
  const { text } = search;
  return [
    ...scopeChecks(search, now),
    ...flagCheck<RedditSubmission>(search.over18, (post) => post.over_18),
    ...(text
      ? [(post: RedditSubmission) => queryHolds(text, { title: wordsOf(post.title), body: wordsOf(post.selftext) })]
      : []),
    ...search.checks,
  ];
}

function commentChecks(search: CommentSearch, now: Date): ((comment: RedditComment) => boolean)[] {
  const { text, postId, parentId } = search;
  return [
    ...scopeChecks(search, now),
    ...(postId !== undefined ? [(comment: RedditComment) => comment.link_id === `t3_${postId}`] : []),
    ...(parentId !== undefined ? [parentCheck(parentId)] : []),
    ...(text ? [(comment: RedditComment) => queryHolds(text, { body: wordsOf(comment.body) })] : []),
    ...search.checks,
  ];
}

/** A comment's parent as Reddit names it: the comment's `t1_` id, or (null: top level) its post's `t3_` id. */
const parentCheck = (parentId: string | null) => (comment: RedditComment) =>
  comment.parent_id === (parentId === null ? comment.link_id : `t1_${parentId}`);

const byId = (record: { id: string }) => record.id;

/** Every term of `query` in `field` (undefined: any field). */
function inField(query: SearchQuery, field: string | undefined): SearchQuery {
  const narrow = <T extends { field: string | undefined }>(term: T): T => ({ ...term, field });
  return {
    clauses: query.clauses.map((clause) => clause.map((alternative) => alternative.map(narrow))),
    excluded: query.excluded.map(narrow),
  };
}

/** The query of every text parameter given (each already checked by its schema), all of them to hold. */
function textQuery(parts: readonly (readonly [text: string | undefined, field: string | undefined])[]) {
  const queries = parts.flatMap(([text, field]) =>
    text === undefined ? [] : [inField(parseSearchQuery(text, { fields: [] }), field)],
  );
  if (queries.length === 0) return undefined;
  return { clauses: queries.flatMap((q) => q.clauses), excluded: queries.flatMap((q) => q.excluded) };
}

/** A check of a free-text field of the record against a text parameter (Arctic Shift's flair searches). */
function textCheck<R>(text: string | undefined, valueOf: (record: R) => unknown): ((record: R) => boolean)[] {
  if (text === undefined) return [];
  const query = parseSearchQuery(text, { fields: [] });
  return [
    (record) => {
      const value = valueOf(record);
      return typeof value === 'string' && queryHolds(query, { text: wordsOf(value) });
    },
  ];
}

/** A field of the record that must be exactly this value. */
function valueCheck<R>(wanted: string | undefined, valueOf: (record: R) => unknown): ((record: R) => boolean)[] {
  return wanted === undefined ? [] : [(record) => valueOf(record) === wanted];
}

/** A boolean of the record (a missing one is false, Reddit's default). */
function flagCheck<R>(wanted: boolean | undefined, valueOf: (record: R) => unknown): ((record: R) => boolean)[] {
  return wanted === undefined ? [] : [(record) => (valueOf(record) === true) === wanted];
}

function rangeCheck<R>(
  range: { min?: number | undefined; max?: number | undefined } | undefined,
  valueOf: (record: R) => number,
): ((record: R) => boolean)[] {
  if (range?.min === undefined && range?.max === undefined) return [];
  const { min = -Infinity, max = Infinity } = range;
  return [(record) => valueOf(record) >= min && valueOf(record) <= max];
}

const order = (sort: 'asc' | 'desc'): 'new' | 'old' => (sort === 'asc' ? 'old' : 'new');

function arcticCommon(params: OperationParams<typeof arcticShiftSearchPosts | typeof arcticShiftSearchComments>) {
  return {
    community: params.subreddit,
    author: params.author,
    after: params.after,
    before: params.before,
    order: order(params.sort),
    limit: params.limit,
  };
}

function arcticPosts(params: OperationParams<typeof arcticShiftSearchPosts>): PostSearch {
  const { url } = params;
  return {
    ...arcticCommon(params),
    over18: params.over_18,
    text: textQuery([
      [params.title, 'title'],
      [params.selftext, 'body'],
      [params.query, undefined],
    ]),
    checks: [
      ...valueCheck<RedditSubmission>(params.distinguished, (post) => post.distinguished),
      ...textCheck<RedditSubmission>(params.author_flair_text, (post) => post.author_flair_text),
      ...textCheck<RedditSubmission>(params.link_flair_text, (post) => post.link_flair_text),
      ...flagCheck<RedditSubmission>(params.spoiler, (post) => post.spoiler),
      ...(params.crosspost_parent_id !== undefined
        ? [(post: RedditSubmission) => post.crosspost_parent === `t3_${params.crosspost_parent_id}`]
        : []),
      ...(url !== undefined
        ? [(post: RedditSubmission) => (params.url_exact ? post.url === url : post.url?.startsWith(url) === true)]
        : []),
    ],
  };
}

function arcticComments(params: OperationParams<typeof arcticShiftSearchComments>): CommentSearch {
  return {
    ...arcticCommon(params),
    postId: params.link_id,
    parentId: params.parent_id,
    text: textQuery([[params.body, undefined]]),
    checks: [
      ...valueCheck<RedditComment>(params.distinguished, (comment) => comment.distinguished),
      ...textCheck<RedditComment>(params.author_flair_text, (comment) => comment.author_flair_text),
    ],
  };
}

function pushshiftCommon(params: OperationParams<typeof pushshiftSearchSubmissions | typeof pushshiftSearchComments>) {
  // the schema lets score order only a q search, highest first
  const byScore = params.sort_type === 'score';
  return {
    community: params.subreddit,
    author: params.author,
    after: params.after,
    before: params.before,
    minScore: params.score?.min,
    maxScore: params.score?.max,
    order: byScore ? ('top' as const) : order(params.sort),
    limit: params.size,
  };
}

function pushshiftPosts(params: OperationParams<typeof pushshiftSearchSubmissions>): PostSearch {
  return {
    ...pushshiftCommon(params),
    over18: params.over_18,
    text: textQuery([
      [params.q, undefined],
      [params.title, 'title'],
      [params.selftext, 'body'],
    ]),
    checks: rangeCheck<RedditSubmission>(params.num_comments, (post) => post.num_comments),
  };
}

function pushshiftComments(params: OperationParams<typeof pushshiftSearchComments>): CommentSearch {
  const parent = params.parent_id;
  const topLevelOf = parent?.startsWith('t3_') ? parent.slice(3) : undefined;
  return {
    ...pushshiftCommon(params),
    postId: params.link_id ?? topLevelOf,
    ...(parent === undefined ? {} : { parentId: topLevelOf !== undefined ? null : parent }),
    text: textQuery([[params.q, undefined]]),
    checks: [],
  };
}

/** The window of a search's after/before at the request's moment (400 when after is not before before). */
function windowOf(search: Pick<CompatScope, 'after' | 'before'>, now: Date) {
  return timeWindowOf(resolveTimeBound(search.after, now), resolveTimeBound(search.before, now));
}

/** The filters both the listing and the search take. */
function scopeOf(search: CompatScope) {
  return {
    ...(search.community !== undefined ? { community: search.community } : {}),
    ...(search.author !== undefined ? { author: search.author } : {}),
    ...(search.minScore !== undefined ? { minScore: search.minScore } : {}),
    ...(search.maxScore !== undefined ? { maxScore: search.maxScore } : {}),
  };
}

/**
 * Reads batches until `limit` records pass the checks, the reads end, or COMPAT_CHECKED_MAX records
 * were read. Without checks a listing is one read of `limit` (a search's page may come back short
 * of a fielded query's matches, and the next is read).
 */
async function collect<T, R>(
  search: CompatSearch<R>,
  batches: (size: number) => AsyncGenerator<T[]>,
  shape: (item: T) => R,
): Promise<R[]> {
  const { checks, limit } = search;
  const kept: R[] = [];
  let checked = 0;
  for await (const batch of batches(checks.length === 0 ? limit : Math.max(limit, CHECK_BATCH))) {
    for (const item of batch) {
      const record = shape(item);
      if (checks.every((check) => check(record))) kept.push(record);
      if (kept.length === limit) return kept;
    }
    checked += batch.length;
    if (checked >= COMPAT_CHECKED_MAX) break;
  }
  return kept;
}

/** A listing's batches by creation time, each after the last item of the one before. */
async function* listed<T extends { id: string; createdAt: string }>(
  read: (startAfter: TimePosition | undefined, size: number) => Promise<T[]>,
  size: number,
): AsyncGenerator<T[]> {
  let startAfter: TimePosition | undefined;
  for (;;) {
    const batch = await read(startAfter, size);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (batch.length < size || !last) return;
    startAfter = { createdAt: Date.parse(last.createdAt), id: last.id };
  }
}

/** A search's pages, each after the one before, at most SEARCH_PAGES_MAX. */
async function* searched<T>(
  read: (cursor: string | undefined, size: number) => Promise<{ items: T[]; cursor: string }>,
  size: number,
): AsyncGenerator<T[]> {
  let cursor: string | undefined;
  for (let pages = 0; pages < SEARCH_PAGES_MAX; pages += 1) {
    const page = await read(cursor, size);
    yield page.items;
    if (page.cursor === '') return;
    cursor = page.cursor;
  }
}

/** The search's own parameters as the forum's searches take them (`q` binds their cursors only). */
function searchParams(search: CompatScope, size: number, cursor: string | undefined) {
  const sort: SearchSort = search.order;
  return {
    q: 'compat',
    ...scopeOf(search),
    ...(search.after !== undefined ? { after: search.after } : {}),
    ...(search.before !== undefined ? { before: search.before } : {}),
    sort,
    limit: size,
    ...(cursor !== undefined ? { cursor } : {}),
  };
}

async function findPosts(source: ForumSource, search: PostSearch, ctx: HandlerContext): Promise<RedditSubmission[]> {
  const { text, over18 } = search;
  const searchCtx: SearchContext = { ...ctx, extra: true };
  const window = windowOf(search, ctx.now);
  if (text === undefined && search.order === 'top') throw new Error('a score order needs words to find');
  const batches = (size: number) =>
    text !== undefined
      ? searched<Post>(async (cursor, pageSize) => {
          const params = { ...searchParams(search, pageSize, cursor), ...(over18 !== undefined ? { over18 } : {}) };
          return searchPostsPage(source, text, params, searchCtx);
        }, size)
      : listed<Post>(
          (startAfter, pageSize) =>
            source.listPosts(
              {
                ...scopeOf(search),
                order: search.order === 'old' ? 'old' : 'new',
                ...(window ? { window } : {}),
                ...(over18 !== undefined ? { over18 } : {}),
                ...(startAfter ? { startAfter } : {}),
                limit: pageSize,
              },
              { extra: true },
            ),
          size,
        );
  return collect(search, batches, redditSubmission);
}

async function findComments(source: ForumSource, search: CommentSearch, ctx: HandlerContext): Promise<RedditComment[]> {
  const { text, postId, parentId } = search;
  const searchCtx: SearchContext = { ...ctx, extra: true };
  const window = windowOf(search, ctx.now);
  const batches = (size: number) =>
    text !== undefined
      ? searched<Comment>(async (cursor, pageSize) => {
          const params = { ...searchParams(search, pageSize, cursor), ...(postId !== undefined ? { postId } : {}) };
          return searchCommentsPage(source, text, params, searchCtx);
        }, size)
      : listed<Comment>(
          (startAfter, pageSize) =>
            source.listComments(
              {
                ...scopeOf(search),
                order: search.order === 'old' ? 'old' : 'new',
                ...(window ? { window } : {}),
                ...(postId !== undefined ? { postId } : {}),
                ...(parentId !== undefined ? { parentId } : {}),
                ...(startAfter ? { startAfter } : {}),
                limit: pageSize,
              },
              { extra: true },
            ),
          size,
        );
  // the search takes a post, not a parent: the parent is checked on each comment
  const checks =
    text !== undefined && parentId !== undefined ? [...search.checks, parentCheck(parentId)] : search.checks;
  return collect({ ...search, checks }, batches, redditComment);
}
