import { readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { MICROBLOG_COLUMNS } from './columns.js';
import { toMicroblogFollowRow, toMicroblogMessageRow, toMicroblogUserRow } from './rows.js';
import { remainderOf, type Taken, taken } from '../../import/remainder.js';
import {
  describePlace,
  filesIn,
  jsonErrorIndex,
  placeInText,
  readJsonValues,
  readResponses,
} from '../../import/input.js';
import { type Importer, ImportInputError, type ImportItem, type ImportRow, RecordError } from '../../import/types.js';
import {
  boolean,
  integer,
  isObject,
  isoTimestamp,
  type Json,
  optionalObject,
  optionalString,
  reasonOf,
  requiredString,
  unescapeAmpLtGt,
} from '../../import/values.js';

const SITE = 'https://x.com';
/** `window.YTD.<name>.part<n> = ` before the JSON of every archive data file. */
const ARCHIVE_PREFIX = /^\s*window\.YTD\.[A-Za-z0-9_]+\.part\d+\s*=\s*/;
/** Twitter's created_at: `Wed Oct 10 20:19:24 +0000 2018`. */
const TWITTER_DATE = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{2}) (\d{2}:\d{2}:\d{2}) ([+-]\d{4}) (\d{4})$/;

export function twitterDate(record: Json, field: string): number {
  const value = record[field];
  const match = typeof value === 'string' ? TWITTER_DATE.exec(value) : null;
  const ms = match ? Date.parse(`${match[2]} ${match[1]} ${match[5]} ${match[3]} GMT${match[4]}`) : Number.NaN;
  if (Number.isNaN(ms))
    throw new RecordError(
      `${field}: expected a date like "Wed Oct 10 20:19:24 +0000 2018", got ${JSON.stringify(value)}`,
    );
  return ms;
}

interface ArchiveAccount {
  id: string;
  username: string;
}

/** Media of an archive tweet (extended_entities has every photo; entities only the first): a video's best mp4, else the image. */
function archiveMedia(tweet: Json): { type: string; url: string }[] {
  const list = optionalObject(tweet, 'extended_entities').media ?? optionalObject(tweet, 'entities').media;
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).map((media) => {
    const variants = optionalObject(media, 'video_info').variants;
    const mp4 = Array.isArray(variants)
      ? variants
          .filter(isObject)
          .filter((v) => v.content_type === 'video/mp4')
          .sort((a, b) => Number(b.bitrate ?? 0) - Number(a.bitrate ?? 0))[0]
      : undefined;
    return {
      type: optionalString(media, 'type', 'photo'),
      url: optionalString(mp4 ?? media, mp4 ? 'url' : 'media_url_https'),
    };
  });
}

/**
 * What the answered fields of a message hold of an archive tweet (packages/store/src/import/README.md):
 * its id, counts, time and text (`full_text`, else `text`: see archiveTaken). The reply's parent
 * (`in_reply_to_status_id_str`) fills `reply_to_id` yet stays in `extra` too: no answered field gives it.
 */
const ARCHIVE_TWEET_FIELDS = ['id_str', 'favorite_count', 'retweet_count', 'created_at'];
const ARCHIVE_TAKEN = new Map<string, Taken>();

/**
 * The taken fields of an archive tweet: the text field the column read, and `id` where it only
 * repeats `id_str` (the archive writes both, as strings; a different one is kept).
 */
function archiveTaken(tweet: Json, id: string): Taken {
  const text = tweet.full_text !== undefined && tweet.full_text !== null ? 'full_text' : 'text';
  const key = `${text}${String(tweet.id) === id ? ',id' : ''}`;
  let fields = ARCHIVE_TAKEN.get(key);
  if (!fields) ARCHIVE_TAKEN.set(key, (fields = taken(...ARCHIVE_TWEET_FIELDS, ...key.split(','))));
  return fields;
}

/**
 * One archive tweet (`{ "tweet": {...} }`) of `account` → a message, the tweet's other fields (entities,
 * extended_entities, source, lang, display_text_range…) in `extra`. Archives carry no reply, quote or
 * view counts (0).
 */
export function mapArchiveTweet(element: Json, account: ArchiveAccount): ImportRow<'microblog_messages'> {
  const tweet = isObject(element.tweet) ? element.tweet : element;
  const id = requiredString(tweet, 'id_str');
  const replyTo = optionalString(tweet, 'in_reply_to_status_id_str');
  return {
    table: 'microblog_messages',
    values: toMicroblogMessageRow({
      id,
      author: account.username,
      // the archive's v1.1 tweet text escapes `&`, `<` and `>`: decoded once here
      text: unescapeAmpLtGt(optionalString(tweet, 'full_text', optionalString(tweet, 'text'))),
      likeCount: integer(tweet, 'favorite_count', 0),
      repostCount: integer(tweet, 'retweet_count', 0),
      replyCount: 0,
      quoteCount: 0,
      viewCount: 0,
      createdAt: twitterDate(tweet, 'created_at'),
      replyToId: replyTo === '' ? null : replyTo,
      repostedId: null,
      url: `${SITE}/${account.username}/status/${id}`,
      media: archiveMedia(tweet),
      extra: remainderOf(tweet, archiveTaken(tweet, id)),
    }),
  };
}

/** Reads one small archive data file (account.js, profile.js: a few hundred bytes) as its array. */
async function readArchiveFile(path: string): Promise<unknown[]> {
  const text = await readFile(path, 'utf8');
  const skipped = ARCHIVE_PREFIX.exec(text)?.[0].length ?? 0;
  const json = text.slice(skipped);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const index = jsonErrorIndex(json, error);
    const at = index === undefined ? '' : ` at ${describePlace(placeInText(text, skipped + index))}`;
    throw new ImportInputError(`${path}: not an archive data file: not valid JSON${at} (${reasonOf(error)})`);
  }
  if (!Array.isArray(value)) throw new ImportInputError(`${path}: not an archive data file (expected an array)`);
  return value as unknown[];
}

async function exists(path: string) {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/**
 * What the user columns hold of an archive's `{account, profile}`; the rest is the user's `extra`
 * (profile.description.website and .location, headerMediaUrl, account.createdVia…) but for
 * `account.email`: contact data, which no answer carries.
 */
const ARCHIVE_USER_TAKEN = taken(
  'account.accountId',
  'account.username',
  'account.accountDisplayName',
  'account.createdAt',
  'account.email',
  'profile.description.bio',
  'profile.avatarMediaUrl',
);

/** The archive's account (account.js) and profile (profile.js, optional) → the user row. */
async function readArchiveAccount(
  dataDir: string,
): Promise<{ account: ArchiveAccount; row: ImportRow<'microblog_users'> }> {
  const accountFile = join(dataDir, 'account.js');
  if (!(await exists(accountFile)))
    throw new ImportInputError(
      `no account.js in ${dataDir}: pass the archive's folder (or its data folder), whose account.js names the author`,
    );
  const entry = (await readArchiveFile(accountFile))[0];
  const account = isObject(entry) && isObject(entry.account) ? entry.account : undefined;
  if (!account) throw new ImportInputError(`${accountFile}: expected [{ "account": {...} }]`);
  const profileFile = join(dataDir, 'profile.js');
  const profileEntry = (await exists(profileFile)) ? (await readArchiveFile(profileFile))[0] : undefined;
  const profile = isObject(profileEntry) && isObject(profileEntry.profile) ? profileEntry.profile : {};
  try {
    const id = requiredString(account, 'accountId');
    const username = requiredString(account, 'username');
    const row: ImportRow<'microblog_users'> = {
      table: 'microblog_users',
      values: toMicroblogUserRow({
        id,
        username,
        displayName: optionalString(account, 'accountDisplayName', username),
        bio: optionalString(optionalObject(profile, 'description'), 'bio'),
        followerCount: 0,
        followingCount: 0,
        messageCount: 0,
        likeCount: 0,
        isVerified: false,
        isProtected: false,
        profileImageUrl: optionalString(profile, 'avatarMediaUrl'),
        createdAt: isoTimestamp(account, 'createdAt'),
        extra: remainderOf({ account, profile }, ARCHIVE_USER_TAKEN),
      }),
    };
    return { account: { id, username }, row };
  } catch (error) {
    throw new ImportInputError(`${accountFile}: ${reasonOf(error)}`);
  }
}

export const twitterArchive: Importer = {
  platform: 'microblog',
  format: 'twitter-archive',
  description:
    'a Twitter/X account archive: its folder (data/tweets.js, data/account.js, data/profile.js) or data/tweets.js beside account.js',
  input: 'file-or-dir',
  async *read(path, progress) {
    const isDir = (await stat(path)).isDirectory();
    const dataDir = isDir
      ? (await exists(join(path, 'data', 'account.js')))
        ? join(path, 'data')
        : path
      : dirname(path);
    const tweetFiles = isDir ? await filesIn(dataDir, /^tweets?(-part\d+)?\.js$/) : [path];
    if (tweetFiles.length === 0) throw new ImportInputError(`no tweets.js in ${dataDir}`);
    // the progress total is the tweets files' size (an archive folder also holds media)
    progress.totalBytes = 0;
    for (const file of tweetFiles) progress.totalBytes += (await stat(file)).size;
    const { account, row } = await readArchiveAccount(dataDir);
    yield { location: 'account.js', rows: [row] };
    for (const file of tweetFiles) {
      const name = basename(file);
      for await (const { index, value } of readJsonValues(file, progress, { paths: ['$.*'], prefix: ARCHIVE_PREFIX })) {
        const location = `${name} record ${index}`;
        try {
          if (!isObject(value)) throw new RecordError('not a JSON object');
          yield { location, rows: [mapArchiveTweet(value, account)] };
        } catch (error) {
          yield { location, error: reasonOf(error) };
        }
      }
    }
  },
};

/** What the user columns hold of an API v2 user object; the rest (location, url, entities, pinned_tweet_id…) is its `extra`. */
const V2_USER_TAKEN = taken(
  'id',
  'username',
  'name',
  'description',
  'public_metrics.followers_count',
  'public_metrics.following_count',
  'public_metrics.tweet_count',
  'public_metrics.like_count',
  'verified',
  'protected',
  'profile_image_url',
  'created_at',
);

/** An API v2 user object (with user.fields public_metrics, created_at…) → a microblog user, its other fields in `extra`. */
export function mapV2User(user: Json): ImportRow<'microblog_users'> {
  const metrics = optionalObject(user, 'public_metrics');
  return {
    table: 'microblog_users',
    values: toMicroblogUserRow({
      id: requiredString(user, 'id'),
      username: requiredString(user, 'username'),
      displayName: optionalString(user, 'name'),
      bio: optionalString(user, 'description'),
      followerCount: integer(metrics, 'followers_count', 0),
      followingCount: integer(metrics, 'following_count', 0),
      messageCount: integer(metrics, 'tweet_count', 0),
      likeCount: integer(metrics, 'like_count', 0),
      isVerified: boolean(user, 'verified'),
      isProtected: boolean(user, 'protected'),
      profileImageUrl: optionalString(user, 'profile_image_url'),
      createdAt: user.created_at === undefined ? 0 : isoTimestamp(user, 'created_at'),
      extra: remainderOf(user, V2_USER_TAKEN),
    }),
  };
}

/**
 * What the answered fields of a message hold of an API v2 tweet: its id, time, the counts the columns
 * keep, and its text (`text`, or `note_tweet.text` for a long post: see mapV2Tweet). `author_id`,
 * `referenced_tweets` and `attachments` stay in `extra`: the answers give the author's username, the
 * media's address and the reposted record, not these ids (and the replied-to id not at all).
 */
const V2_TWEET_FIELDS = [
  'id',
  'created_at',
  'public_metrics.like_count',
  'public_metrics.retweet_count',
  'public_metrics.reply_count',
  'public_metrics.quote_count',
  'public_metrics.impression_count',
];
const V2_TWEET_TAKEN = taken(...V2_TWEET_FIELDS, 'text');
const V2_NOTE_TWEET_TAKEN = taken(...V2_TWEET_FIELDS, 'note_tweet.text');

/**
 * The response's expanded objects a tweet names, by the tweet's field that names them and the
 * objects' key field: they are the tweet's own (its media's size, alt text and variants; its poll;
 * its place), kept in its `extra` under `includes`, as the response nests them.
 */
const INCLUDED = [
  { list: 'media', names: ['attachments', 'media_keys'], key: 'media_key' },
  { list: 'polls', names: ['attachments', 'poll_ids'], key: 'id' },
  { list: 'places', names: ['geo', 'place_id'], key: 'id' },
] as const;
type IncludedList = (typeof INCLUDED)[number]['list'];

/** A response's `includes.media`, `.polls` and `.places`, each by its objects' key. */
export type Included = ReadonlyMap<IncludedList, ReadonlyMap<string, Json>>;

function includedOf(includes: Json): Included {
  const byList = new Map<IncludedList, Map<string, Json>>();
  for (const { list, key } of INCLUDED) {
    const objects = new Map<string, Json>();
    const items = includes[list];
    if (Array.isArray(items))
      for (const item of items) if (isObject(item) && typeof item[key] === 'string') objects.set(item[key], item);
    byList.set(list, objects);
  }
  return byList;
}

/** The included objects `tweet` names, as `{media: [...], polls: [...], places: [...]}` (lists it names none of left out). */
function includedFor(tweet: Json, included: Included | undefined): Json | undefined {
  if (!included) return undefined;
  const found: Json = {};
  for (const { list, names } of INCLUDED) {
    const holder = tweet[names[0]];
    const named: unknown = isObject(holder) ? holder[names[1]] : undefined;
    const keys = Array.isArray(named) ? named : named === undefined ? [] : [named];
    const objects = keys.flatMap((key) => included.get(list)?.get(String(key)) ?? []);
    if (objects.length > 0) found[list] = objects;
  }
  return Object.keys(found).length > 0 ? found : undefined;
}

/** The `extra` of an API v2 tweet: its fields the columns do not hold, and the included objects it names. */
function v2TweetExtra(tweet: Json, included: Included | undefined): string {
  const note = optionalObject(tweet, 'note_tweet');
  const fields = note.text !== undefined && note.text !== null ? V2_NOTE_TWEET_TAKEN : V2_TWEET_TAKEN;
  const objects = includedFor(tweet, included);
  return remainderOf(objects ? { ...tweet, includes: objects } : tweet, fields);
}

/**
 * An API v2 tweet → a message; its author's username comes from includes.users, its media from
 * includes.media; every other field of it (entities, lang, conversation_id, referenced_tweets,
 * edit_history_tweet_ids…) and the included objects it names (`included`) in `extra`.
 */
export function mapV2Tweet(
  tweet: Json,
  usernames: Map<string, string>,
  media: Map<string, { type: string; url: string }>,
  included?: Included,
): ImportRow<'microblog_messages'> {
  const id = requiredString(tweet, 'id');
  const authorId = requiredString(tweet, 'author_id');
  const author = usernames.get(authorId);
  if (author === undefined)
    throw new RecordError(`author_id ${authorId} is not in includes.users (request expansions=author_id)`);
  const metrics = optionalObject(tweet, 'public_metrics');
  const references = Array.isArray(tweet.referenced_tweets) ? tweet.referenced_tweets.filter(isObject) : [];
  const referenced = (type: string) => {
    const found = references.find((r) => r.type === type);
    return found ? requiredString(found, 'id') : null;
  };
  const keys = optionalObject(tweet, 'attachments').media_keys;
  return {
    table: 'microblog_messages',
    values: toMicroblogMessageRow({
      id,
      author,
      // v2 escapes `&`, `<` and `>` in text as v1.1 did; a post past 280 characters is cut in `text`
      // and whole in `note_tweet.text` (tweet.fields=note_tweet): decoded once here
      text: unescapeAmpLtGt(optionalString(optionalObject(tweet, 'note_tweet'), 'text', optionalString(tweet, 'text'))),
      likeCount: integer(metrics, 'like_count', 0),
      repostCount: integer(metrics, 'retweet_count', 0),
      replyCount: integer(metrics, 'reply_count', 0),
      quoteCount: integer(metrics, 'quote_count', 0),
      viewCount: integer(metrics, 'impression_count', 0),
      createdAt: isoTimestamp(tweet, 'created_at'),
      replyToId: referenced('replied_to'),
      repostedId: referenced('retweeted'),
      url: `${SITE}/${author}/status/${id}`,
      media: Array.isArray(keys) ? keys.flatMap((key) => media.get(String(key)) ?? []) : [],
      extra: v2TweetExtra(tweet, included),
    }),
  };
}

/**
 * What a tweet only expanded into a response (`includes.tweets`: the post a listed one quotes, replies
 * to or reposts) updates of a stored message: every column but `extra`, so a post stored from a
 * listing keeps the fields it was listed with; a post first stored from an expansion records its own.
 */
const INCLUDED_TWEET_COLUMNS = Object.keys(MICROBLOG_COLUMNS.microblog_messages).filter((column) => column !== 'extra');

function v2Media(item: Json): [string, { type: string; url: string }] | undefined {
  const key = typeof item.media_key === 'string' ? item.media_key : undefined;
  if (!key) return undefined;
  const variants = Array.isArray(item.variants) ? item.variants.filter(isObject) : [];
  const mp4 = variants
    .filter((v) => v.content_type === 'video/mp4')
    .sort((a, b) => Number(b.bit_rate ?? 0) - Number(a.bit_rate ?? 0))[0];
  const url = optionalString(mp4 ?? item, mp4 ? 'url' : item.url !== undefined ? 'url' : 'preview_image_url');
  return [key, { type: optionalString(item, 'type', 'photo'), url }];
}

/**
 * Whose followers a followers page lists, which the API's page (`/users/{id}/followers`) does not say:
 * `followers_of` added to the page (by sync, or by whoever saved it) — the followed user's `id` and
 * `username`, `seen_at` (ISO 8601: when the page was fetched) and `offset` (the place of the page's first
 * follower in the followers list, newest first; default 0).
 */
interface FollowersOf {
  id: string;
  username: string;
  seenAt: number;
  offset: number;
}

function followersOf(value: Json): FollowersOf | undefined {
  if (value.followers_of === undefined) return undefined;
  const of = optionalObject(value, 'followers_of');
  const offset = integer(of, 'offset', 0);
  if (offset < 0) throw new RecordError(`followers_of.offset: expected 0 or more, got ${offset}`);
  return {
    id: requiredString(of, 'id'),
    username: requiredString(of, 'username'),
    seenAt: isoTimestamp(of, 'seen_at'),
    offset,
  };
}

/**
 * A follower at `position` (0: the newest) of a followers page → its follow row. The API gives no follow
 * time: a follow first stored takes `seen_at` minus its position in ms (newest first keeps the API's order),
 * and a follow already stored keeps its `followed_at` (`update` names only `user_key`), so a later page
 * neither reorders nor duplicates it.
 */
function followRow(of: FollowersOf, follower: Json, position: number): ImportRow<'microblog_follows'> {
  return {
    table: 'microblog_follows',
    values: toMicroblogFollowRow({
      userId: of.id,
      username: of.username,
      followerId: requiredString(follower, 'id'),
      followedAt: of.seenAt - (of.offset + position),
    }),
    update: ['user_key'],
  };
}

/**
 * One API v2 response page (`{data, includes: {users, media, tweets}}`) → its users and tweets; located as
 * `<where> tweet N`. A users page with `followers_of` (see FollowersOf) also writes each user's follow.
 */
export function* mapV2Response(value: unknown, where: string): Generator<ImportItem> {
  if (!isObject(value) || !(Array.isArray(value.data) || isObject(value.data))) {
    yield { location: where, error: 'not an API v2 response (no data)' };
    return;
  }
  let of: FollowersOf | undefined;
  try {
    of = followersOf(value);
  } catch (error) {
    yield { location: where, error: reasonOf(error) };
    return;
  }
  const includes = optionalObject(value, 'includes');
  const list = (key: string) => (Array.isArray(includes[key]) ? (includes[key] as unknown[]) : []);
  const usernames = new Map<string, string>();
  for (const user of list('users'))
    if (isObject(user) && typeof user.id === 'string' && typeof user.username === 'string')
      usernames.set(user.id, user.username);
  const media = new Map<string, { type: string; url: string }>();
  for (const item of list('media')) {
    const entry = isObject(item) ? v2Media(item) : undefined;
    if (entry) media.set(entry[0], entry[1]);
  }
  const included = includedOf(includes);
  const data = Array.isArray(value.data) ? value.data : [value.data];
  // a users lookup (`/users/{id}/followers`, `/users/by/username/{name}`) answers users in data, not tweets
  const isUsers = data.length > 0 && data.every((item) => isObject(item) && typeof item.username === 'string');
  const tweet = (record: Json) => [mapV2Tweet(record, usernames, media, included)];
  const includedTweet = (record: Json) => [
    { ...mapV2Tweet(record, usernames, media, included), update: INCLUDED_TWEET_COLUMNS },
  ];
  const sections: [string, unknown[], (record: Json, n: number) => ImportRow[]][] = isUsers
    ? [
        ['user', data, (user, n) => (of ? [mapV2User(user), followRow(of, user, n)] : [mapV2User(user)])],
        ['included tweet', list('tweets'), includedTweet],
      ]
    : [
        ['user', list('users'), (user) => [mapV2User(user)]],
        ['tweet', data, tweet],
        ['included tweet', list('tweets'), includedTweet],
      ];
  for (const [what, records, map] of sections) {
    for (const [n, record] of records.entries()) {
      const location = `${where} ${what} ${n + 1}`;
      try {
        if (!isObject(record)) throw new RecordError('not a JSON object');
        yield { location, rows: map(record, n) } satisfies ImportItem;
      } catch (error) {
        yield { location, error: reasonOf(error) };
      }
    }
  }
}

export const twitterV2: Importer = {
  platform: 'microblog',
  format: 'twitter-v2',
  description:
    'Twitter/X API v2 response pages ({data, includes: {users, media, tweets}}; data users for a users lookup, with followers_of for a followers page): a .json file (one or more pages, or NDJSON) or a folder of them',
  input: 'file-or-dir',
  async *read(path, progress) {
    for await (const { where, value } of readResponses(path, progress)) yield* mapV2Response(value, where);
  },
  async *readDocuments(documents, where) {
    let n = 0;
    for await (const value of documents) yield* mapV2Response(value, `${where} response ${++n}`);
  },
};
