/** The microblog platform's tables (column conventions: packages/store/src/schema.ts). */

/**
 * A microblog account. `username_key` is the lower-cased username (unique). The counts are the
 * profile's own numbers as the platform reports them; booleans are 0/1. `extra` is the other
 * fields of its source record (a JSON object), `''` when none was recorded (migration 0023).
 */
export interface MicroblogUsersTable {
  id: string;
  username: string;
  username_key: string;
  display_name: string;
  bio: string;
  follower_count: number;
  following_count: number;
  message_count: number;
  like_count: number;
  is_verified: number;
  is_protected: number;
  profile_image_url: string;
  created_at: number;
  extra: string;
}

/**
 * A microblog message. `id` is decimal (snowflake-like, up to 20 digits); `id_key` is the same
 * number left-padded with zeros to 20 digits, so that text order is numeric order (ids exceed
 * 2^53 and are never handled as numbers). Ids are stored in canonical form (no leading zeros).
 * A reply names its parent in `reply_to_id`; a repost names the reposted message in
 * `reposted_id`. `media` is a JSON array of {type, url}. `extra` is the other fields of its source
 * record (a JSON object), `''` when none was recorded (migration 0023).
 */
export interface MicroblogMessagesTable {
  id: string;
  id_key: string;
  author: string;
  author_key: string;
  text: string;
  like_count: number;
  repost_count: number;
  reply_count: number;
  quote_count: number;
  /** bigint: view counts pass 2^31. */
  view_count: number;
  created_at: number;
  is_reply: number;
  reply_to_id: string | null;
  is_repost: number;
  reposted_id: string | null;
  url: string;
  media: string;
  extra: string;
}

/** `follower_id` follows the user `user_id` (`user_key`: that user's lower-cased username) since `followed_at`; `id` is `<user_id>:<follower_id>`. */
export interface MicroblogFollowsTable {
  id: string;
  user_id: string;
  user_key: string;
  follower_id: string;
  followed_at: number;
}

/** The microblog tables, by name: part of the store's `Database`. */
export interface MicroblogTables {
  microblog_users: MicroblogUsersTable;
  microblog_messages: MicroblogMessagesTable;
  microblog_follows: MicroblogFollowsTable;
}
