import { messageIdKey } from '@socialquery/microblog/server';
import { type RowWriter, writeRows } from '../../rows/write-rows.js';
import { MICROBLOG_COLUMNS } from './columns.js';
import type { MicroblogFollowsTable, MicroblogMessagesTable, MicroblogUsersTable } from '../../schema.js';

/** A microblog account as loaders (demo data, importers) hand it over. */
export interface MicroblogUserInput {
  id: string;
  username: string;
  displayName: string;
  bio: string;
  followerCount: number;
  followingCount: number;
  messageCount: number;
  likeCount: number;
  isVerified: boolean;
  isProtected: boolean;
  profileImageUrl: string;
  /** Epoch milliseconds. */
  createdAt: number;
  /** The source record's other fields as JSON (remainderOf); none ('') for the demo's accounts. */
  extra?: string;
}

/** A microblog message as loaders hand it over. */
export interface MicroblogMessageInput {
  /** Decimal, up to 20 digits, no leading zeros (snowflake-like: later messages have larger ids). */
  id: string;
  /** The author's username, as written. */
  author: string;
  text: string;
  likeCount: number;
  repostCount: number;
  replyCount: number;
  quoteCount: number;
  viewCount: number;
  /** Epoch milliseconds. */
  createdAt: number;
  /** The message this one replies to, or null. */
  replyToId: string | null;
  /** The message this one reposts, or null. */
  repostedId: string | null;
  url: string;
  media: { type: string; url: string }[];
  /** The source record's other fields as JSON (remainderOf); none ('') for the demo's messages. */
  extra?: string;
}

/** `followerId` follows the user `userId` (whose username is `username`) since `followedAt` (epoch ms). */
export interface MicroblogFollowInput {
  userId: string;
  username: string;
  followerId: string;
  followedAt: number;
}

/** Decimal, at most 20 digits, no leading zeros: one spelling per id, so that ids are looked up by key. */
const CANONICAL_ID = /^(0|[1-9][0-9]{0,19})$/;

function checkId(id: string, what: string): string {
  if (!CANONICAL_ID.test(id))
    throw new RangeError(`${what} must be a decimal id of at most 20 digits without leading zeros, got '${id}'`);
  return id;
}

export const usernameKey = (username: string) => username.toLowerCase();

export function toMicroblogUserRow(user: MicroblogUserInput): MicroblogUsersTable {
  return {
    id: user.id,
    username: user.username,
    username_key: usernameKey(user.username),
    display_name: user.displayName,
    bio: user.bio,
    follower_count: user.followerCount,
    following_count: user.followingCount,
    message_count: user.messageCount,
    like_count: user.likeCount,
    is_verified: user.isVerified ? 1 : 0,
    is_protected: user.isProtected ? 1 : 0,
    profile_image_url: user.profileImageUrl,
    created_at: user.createdAt,
    extra: user.extra ?? '',
  };
}

export function toMicroblogMessageRow(message: MicroblogMessageInput): MicroblogMessagesTable {
  const replyTo = message.replyToId === null ? null : checkId(message.replyToId, 'replyToId');
  const reposted = message.repostedId === null ? null : checkId(message.repostedId, 'repostedId');
  return {
    id: checkId(message.id, 'id'),
    id_key: messageIdKey(message.id),
    author: message.author,
    author_key: usernameKey(message.author),
    text: message.text,
    like_count: message.likeCount,
    repost_count: message.repostCount,
    reply_count: message.replyCount,
    quote_count: message.quoteCount,
    view_count: message.viewCount,
    created_at: message.createdAt,
    is_reply: replyTo === null ? 0 : 1,
    reply_to_id: replyTo,
    is_repost: reposted === null ? 0 : 1,
    reposted_id: reposted,
    url: message.url,
    media: JSON.stringify(message.media.map(({ type, url }) => ({ type, url }))),
    extra: message.extra ?? '',
  };
}

export function toMicroblogFollowRow(follow: MicroblogFollowInput): MicroblogFollowsTable {
  return {
    id: `${follow.userId}:${follow.followerId}`,
    user_id: follow.userId,
    user_key: usernameKey(follow.username),
    follower_id: follow.followerId,
    followed_at: follow.followedAt,
  };
}

/** Inserts or updates by id (loading the same data twice never duplicates it); each returns the rows written. */
export const upsertMicroblogUserRows = (db: RowWriter, rows: readonly MicroblogUsersTable[]) =>
  writeRows(db, 'microblog_users', rows, { columns: MICROBLOG_COLUMNS.microblog_users });
export const upsertMicroblogMessageRows = (db: RowWriter, rows: readonly MicroblogMessagesTable[]) =>
  writeRows(db, 'microblog_messages', rows, { columns: MICROBLOG_COLUMNS.microblog_messages });
export const upsertMicroblogFollowRows = (db: RowWriter, rows: readonly MicroblogFollowsTable[]) =>
  writeRows(db, 'microblog_follows', rows, { columns: MICROBLOG_COLUMNS.microblog_follows });
