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

/**
 * What the microblog handlers need from a store. Ids are decimal strings compared numerically
 * (the store never turns them into JS numbers). Usernames match case-insensitively.
 */
export interface MicroblogSource {
  /** Newest first (id descending); each repost carries its reposted record. */
  userMessages(query: UserMessagesQuery): Promise<Message[]>;
  /** Direct replies, oldest first (id ascending); `startAfter`: only those after that reply (keyset paging, for bulk export). */
  messageReplies(query: {
    messageId: string;
    window?: TimeWindow;
    startAfter?: string;
    limit: number;
  }): Promise<Message[]>;
  /**
   * Most recent followers first; ties by follower id descending. `startAfter`: only those after
   * that follower's follow in this order (keyset paging, for bulk export).
   */
  userFollowers(query: { username: string; startAfter?: string; limit: number }): Promise<Follower[]>;
  userExists(username: string): Promise<boolean>;
  messageExists(messageId: string): Promise<boolean>;
  /**
   * The messages whose id is one of these, exactly (no canonical form: `007` finds nothing), in any order,
   * each rendered as the listings render it (a repost with its reposted record); unknown ids are left out.
   */
  messagesByIds(ids: readonly string[]): Promise<Message[]>;
}
