import { toForumCommentRow, toForumRow } from './rows.js';
import { jsonErrorIndex, readLineBatches } from '../../import/input.js';
import { remainderOf, type Taken, taken } from '../../import/remainder.js';
import { type Importer, type ImportItem, type ImportRow, RecordError } from '../../import/types.js';
import {
  boolean,
  epochSeconds,
  integer,
  isObject,
  type Json,
  optionalString,
  reasonOf,
  requiredString,
  unescapeAmpLtGt,
} from '../../import/values.js';

const REDDIT = 'https://www.reddit.com';
const KIND_PREFIX = /^t[0-9]_/;
const REMOVED_BY_REDDIT = /^\[ removed by reddit \]$/i;

const asTyped = (typed: string) => typed;

/** `permalink` as an absolute URL (the dumps and the API give it relative, some tools absolute); '' when missing. */
function permalinkOf(record: Json): string {
  const permalink = optionalString(record, 'permalink');
  return permalink === '' || permalink.startsWith('http') ? permalink : REDDIT + permalink;
}

/**
 * What of a submission the answered columns hold (packages/store/src/import/README.md lists every
 * field): none of it is kept again in `extra`. `over_18` has a column but no answered field (it is a
 * search filter): it stays in `extra`. Left out as pure copies of a column: `name` (`t3_` + id),
 * `subreddit_name_prefixed` (`r/` + subreddit) and `selftext_html` (the text rendered).
 */
const SUBMISSION_FIELDS = [
  'id',
  'name',
  'subreddit',
  'subreddit_name_prefixed',
  'author',
  'title',
  'selftext',
  'selftext_html',
  'ups',
  'downs',
  'score',
  'num_comments',
  'created_utc',
  'permalink',
];

/** What of a comment the answered columns hold; `ups` and `downs` (read only by the `best` order) stay in `extra`. */
const COMMENT_FIELDS = [
  'id',
  'name',
  'link_id',
  'parent_id',
  'subreddit',
  'subreddit_name_prefixed',
  'author',
  'body',
  'body_html',
  'score',
  'created_utc',
  'edited',
  'distinguished',
  'stickied',
  'permalink',
  // an API comment's replies: comments of their own, imported as such (import-reddit-api.ts)
  'replies',
  // an API comment's place in the response's tree, not the thread's (a "continue this thread" page starts
  // its comment at 0): the answered `depth` counts it from the stored parents
  'depth',
];

/**
 * The taken fields of each shape a record may have, built once: `url` only where the post's column
 * holds it (no permalink: see mapRedditSubmission), `created` only where it repeats `created_utc`
 * (the API and Arctic Shift send both, equal; older dumps a local time that differs).
 */
const SUBMISSION_TAKEN: readonly Taken[] = [
  taken(...SUBMISSION_FIELDS),
  taken(...SUBMISSION_FIELDS, 'created'),
  taken(...SUBMISSION_FIELDS, 'url'),
  taken(...SUBMISSION_FIELDS, 'created', 'url'),
];
const COMMENT_TAKEN: readonly Taken[] = [taken(...COMMENT_FIELDS), taken(...COMMENT_FIELDS, 'created')];

/** Whether `created` is the same moment as `created_utc`, as the same JSON value. */
const repeatsCreated = (record: Json) => record.created !== undefined && record.created === record.created_utc;

/** A submission's `extra`: every field but those its answered columns hold. */
function submissionExtra(record: Json, urlInColumn: boolean): string {
  return remainderOf(record, SUBMISSION_TAKEN[(repeatsCreated(record) ? 1 : 0) + (urlInColumn ? 2 : 0)]!);
}

/**
 * One Reddit submission (a dump line, or a listing's `t3` data) → a forum post. `ups`/`downs` are
 * often missing or 0 in dumps: upvotes fall back to max(score, 0). Reddit escapes `&`, `<` and `>`
 * in `title` and `selftext` (every era of the dumps, and API responses not fetched with
 * `raw_json=1`): decoded once here, unless `escaped` is false (a raw_json response). Every other field
 * is kept in `extra`, as the source wrote it (escaped or not).
 */
export function mapRedditSubmission(record: Json, { escaped = true } = {}): ImportRow<'forum_posts'> {
  const id = requiredString(record, 'id').replace(/^t3_/, '');
  const text = escaped ? unescapeAmpLtGt : asTyped;
  const score = integer(record, 'score', 0);
  const permalink = permalinkOf(record);
  return {
    table: 'forum_posts',
    values: toForumRow({
      id,
      community: requiredString(record, 'subreddit'),
      author: optionalString(record, 'author', '[deleted]'),
      title: text(requiredString(record, 'title')),
      content: text(optionalString(record, 'selftext')),
      upvotes: integer(record, 'ups', Math.max(score, 0)),
      downvotes: integer(record, 'downs', 0),
      score,
      commentCount: integer(record, 'num_comments', 0),
      createdAt: epochSeconds(record, 'created_utc'),
      url: permalink || optionalString(record, 'url'),
      over18: boolean(record, 'over_18'),
      extra: submissionExtra(record, permalink === ''),
    }),
  };
}

/**
 * A thing's id without its kind prefix (`t1_abc`, `t3_abc` or `abc` → `abc`). Pushshift's API of
 * 2022–23 sent some ids as base-10 numbers: those are converted to Reddit's base 36.
 */
function thingId(record: Json, field: string): string {
  const value = record[field];
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value.toString(36);
  return requiredString(record, field).replace(KIND_PREFIX, '');
}

/**
 * The parent comment's id, or null for a top-level comment: `t3_…` is the post, `t1_…` a comment; a
 * bare id (older dumps) is the post when it is the link's. Pushshift's 2022–23 API sent null for the
 * post and a number for a comment.
 */
function parentOf(record: Json, postId: string): string | null {
  const parent = record.parent_id;
  if (parent === null) return null;
  if (typeof parent !== 'string') return thingId(record, 'parent_id');
  if (parent.startsWith('t3_')) return null;
  if (parent.startsWith('t1_')) return parent.slice(3);
  return parent === postId ? null : requiredString(record, 'parent_id');
}

/** `ups` or `downs` where the record has them; undefined lets the row derive them from the score. */
function votes(record: Json, field: 'ups' | 'downs'): number | undefined {
  const value = record[field];
  return value === undefined || value === null ? undefined : integer(record, field);
}

/** `edited`: false, true (time unknown), or when, in epoch seconds (a number or numeric string) → ms. */
function editedOf(record: Json): boolean | number {
  const value = record.edited;
  if (value === undefined || value === null || value === false) return false;
  if (value === true) return true;
  return epochSeconds(record, 'edited');
}

/** A string field that may be empty, but must be there. */
function text(record: Json, field: string): string {
  const value = record[field];
  if (typeof value !== 'string') throw new RecordError(`${field}: expected a string`);
  return value;
}

/**
 * One Reddit comment (an `RC_*` dump line, or a listing's `t1` data) → a forum comment. Missing
 * `score` (some dump eras) is `ups` − `downs`, else 0. The body is kept as given, also when it is
 * a placeholder: `[deleted]` marks the comment deleted, `[removed]` and `[ Removed by Reddit ]`
 * removed. `body` is escaped as a submission's text is (see mapRedditSubmission). Every other field
 * is kept in `extra`.
 */
export function mapRedditComment(record: Json, { escaped = true } = {}): ImportRow<'forum_comments'> {
  const id = thingId(record, 'id');
  const postId = thingId(record, 'link_id');
  const community = requiredString(record, 'subreddit');
  const body = text(record, 'body');
  const ups = votes(record, 'ups');
  const downs = votes(record, 'downs');
  return {
    table: 'forum_comments',
    values: toForumCommentRow({
      id,
      postId,
      parentId: parentOf(record, postId),
      community,
      author: optionalString(record, 'author', '[deleted]'),
      body: escaped ? unescapeAmpLtGt(body) : body,
      score: integer(record, 'score', ups === undefined ? 0 : ups - (downs ?? 0)),
      ups,
      downs,
      createdAt: epochSeconds(record, 'created_utc'),
      edited: editedOf(record),
      distinguished: optionalString(record, 'distinguished') || null,
      stickied: boolean(record, 'stickied'),
      deleted: body === '[deleted]',
      removed: body === '[removed]' || REMOVED_BY_REDDIT.test(body),
      url: permalinkOf(record) || `${REDDIT}/r/${community}/comments/${postId}/_/${id}/`,
      extra: remainderOf(record, COMMENT_TAKEN[repeatsCreated(record) ? 1 : 0]!),
    }),
  };
}

/** A dump record: a submission has a `title`, a comment a `body` and a `link_id`. */
function mapRedditRecord(record: Json): ImportRow {
  if (record.title !== undefined) return mapRedditSubmission(record);
  if (record.body !== undefined && record.link_id !== undefined) return mapRedditComment(record);
  throw new RecordError('neither a submission (no title) nor a comment (no body and link_id)');
}

/** Maps one NDJSON line; blank lines are skipped by the caller. */
export function mapRedditLine(text: string, location: string): ImportItem {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (error) {
    const index = jsonErrorIndex(text, error);
    const at = index === undefined ? '' : ` at column ${[...text.slice(0, index)].length + 1}`;
    return { location, error: `not JSON${at} (${reasonOf(error)})` };
  }
  if (!isObject(record)) return { location, error: 'not a JSON object' };
  try {
    return { location, rows: [mapRedditRecord(record)] };
  } catch (error) {
    return { location, error: reasonOf(error) };
  }
}

export const redditNdjson: Importer = {
  platform: 'forum',
  format: 'reddit-ndjson',
  description:
    'Reddit submissions and comments, one JSON object per line (Pushshift / Arctic Shift RS_* and RC_* dumps, or both mixed); plain or .zst',
  input: 'file',
  async *read(path, progress) {
    for await (const { first, lines } of readLineBatches(path, progress)) {
      // a chunk's records at once: millions of lines, an await each, were a tenth of an import's time
      const items: ImportItem[] = [];
      lines.forEach((text, i) => {
        if (text.trim() !== '') items.push(mapRedditLine(text, `line ${first + i}`));
      });
      yield items;
    }
  },
};
