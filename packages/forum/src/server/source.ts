import type { HistorySource } from '@socialquery/core/server';
import type { ForumHistoryKind } from '../history.js';
import type { TimeWindow } from '@socialquery/core/server';
import type {
  AggregateBucket,
  AggregateGroup,
  AggregateKind,
  Comment,
  CommentSort,
  ForumSort,
  Post,
  SearchSort,
} from '../schemas.js';

/** What a read of posts or comments includes beyond the answered fields. */
export interface ReadOptions {
  /** The records' `extra` (their other source fields), when the request selects it. */
  extra?: boolean | undefined;
}

/**
 * A post's place in every listing order (a Post is one): hot and rising rank by its score and
 * createdAt, new by createdAt, top by score, ties by id. A keyset page continues after it.
 */
export type PostPosition = Pick<Post, 'id' | 'score' | 'createdAt'>;

/** The caller's filters of a listing (the `after`, `before` and `minScore` extensions). */
export interface PostFilters {
  /** Only posts created strictly inside this window, on top of any window of the sort. */
  window?: TimeWindow;
  /** Only posts with score >= minScore. */
  minScore?: number;
  /** Only posts with score <= maxScore. */
  maxScore?: number;
  /**
   * Only posts after this position in the listing's order (keyset paging: the listings' cursors
   * carry it). The position is compared with the posts' values as stored now.
   */
  startAfter?: PostPosition;
}

export interface CommunityPostsQuery extends PostFilters {
  community: string;
  order: ForumSort;
  /** Only posts created after this moment (exclusive) and … */
  createdAfter?: Date;
  /** … not after this one (inclusive). Also the "now" of the rising rank (a cursor's walk keeps its first page's). */
  createdUntil: Date;
  limit: number;
}

export interface UserPostsQuery extends PostFilters {
  username: string;
  limit: number;
}

/**
 * What the forum handlers need from a store. Names match case-insensitively. Orders, with
 * ties broken by id descending: hot = `hotScore` desc; new = createdAt desc; top = score
 * desc; rising = `risingScore` desc.
 */
/**
 * A comment's place among its siblings in one sort: the sort's key (best, score, or createdAt in epoch
 * milliseconds for new and old) and its id, the tie-breaker.
 */
export interface SiblingPosition {
  key: number;
  id: string;
}

/** Replies of a comment (`parentId` null: a post's top-level comments), after a position of their sort. */
export interface RepliesOf {
  parentId: string | null;
  after?: SiblingPosition;
}

export interface UserCommentsQuery {
  username: string;
  window?: TimeWindow;
  minScore?: number;
  maxScore?: number;
  /** Only comments after this position of the newest-first order. */
  after?: { createdAt: number; id: string };
  limit: number;
}

/** What the comment operations need from a store, besides the posts' part of ForumSource. */
export interface CommentSource {
  /** Per read, the positions of at most `limit` replies in the sort's order (comment-tree.ts walks them). */
  replyPositions(
    postId: string,
    sort: CommentSort,
    reads: readonly (RepliesOf & { limit: number })[],
  ): Promise<SiblingPosition[][]>;
  /** Per comment (null: the post's top level), how many replies it has: counts the store keeps as it writes. */
  replyCounts(postId: string, parentIds: readonly (string | null)[]): Promise<number[]>;
  /**
   * The comments whose id is one of these (exactly), in any order; unknown ids are left out. `depth`
   * false: their depth is left null (a tree page knows it already).
   */
  commentsByIds(ids: readonly string[], options?: { depth?: boolean } & ReadOptions): Promise<Comment[]>;
  /** Newest first (ties by id, descending). */
  userComments(query: UserCommentsQuery, options?: ReadOptions): Promise<Comment[]>;
  /** Whether the store holds the post or any comment of it. */
  threadExists(postId: string): Promise<boolean>;
  /**
   * A number the store moves on with every write that changes one of the thread's comments, in the
   * write's transaction (the same number twice: nothing of the thread's comments changed between).
   */
  threadVersion(postId: string): Promise<number>;
}

/**
 * A result's place in a search order: `tier` (relevance of posts: 1 when the title holds every term,
 * else 0; 0 in other orders), `key` (score for relevance and top, createdAt in epoch ms for new and
 * old) and `num`, the store's number of the item (unique per kind: its order among items stored,
 * later items larger). Orders are by (tier, key, num) descending; `old` by (key, num) ascending. The
 * time orders compare keys to the second (`new` and `old` order items of one second by num).
 */
export interface SearchPosition {
  tier: number;
  key: number;
  num: number;
}

/** A search's result with its place in the order. */
export interface SearchHit<T> {
  item: T;
  position: SearchPosition;
}

/**
 * What both searches filter by. `terms`: distinct words (core's `wordsOf`), at least one, every one
 * of which a result holds (the words of one combination of the query's terms: core's search-plan.ts).
 */
export interface SearchFilters {
  terms: readonly string[];
  sort: SearchSort;
  community?: string;
  author?: string;
  window?: TimeWindow;
  minScore?: number;
  /** Only results whose score is at most this. */
  maxScore?: number;
  /** Only results after this position of the order (keyset paging). */
  after?: SearchPosition;
  limit: number;
}

export interface SearchPostsQuery extends SearchFilters {
  over18?: boolean;
}

export interface SearchCommentsQuery extends SearchFilters {
  postId?: string;
}

/** What the aggregate operation counts: the posts or comments of a community and/or author, in a window, matching a query. */
export interface AggregateQuery {
  kind: AggregateKind;
  groupBy: AggregateGroup;
  community?: string;
  author?: string;
  window?: TimeWindow;
  /** community and author groups: the largest this many; time groups: the earliest this many buckets. */
  limit: number;
  minCount: number;
  /**
   * Only the items holding every word of one of these sets (a query's combinations of words,
   * core's search-plan.ts); absent: every item. With it or any filter below, the items are counted as they
   * match, not from the counts kept on write.
   */
  wordSets?: readonly (readonly string[])[];
  minScore?: number;
  maxScore?: number;
  /** Posts only. */
  over18?: boolean;
  /** The comments of this post; of posts, the post itself. */
  postId?: string;
}

/** What a search's hit count counts: the items of a kind holding every word of one of the sets, with the filters. */
export interface MatchCountQuery {
  kind: AggregateKind;
  /** At least one set (a query's combinations of words, core's search-plan.ts). */
  wordSets: readonly (readonly string[])[];
  community?: string;
  author?: string;
  window?: TimeWindow;
  minScore?: number;
  maxScore?: number;
  /** Posts only. */
  over18?: boolean;
  /** The comments of this post; of posts, the post itself. */
  postId?: string;
}

/** Search and aggregation over a store (docs/forum-search.md, docs/forum-aggregate.md). */
export interface ForumResearchSource {
  searchPosts(query: SearchPostsQuery, options?: ReadOptions): Promise<SearchHit<Post>[]>;
  searchComments(query: SearchCommentsQuery, options?: ReadOptions): Promise<SearchHit<Comment>[]>;
  /** Groups in the operation's order (time: earliest first; community, author: count desc, then name). */
  aggregate(query: AggregateQuery): Promise<AggregateBucket[]>;
  /** How many items match, counted up to `cap` + 1 (an answer of `cap` + 1 means more than `cap`). */
  countMatches(query: MatchCountQuery, cap: number): Promise<number>;
  /**
   * The indexed words of posts or comments that start with `prefix`, in code-point order, at most
   * `limit` of them (what a `pre*` term of a search stands for).
   */
  wordsWithPrefix(kind: AggregateKind, prefix: string, limit: number): Promise<string[]>;
}

/** A place in a listing by creation time: `createdAt` in epoch milliseconds, and the id, the tie-breaker. */
export interface TimePosition {
  createdAt: number;
  id: string;
}

/**
 * The filters of a listing of posts or comments by creation time (no words to find; the compatibility
 * routes of packages/forum/src/compat/ read it). `new`: newest first, ties by id descending; `old`:
 * oldest first, ties by id ascending.
 */
export interface TimeListingQuery {
  order: 'new' | 'old';
  /** Case-insensitive, as everywhere. */
  community?: string;
  author?: string;
  window?: TimeWindow;
  minScore?: number;
  maxScore?: number;
  /** Only items after this position of the order (keyset paging). */
  startAfter?: TimePosition;
  limit: number;
}

export interface PostListingQuery extends TimeListingQuery {
  over18?: boolean;
}

export interface CommentListingQuery extends TimeListingQuery {
  /** The comments of this post. */
  postId?: string;
  /** The replies of this comment; null: top-level comments only. */
  parentId?: string | null;
}

/**
 * What a user's interactions count (docs/forum-users.md): the comments the user wrote in reply to
 * another's post or comment, and the comments others wrote in reply to the user's posts and
 * comments, each once, by the other user. The window and the community apply to those comments.
 */
export interface InteractionsQuery {
  username: string;
  community?: string;
  window?: TimeWindow;
  /** The largest this many others, by count (ties by the lower-cased name, code-point order). */
  limit: number;
  /** Only others with at least this many interactions. */
  minCount: number;
}

/** Another user's interactions with the user, each way. */
export interface UserInteraction {
  /** As the other user's latest comment or post among those counted spells the name. */
  username: string;
  /** The user's comments replying to this user's posts and comments. */
  repliesTo: number;
  /** This user's comments replying to the user's posts and comments. */
  repliesFrom: number;
}

export interface ForumSource extends CommentSource, ForumResearchSource, HistorySource<ForumHistoryKind> {
  communityPosts(query: CommunityPostsQuery, options?: ReadOptions): Promise<Post[]>;
  /** Newest first. */
  userPosts(query: UserPostsQuery, options?: ReadOptions): Promise<Post[]>;
  communityExists(community: string): Promise<boolean>;
  /** Whether the user wrote any post or comment. */
  userExists(username: string): Promise<boolean>;
  /** The posts whose id is one of these (exactly, case-sensitively), in any order; unknown ids are left out. */
  postsByIds(ids: readonly string[], options?: ReadOptions): Promise<Post[]>;
  /** Posts matching every filter, in the listing's time order (any filter may be absent: every post). */
  listPosts(query: PostListingQuery, options?: ReadOptions): Promise<Post[]>;
  /** Comments matching every filter, in the listing's time order, with their depth. */
  listComments(query: CommentListingQuery, options?: ReadOptions): Promise<Comment[]>;
  /**
   * The others a user interacted with, by repliesTo + repliesFrom descending (ties by the lower-cased
   * name); the user themself and `[deleted]` are not counted.
   */
  userInteractions(query: InteractionsQuery): Promise<UserInteraction[]>;
}
