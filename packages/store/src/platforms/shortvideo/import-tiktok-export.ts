import { basename } from 'node:path';
import { toShortVideoRow } from './rows.js';
import { readJsonValues } from '../../import/input.js';
import { type Importer, type ImportItem, type ImportRow, RecordError } from '../../import/types.js';
import { isObject, type Json, reasonOf } from '../../import/values.js';
import { remainderOf, taken } from '../../import/remainder.js';

/**
 * Where the two layouts of TikTok's "Download your data" JSON file keep the user's own posts and
 * profile: the current one (`Post › Posts › VideoList`, `Profile And Settings › Profile Info ›
 * ProfileMap`) and the older one (`Video › Videos › VideoList`, `Profile › Profile Information ›
 * ProfileMap`). Section names are as the app writes them; a list's name has been seen in both cases.
 */
const POST_PATHS = [
  '$.Post.Posts.VideoList.*',
  '$.Post.Posts.videoList.*',
  '$.Video.Videos.VideoList.*',
  '$.Video.Videos.videoList.*',
];
const PROFILE_PATHS = [
  '$.Profile And Settings.Profile Info.ProfileMap',
  '$.Profile And Settings.Profile Information.ProfileMap',
  '$.Profile.Profile Information.ProfileMap',
  '$.Profile.Profile Info.ProfileMap',
];

/** The key of `name` in any letter case: the export spells the same field `Date` in one section and `date` in another. */
function keyOf(record: Json, name: string): string | undefined {
  if (name in record) return name;
  const lower = name.toLowerCase();
  return Object.keys(record).find((k) => k.toLowerCase() === lower);
}

/** The value of `name` in any letter case. */
function field(record: Json, name: string): unknown {
  const key = keyOf(record, name);
  return key === undefined ? undefined : record[key];
}

function text(record: Json, name: string): string {
  const value = field(record, name);
  return typeof value === 'string' ? value : '';
}

/** A count the export writes as a string ("12") or a number; missing or empty → 0. */
function count(record: Json, name: string): number {
  const value = field(record, name);
  if (value === undefined || value === null || value === '') return 0;
  const n = typeof value === 'string' && /^\s*[0-9]+\s*$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
    throw new RecordError(`${name}: expected a count, got ${JSON.stringify(value)}`);
  return n;
}

const EXPORT_DATE = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** `2024-01-02 03:04:05`: the export states no zone; TikTok writes these dates in UTC. */
function exportDate(record: Json, name: string): number {
  const value = field(record, name);
  const match = typeof value === 'string' ? EXPORT_DATE.exec(value.trim()) : null;
  if (!match) throw new RecordError(`${name}: expected a date like 2024-01-02 03:04:05, got ${JSON.stringify(value)}`);
  const [, y, mo, d, h, mi, s] = match.map(Number) as [number, number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  if (new Date(ms).getUTCDate() !== d) throw new RecordError(`${name}: not a date: ${JSON.stringify(value)}`);
  return ms;
}

/** The post's id from its link: `https://www.tiktokv.com/share/video/<id>/` or `https://www.tiktok.com/@user/video/<id>`. */
export function postIdOf(link: string): string | undefined {
  return /\/(?:video|photo)\/([0-9]{1,20})(?:[/?#]|$)/.exec(link.trim())?.[1];
}

/**
 * The columns an export post carries: a post stored with more (counts from the Research API) keeps
 * the rest, its Research API `extra` included; the entry's other fields are its `export_extra`.
 */
const EXPORT_COLUMNS = [
  'author',
  'author_key',
  'description',
  'like_count',
  'created_at',
  'video_url',
  'music_title',
  'export_extra',
];

/**
 * The entry's fields the columns hold, as the entry spells them: `Date`, `Likes`, the caption
 * (`Title` or `Description`, each that is the stored description), `Sound`, and the link when it
 * is the post's own address (the share link or the profile link of its id); a link in any other
 * form stays in `export_extra`, as does everything else of the entry.
 */
function exportTaken(post: Json, linkKey: string, id: string, videoUrl: string, description: string) {
  const link = field(post, linkKey);
  const keys = [keyOf(post, 'Date'), keyOf(post, 'Likes')];
  if (link === `https://www.tiktokv.com/share/video/${id}/` || link === videoUrl) keys.push(keyOf(post, linkKey));
  for (const name of ['Title', 'Description']) if (field(post, name) === description) keys.push(keyOf(post, name));
  if (typeof field(post, 'Sound') === 'string') keys.push(keyOf(post, 'Sound'));
  return taken(...keys.filter((key) => key !== undefined));
}

/**
 * One entry of the user's own posts → a short video by `username`. The export gives the link,
 * the date, the like count and (current layout) the caption as `Title` and the sound's name; it
 * has no comment, share or view counts or duration (0 for a new row, kept for a stored one). Its
 * other fields (who can view it, what it allows, its cover, location…) are its `export_extra`.
 */
export function mapExportPost(post: Json, username: string): ImportRow<'shortvideo_videos'> {
  const linkKey = text(post, 'Link') ? 'Link' : 'VideoLink';
  const link = text(post, linkKey);
  const id = postIdOf(link);
  if (!id)
    throw new RecordError(
      `Link: no post id in ${JSON.stringify(link.slice(0, 120))} (a photo post's entry may list its images instead)`,
    );
  const description = text(post, 'Title') || text(post, 'Description');
  const videoUrl = `https://www.tiktok.com/@${username}/video/${id}`;
  return {
    table: 'shortvideo_videos',
    values: toShortVideoRow({
      id,
      author: username,
      description,
      likeCount: count(post, 'Likes'),
      commentCount: 0,
      shareCount: 0,
      viewCount: 0,
      duration: 0,
      createdAt: exportDate(post, 'Date'),
      videoUrl,
      music: { title: text(post, 'Sound'), author: '' },
      exportExtra: remainderOf(post, exportTaken(post, linkKey, id, videoUrl, description)),
    }),
    update: EXPORT_COLUMNS,
  };
}

/**
 * The user's posts, each read where it is in the file and mapped once the profile (which names
 * their author) has been read: in the current layout the profile comes after the posts, so the
 * posts (one user's, a few thousand at most) wait in memory; the rest of the file (watch history,
 * likes, messages) streams past unread.
 */
export const tiktokExport: Importer = {
  platform: 'shortvideo',
  format: 'tiktok-export',
  description:
    'TikTok "Download your data" JSON file (user_data_tiktok.json / user_data.json, either layout): your posts',
  input: 'file',
  async *read(path, progress) {
    const file = basename(path);
    const posts: { index: number; post: unknown }[] = [];
    let username: string | undefined;
    for await (const { value } of readJsonValues(path, progress, { paths: [...POST_PATHS, ...PROFILE_PATHS] })) {
      const profileName = isObject(value) && !('Link' in value) ? text(value, 'userName') : '';
      if (profileName) username ??= profileName;
      else posts.push({ index: posts.length + 1, post: value });
    }
    if (username === undefined && posts.length === 0) {
      yield {
        location: file,
        error:
          'not a TikTok data export (no Post › Posts › VideoList or Video › Videos › VideoList, and no ProfileMap)',
      };
      return;
    }
    for (const { index, post } of posts) {
      const location = `${file} post ${index}`;
      yield mapPost(post, username, location);
    }
  },
};

function mapPost(post: unknown, username: string | undefined, location: string): ImportItem {
  try {
    if (!isObject(post)) throw new RecordError('not a JSON object');
    if (!username) throw new RecordError('the export names no profile (ProfileMap › userName): the post has no author');
    return { location, rows: [mapExportPost(post, username)] };
  } catch (error) {
    return { location, error: reasonOf(error) };
  }
}
