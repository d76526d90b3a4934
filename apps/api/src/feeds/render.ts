import { Feed } from 'feed';
import type { FeedEntry } from './feed-entry.js';

export const feedFormats = ['atom', 'rss'] as const;
export type FeedFormat = (typeof feedFormats)[number];

export const FEED_CONTENT_TYPES: Readonly<Record<FeedFormat, string>> = {
  atom: 'application/atom+xml; charset=utf-8',
  rss: 'application/rss+xml; charset=utf-8',
};

export interface FeedDocument {
  /** A permanent URI naming the feed (the same for its Atom and RSS forms). */
  id: string;
  title: string;
  description: string;
  /** The listing as JSON (the API's own URL, without a credential). */
  link: string;
  entries: readonly FeedEntry[];
}

/**
 * The newest `updated` of the entries: the feed's `updated`/`lastBuildDate` and its Last-Modified.
 * Undefined for an empty feed.
 */
export function lastModifiedOf(entries: readonly FeedEntry[]): Date | undefined {
  let newest: Date | undefined;
  for (const { updated } of entries) if (!newest || updated > newest) newest = updated;
  return newest;
}

/** An empty feed's `updated`: a fixed moment, so that its ETag stays the same until an entry appears. */
const EMPTY_FEED_UPDATED = new Date(0);

/**
 * Writes the feed with the `feed` library. Texts are plain: Atom's entry title, summary and content
 * are HTML-typed there, so they are HTML-escaped here (a reader shows `<b>` as written, never as
 * markup); RSS titles are plain text, its description and content:encoded HTML. Characters XML 1.0
 * cannot hold (control characters, lone surrogates) are dropped. The feed's own URL is not written
 * (no `rel="self"` link): it holds the feed token, which a document passed on must not carry.
 */
export function renderFeed(format: FeedFormat, doc: FeedDocument): string {
  const feed = new Feed({
    id: doc.id,
    title: xmlText(doc.title),
    description: xmlText(doc.description),
    link: doc.link,
    updated: lastModifiedOf(doc.entries) ?? EMPTY_FEED_UPDATED,
    generator: 'socialquery',
  });
  const html = (value: string) => escapeHtml(xmlText(value));
  for (const entry of doc.entries) {
    feed.addItem({
      id: entry.id,
      title: format === 'atom' ? html(entry.title) : xmlText(entry.title),
      link: entry.link,
      date: entry.updated,
      published: entry.published,
      author: entry.authors.map((name) => ({ name: xmlText(name) })),
      description: html(entry.summary),
      content: paragraphs(html(entry.content)),
    });
  }
  return format === 'atom' ? feed.atom1() : feed.rss2();
}

/** Characters outside XML 1.0's Char production are removed (they would make the document unreadable). */
const NOT_XML =
  // eslint-disable-next-line no-control-regex -- the control characters XML 1.0 forbids are what it matches
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const xmlText = (value: string) => value.replace(NOT_XML, '');

const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

/** Escaped text as HTML paragraphs: blank lines part paragraphs, single line breaks stay. */
function paragraphs(escaped: string): string {
  return escaped
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => `<p>${part.replace(/\n/g, '<br>')}</p>`)
    .join('');
}
