import { mapRedditComment, mapRedditSubmission } from './import-reddit.js';
import { readResponses } from '../../import/input.js';
import type { Importer, ImportItem } from '../../import/types.js';
import { isObject, type Json, reasonOf } from '../../import/values.js';

/** A Reddit "thing": `{kind, data}`. */
interface Thing {
  kind: string;
  data: Json;
}

function isThing(value: unknown): value is Thing {
  return isObject(value) && typeof value.kind === 'string' && isObject(value.data);
}

/**
 * The things a response holds, in order: a Listing's `data.children`, a single thing, or (a post's
 * comments page, `/comments/{id}.json`) an array of Listings. Comment `replies` are walked by mapRedditResponse.
 */
export function thingsOf(response: unknown): Thing[] | undefined {
  if (Array.isArray(response)) {
    const lists = response.map(thingsOf);
    return lists.every((list) => list !== undefined) ? lists.flat() : undefined;
  }
  if (!isThing(response)) return undefined;
  if (response.kind !== 'Listing') return [response];
  const children = response.data.children;
  return Array.isArray(children) ? children.filter(isThing) : undefined;
}

/**
 * Whether a response's text is HTML-escaped: the API escapes `&`, `<` and `>` in every string
 * unless the request asked for `raw_json=1`, and the response shows which. Its rendered HTML
 * (`selftext_html`, `body_html`) then starts with `&lt;` instead of `<`, and a link's `&` reads
 * `&amp;`. With neither in sight (link posts without query strings), the API's default: escaped.
 */
export function isEscaped(things: readonly Thing[]): boolean {
  for (const { data } of things) {
    const html = data.selftext_html ?? data.body_html;
    if (typeof html === 'string' && html !== '') return !html.startsWith('<');
  }
  for (const { data } of things) {
    const url = data.url;
    if (typeof url === 'string' && url.includes('&')) return url.includes('&amp;');
  }
  return true;
}

/** A comment's `replies`: a Listing, or "" (or missing) when there are none; undefined when neither. */
function repliesOf(comment: Json): Thing[] | undefined {
  const replies = comment.replies;
  if (replies === '' || replies === undefined || replies === null) return [];
  return isThing(replies) && replies.kind === 'Listing' ? thingsOf(replies) : undefined;
}

/** Things with where each sits: `<prefix> 1`, `<prefix> 2`, … */
const located = (things: readonly Thing[], prefix: string) =>
  things.map((thing, n) => ({ thing, location: `${prefix} ${n + 1}` }));

function mapThing({ kind, data }: Thing, location: string, escaped: boolean): ImportItem {
  try {
    if (kind === 't3') return { location, rows: [mapRedditSubmission(data, { escaped })] };
    if (kind === 't1') return { location, rows: [mapRedditComment(data, { escaped })] };
    return { location, error: `a ${kind}: only posts (t3) and comments (t1) are imported` };
  } catch (error) {
    return { location, error: reasonOf(error) };
  }
}

/**
 * One response's things → import items, in document order: posts (`t3`) and comments (`t1`) are
 * mapped, each comment followed by its `replies` (`<location> reply N`, walked with a stack: threads
 * nest deep), `more` stubs passed over, other kinds reported.
 */
export function* mapRedditResponse(response: unknown, where: string): Generator<ImportItem> {
  const things = thingsOf(response);
  if (!things) {
    yield { location: where, error: 'not a Reddit API response (no Listing, or thing with kind and data)' };
    return;
  }
  const escaped = isEscaped(things);
  const pending = located(things, `${where} item`).reverse();
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { thing, location } = next;
    if (thing.kind === 'more') continue;
    yield mapThing(thing, location, escaped);
    if (thing.kind !== 't1') continue;
    const replies = repliesOf(thing.data);
    if (replies) pending.push(...located(replies, `${location} reply`).reverse());
    else yield { location: `${location} replies`, error: 'replies: expected a Listing or ""' };
  }
}

export const redditApi: Importer = {
  platform: 'forum',
  format: 'reddit-api',
  description:
    'Reddit API responses (Listings of t3 posts and t1 comments with their nested replies, e.g. /r/{sub}/new.json, /user/{name}/comments.json, /comments/{id}.json): a .json file or a folder of them',
  input: 'file-or-dir',
  async *read(path, progress) {
    for await (const { where, value } of readResponses(path, progress)) yield* mapRedditResponse(value, where);
  },
  async *readDocuments(documents, where) {
    let n = 0;
    for await (const value of documents) yield* mapRedditResponse(value, `${where} response ${++n}`);
  },
};
