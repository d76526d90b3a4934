import type { Follower, Message } from '@socialquery/microblog';
import {
  canonicalMessageId,
  messageIdKey,
  type MicroblogSource,
  type ReadOptions,
  type UserMessagesQuery,
} from '@socialquery/microblog/server';
import { type Kysely, type Selectable, sql } from 'kysely';
import { historyReader } from '../../rows/observations.js';
import { microblogObserved } from './observed.js';
import { recordedJson } from '../../rows/recorded-json.js';
import { usernameKey } from './rows.js';
import type { Database, MicroblogMessagesTable, MicroblogUsersTable } from '../../schema.js';

const MESSAGE_COLUMNS = [
  'id',
  'author',
  'text',
  'like_count',
  'repost_count',
  'reply_count',
  'quote_count',
  'view_count',
  'created_at',
  'is_repost',
  'reposted_id',
  'url',
  'media',
] as const;

/** A message row as the answers read it: the answered columns, and `extra` when the read asks for it (ReadOptions). */
type MessageRow = Pick<Selectable<MicroblogMessagesTable>, (typeof MESSAGE_COLUMNS)[number]> & { extra?: string };

const USER_COLUMNS = [
  'id',
  'username',
  'display_name',
  'bio',
  'follower_count',
  'following_count',
  'message_count',
  'like_count',
  'is_verified',
  'is_protected',
  'profile_image_url',
  'created_at',
] as const;

/** A user row as the answers read it: the answered columns, and `extra` when the read asks for it (ReadOptions). */
type UserRow = Pick<Selectable<MicroblogUsersTable>, (typeof USER_COLUMNS)[number]> & { extra?: string };

/**
 * MicroblogSource over SQL. Ids are ordered and bounded through `id_key` (20 zero-padded digits),
 * so text order is numeric order on both dialects, and looked up in canonical form (no leading
 * zeros) by primary key. Every listing is one index range scan in its own order (see the
 * migration); what a page refers to — the reposted records, the follower accounts — comes in one
 * more query, by primary key, so no plan ever needs a join or a sort. A time window (createdAt)
 * filters the rows of the listing's own range: the order is by id, and no index orders by time.
 */
export function createSqlMicroblogSource(db: Kysely<Database>): MicroblogSource {
  /** The answered columns of messages, and `extra` only when the read asks for it (it is the bulk of a row). */
  const messages = (options: ReadOptions | undefined) =>
    db
      .selectFrom('microblog_messages')
      .select(MESSAGE_COLUMNS)
      .$if(options?.extra === true, (query) => query.select('extra'));

  /**
   * The page's rows as message records, each repost with its reposted record (one query for the page,
   * which reads no `extra`: the reposted record answers none).
   */
  async function toMessages(rows: MessageRow[]): Promise<Message[]> {
    const wanted = [
      ...new Set(rows.filter((r) => Number(r.is_repost) === 1 && r.reposted_id !== null).map((r) => r.reposted_id!)),
    ];
    const reposted = new Map<string, MessageRow>();
    if (wanted.length > 0) {
      const found = await messages(undefined).where('id', 'in', wanted).execute();
      for (const row of found) reposted.set(row.id, row);
    }
    return rows.map((row) => {
      // a reposted message that is not in the store leaves repostedMessage null
      const original = row.reposted_id === null ? undefined : reposted.get(row.reposted_id);
      return {
        ...messageFields(row),
        repostedMessage: original ? { ...messageFields(original), repostedMessage: null } : null,
        ...extraOf(row),
      };
    });
  }

  return {
    history: historyReader(db, microblogObserved),
    async userMessages(
      { username, sinceId, maxId, includeReplies, includeReposts, window, limit }: UserMessagesQuery,
      options,
    ) {
      let query = messages(options).where('author_key', '=', usernameKey(username));
      if (!includeReplies) query = query.where('is_reply', '=', 0);
      if (!includeReposts) query = query.where('is_repost', '=', 0);
      if (sinceId !== undefined) query = query.where('id_key', '>', messageIdKey(sinceId));
      if (maxId !== undefined) query = query.where('id_key', '<', messageIdKey(maxId));
      if (window?.after) query = query.where('created_at', '>', window.after.getTime());
      if (window?.before) query = query.where('created_at', '<', window.before.getTime());
      return toMessages(await query.orderBy('id_key', 'desc').limit(limit).execute());
    },
    async messageReplies({ messageId, window, startAfter, limit }, options) {
      let query = messages(options).where('reply_to_id', '=', canonicalMessageId(messageId));
      if (startAfter !== undefined) query = query.where('id_key', '>', messageIdKey(startAfter));
      if (window?.after) query = query.where('created_at', '>', window.after.getTime());
      if (window?.before) query = query.where('created_at', '<', window.before.getTime());
      const rows = await query.orderBy('id_key', 'asc').limit(limit).execute();
      return toMessages(rows);
    },
    async userFollowers({ username, after, limit }, options) {
      let query = db
        .selectFrom('microblog_follows')
        .select(['follower_id', 'followed_at'])
        .where('user_key', '=', usernameKey(username));
      if (after !== undefined)
        query = query.where(sql<boolean>`(followed_at, follower_id) < (${after.followedAt}, ${after.followerId})`);
      const follows = await query.orderBy('followed_at', 'desc').orderBy('follower_id', 'desc').limit(limit).execute();
      if (follows.length === 0) return [];
      const ids = follows.map((f) => f.follower_id);
      const accounts = await db
        .selectFrom('microblog_users')
        .select(USER_COLUMNS)
        .$if(options?.extra === true, (query) => query.select('extra'))
        .where('id', 'in', ids)
        .execute();
      const byId = new Map(accounts.map((row) => [row.id, row]));
      // in the order of the follows; a follow whose account is not stored has no follower (the answer leaves it out)
      return follows.map((follow) => {
        const row = byId.get(follow.follower_id);
        return {
          position: { followedAt: Number(follow.followed_at), followerId: follow.follower_id },
          follower: row ? toFollower(row) : undefined,
        };
      });
    },
    async userExists(username) {
      const row = await db
        .selectFrom('microblog_users')
        .select('id')
        .where('username_key', '=', usernameKey(username))
        .executeTakeFirst();
      return row !== undefined;
    },
    async messagesByIds(ids, options) {
      if (ids.length === 0) return [];
      // primary-key lookups, exact (no canonical form); the reposted records come as in the listings
      const rows = await messages(options)
        .where('id', 'in', [...ids])
        .execute();
      return toMessages(rows);
    },
    async messageExists(messageId) {
      const row = await db
        .selectFrom('microblog_messages')
        .select('id')
        .where('id', '=', canonicalMessageId(messageId))
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

function messageFields(row: MessageRow): Omit<Message, 'repostedMessage'> {
  return {
    id: row.id,
    text: row.text,
    author: row.author,
    likeCount: Number(row.like_count),
    repostCount: Number(row.repost_count),
    replyCount: Number(row.reply_count),
    quoteCount: Number(row.quote_count),
    viewCount: Number(row.view_count),
    createdAt: new Date(Number(row.created_at)).toISOString(),
    isRepost: Number(row.is_repost) === 1,
    url: row.url,
    media: parseMedia(row.media),
  };
}

/** A record's `extra` when it was read and its source recorded one (`''`: none, such as the demo's rows). */
function extraOf(row: { extra?: string }): { extra?: Record<string, unknown> } {
  const extra = recordedJson<Record<string, unknown>>(row.extra);
  return extra ? { extra } : {};
}

function parseMedia(json: string): Message['media'] {
  const value: unknown = JSON.parse(json);
  if (!Array.isArray(value)) return [];
  return value.map((item: { type?: unknown; url?: unknown }) => ({ type: String(item.type), url: String(item.url) }));
}

function toFollower(row: UserRow): Follower {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    bio: row.bio,
    followerCount: Number(row.follower_count),
    followingCount: Number(row.following_count),
    messageCount: Number(row.message_count),
    likeCount: Number(row.like_count),
    isVerified: Number(row.is_verified) === 1,
    isProtected: Number(row.is_protected) === 1,
    profileImageUrl: row.profile_image_url,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    ...extraOf(row),
  };
}
