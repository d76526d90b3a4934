import { toForumRow } from './rows.js';
import { readLineBatches } from '../../import/input.js';
import type { Importer, ImportItem, ImportRow } from '../../import/types.js';
import {
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

/**
 * One Reddit submission (a dump line, or a listing's `t3` data) → a forum post. `ups`/`downs` are
 * often missing or 0 in dumps: upvotes fall back to max(score, 0). Reddit escapes `&`, `<` and `>`
 * in `title` and `selftext` (every era of the dumps, and API responses not fetched with
 * `raw_json=1`): decoded once here, unless `escaped` is false (a raw_json response).
 */
export function mapRedditSubmission(record: Json, { escaped = true } = {}): ImportRow<'forum_posts'> {
  const id = requiredString(record, 'id').replace(/^t3_/, '');
  const text = escaped ? unescapeAmpLtGt : (typed: string) => typed;
  const score = integer(record, 'score', 0);
  const permalink = optionalString(record, 'permalink');
  const url = permalink
    ? permalink.startsWith('http')
      ? permalink
      : REDDIT + permalink
    : optionalString(record, 'url');
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
      url,
    }),
  };
}

/** Maps one NDJSON line; blank lines are skipped by the caller. */
export function mapRedditLine(text: string, location: string): ImportItem {
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (error) {
    return { location, error: `not JSON (${reasonOf(error)})` };
  }
  if (!isObject(record)) return { location, error: 'not a JSON object' };
  try {
    return { location, rows: [mapRedditSubmission(record)] };
  } catch (error) {
    return { location, error: reasonOf(error) };
  }
}

export const redditNdjson: Importer = {
  platform: 'forum',
  format: 'reddit-ndjson',
  description: 'Reddit submissions, one JSON object per line (Pushshift / Arctic Shift dumps); plain or .zst',
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
