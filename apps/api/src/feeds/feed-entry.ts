/**
 * One entry of a feed, as the listings' records map to it (listings.ts) and the renderer writes
 * it (render.ts). Every text is plain text: the renderer escapes it for the format.
 */
export interface FeedEntry {
  /** A permanent URI naming the record (`urn:socialquery:<platform>:<kind>:<id>`, or a catalog URI). */
  id: string;
  title: string;
  /** Where a reader opens the record: its own absolute URL (or, lacking one, its id). */
  link: string;
  published: Date;
  /** When it last changed: its edit time where the record has one, else `published`. */
  updated: Date;
  authors: string[];
  /** One line about the record (its community, score, counts…). */
  summary: string;
  /** Its whole text. */
  content: string;
}

/** `urn:socialquery:<platform>:<kind>:<id>`, the id percent-encoded: stable for as long as the record's id is. */
export function recordUrn(platform: string, kind: string, id: string): string {
  return `urn:socialquery:${platform}:${kind}:${encodeURIComponent(id)}`;
}

/** The record's URL when it is an absolute http(s) URL, else `fallback` (imported data may hold anything). */
export function linkOr(url: string, fallback: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : fallback;
  } catch {
    return fallback;
  }
}

/** Longest entry title made from a text (a microblog message, a video's description, a comment). */
export const TITLE_LENGTH = 100;

/** The first line of `text`, cut at TITLE_LENGTH characters with an ellipsis; `empty` when it has no words. */
export function titleOf(text: string, empty: string): string {
  const line = text
    .split('\n')
    .map((part) => part.trim())
    .find((part) => part !== '');
  if (line === undefined) return empty;
  const chars = [...line];
  return chars.length <= TITLE_LENGTH ? line : `${chars.slice(0, TITLE_LENGTH - 1).join('')}…`;
}

/** `1 comment`, `2 comments`. */
export const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
