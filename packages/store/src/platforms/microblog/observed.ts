import type { microblogHistoryKinds } from '@socialquery/microblog';
import type { ObservedKinds } from '../store-platform.js';

/** The microblog's records with counts over time (ObservedKind): users' and messages' counts. */
export const microblogObserved = {
  user: {
    table: 'microblog_users',
    counts: {
      follower_count: 'followerCount',
      following_count: 'followingCount',
      message_count: 'messageCount',
      like_count: 'likeCount',
    },
  },
  message: {
    table: 'microblog_messages',
    counts: {
      like_count: 'likeCount',
      repost_count: 'repostCount',
      reply_count: 'replyCount',
      quote_count: 'quoteCount',
      view_count: 'viewCount',
    },
  },
} as const satisfies ObservedKinds<typeof microblogHistoryKinds>;
