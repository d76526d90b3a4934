import type { HistorySource } from '@socialquery/core/server';
import type { MicroblogHistoryKind } from '../history.js';
import type { TimeWindow } from '@socialquery/core/server';
import type { Follower, Message } from '../schemas.js';

export interface UserMessagesQuery {
  username: string;
  /** Exclusive lower bound on the id (decimal string), if any. */
  sinceId?: string;
  /** Exclusive upper bound on the id (decimal string), if any: the keyset position when paging. */
  maxId?: string;
  includeReplies: boolean;
  includeReposts: boolean;
  /** Only messages created strictly inside this window, if any. */
  window?: TimeWindow;
  limit: number;
}

/** What a read of messages or accounts includes beyond the answered fields. */
export interface ReadOptions {
  /** The records' `extra` (their other source fields), when the request selects it. */
  extra?: boolean | undefined;
}

/** Keyset position in a followers listing: when the follow happened (epoch ms) and the follower's id. */
export interface FollowPosition {
  followedAt: number;
  followerId: string;
}

/**
 * One follow of a followers listing: where it sits in the listing's order, and the follower's
 * account (undefined when the store does not hold that account: the answer leaves it out, but its
 * place still counts, so paging neither stops early nor repeats).
 */
export interface FollowEntry {
  position: FollowPosition;
  follower: Follower | undefined;
}

/**
 * What the microblog handlers need from a store. Ids are decimal strings compared numerically
 * (the store never turns them into JS numbers). Usernames match case-insensitively. Every listing
 * returns up to `limit` items strictly after its keyset position, if given, so paging never
 * skips or repeats.
 */
export interface MicroblogSource extends HistorySource<MicroblogHistoryKind> {
  /** Newest first (id descending); each repost carries its reposted record (never with its `extra`). */
  userMessages(query: UserMessagesQuery, options?: ReadOptions): Promise<Message[]>;
  /** Direct replies, oldest first (id ascending; ids are unique, so no ties); `startAfter`: only those with a greater id. */
  messageReplies(
    query: {
      messageId: string;
      window?: TimeWindow;
      startAfter?: string;
      limit: number;
    },
    options?: ReadOptions,
  ): Promise<Message[]>;
  /**
   * The follows of a user, most recent first (followedAt descending, ties by follower id
   * descending, compared as text); `after`: only those after that position in this order.
   */
  userFollowers(
    query: { username: string; after?: FollowPosition; limit: number },
    options?: ReadOptions,
  ): Promise<FollowEntry[]>;
  userExists(username: string): Promise<boolean>;
  messageExists(messageId: string): Promise<boolean>;
  /**
   * The messages whose id is one of these, exactly (no canonical form: `007` finds nothing), in any order,
   * each rendered as the listings render them (a repost with its reposted record); unknown ids are left out.
   */
  messagesByIds(ids: readonly string[], options?: ReadOptions): Promise<Message[]>;
}
