/**
 * One record of any platform as a card: its title or text, who and where, when, its numbers, a way
 * on (a forum thread, a user's or community's page), and every field as JSON beneath. The fields
 * are read by the names the platforms' answers use; a record without them still shows its JSON.
 */
import { h } from './dom.js';
import { hrefOf } from './route.js';
import { isObject } from './spec.js';

type Json = Record<string, unknown>;

const TITLE_FIELDS = ['title', 'name', 'fullName', 'headline'];
const TEXT_FIELDS = ['content', 'body', 'text', 'description', 'desc', 'snippet'];
const TIME_FIELDS = ['createdAt', 'publishedAt', 'publishedTimeText', 'releaseDate', 'createTime', 'date'];
const NUMBER_FIELDS = [
  'score',
  'upvotes',
  'commentCount',
  'viewCount',
  'views',
  'likeCount',
  'likes',
  'followers',
  'totalReplyCount',
];
/** What names a record that has no title. */
const ID_FIELDS = ['id', 'commentId'];

const firstText = (record: Json, names: readonly string[]) => {
  for (const name of names) {
    const value = record[name];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return undefined;
};

function authorOf(record: Json): string | undefined {
  const author = record.author ?? record.channel ?? record.user;
  if (typeof author === 'string') return author;
  if (isObject(author)) return firstText(author, ['name', 'username', 'title']);
  if (Array.isArray(record.artists) && isObject(record.artists[0])) return firstText(record.artists[0], ['name']);
  return firstText(record, ['username', 'authorName']);
}

/** The page that goes on from a forum record: its thread; links to its author's and community's pages. */
function forumLinks(record: Json, kind: 'post' | 'comment'): HTMLElement[] {
  const links: HTMLElement[] = [];
  const postId = kind === 'post' ? record.id : record.postId;
  if (typeof postId === 'string') links.push(h('a', { href: hrefOf('thread', { postId }) }, 'Open thread'));
  if (typeof record.author === 'string' && record.author !== '[deleted]')
    links.push(
      h('a', { href: hrefOf('pages', { op: 'forum.userPosts', username: record.author }) }, `u/${record.author}`),
    );
  if (typeof record.community === 'string')
    links.push(
      h(
        'a',
        { href: hrefOf('pages', { op: 'forum.communityPosts', community: record.community }) },
        `c/${record.community}`,
      ),
    );
  return links;
}

/** A video's comment threads, from a record of another video operation that names the video. */
function videoLinks(record: Json, operationId: string): HTMLElement[] {
  if (!operationId.startsWith('video.') || operationId === 'video.commentThreads') return [];
  if (typeof record.videoId !== 'string') return [];
  return [h('a', { href: hrefOf('pages', { op: 'video.commentThreads', videoId: record.videoId }) }, 'Comments')];
}

/** `2025-07-22T04:42:54.866Z` → `2025-07-22 04:42:54 UTC`; other forms as they are. */
export function readableTime(value: string): string {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})(\.\d+)?Z$/.exec(value);
  return match ? `${match[1]} ${match[2]} UTC` : value;
}

export function recordCard(record: Json, operationId: string): HTMLElement {
  const forumKind = operationId.startsWith('forum.')
    ? typeof record.postId === 'string'
      ? 'comment'
      : 'post'
    : undefined;
  const title = firstText(record, TITLE_FIELDS);
  const text = firstText(record, TEXT_FIELDS);
  const author = authorOf(record);
  const when = firstText(record, TIME_FIELDS);
  const numbers = NUMBER_FIELDS.filter((name) => typeof record[name] === 'number').map(
    (name) => `${name} ${(record[name] as number).toLocaleString('en')}`,
  );
  const link = typeof record.url === 'string' && /^https?:/.test(record.url) ? record.url : undefined;
  const heading = title ?? firstText(record, ID_FIELDS) ?? String(record.id ?? 'record');
  const links = forumKind ? forumLinks(record, forumKind) : videoLinks(record, operationId);
  return h(
    'article',
    { class: 'record' },
    h('h3', {}, link ? h('a', { href: link, rel: 'noreferrer noopener', target: '_blank' }, heading) : heading),
    h(
      'p',
      { class: 'meta' },
      [author ? `by ${author}` : null, when ? readableTime(when) : null, ...numbers].filter(Boolean).join(' · '),
    ),
    text && text !== title ? h('p', { class: 'text' }, text.length > 600 ? `${text.slice(0, 600)}…` : text) : null,
    links.length > 0 ? h('p', { class: 'links' }, ...links.flatMap((a, i) => (i ? [' · ', a] : [a]))) : null,
    h('details', { class: 'json' }, h('summary', {}, 'All fields'), h('pre', {}, JSON.stringify(record, null, 2))),
  );
}
