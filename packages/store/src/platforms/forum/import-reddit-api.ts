import { mapRedditSubmission } from './import-reddit.js';
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
 * comments page, `/comments/{id}.json`) an array of Listings. Comment `replies` are not walked.
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

/** One response's things → import items: posts (`t3`) are mapped, comments (`t1`) reported, `more` stubs passed over. */
export function* mapRedditResponse(response: unknown, where: string): Generator<ImportItem> {
  const things = thingsOf(response);
  if (!things) {
    yield { location: where, error: 'not a Reddit API response (no Listing, or thing with kind and data)' };
    return;
  }
  const escaped = isEscaped(things);
  for (const [n, { kind, data }] of things.entries()) {
    const location = `${where} item ${n + 1}`;
    if (kind === 'more') continue;
    if (kind !== 't3') {
      const what = kind === 't1' ? 'a comment (t1): the forum store holds posts' : `a ${kind}: not a post`;
      yield { location, error: `${what}; only posts (t3) are imported` };
      continue;
    }
    try {
      yield { location, rows: [mapRedditSubmission(data, { escaped })] };
    } catch (error) {
      yield { location, error: reasonOf(error) };
    }
  }
}

export const redditApi: Importer = {
  platform: 'forum',
  format: 'reddit-api',
  description:
    'Reddit API responses (Listings of t3 posts, e.g. /r/{sub}/new.json, /user/{name}/submitted.json, /comments/{id}.json): a .json file or a folder of them',
  input: 'file-or-dir',
  async *read(path, progress) {
    for await (const { where, value } of readResponses(path, progress)) yield* mapRedditResponse(value, where);
  },
};
