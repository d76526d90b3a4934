import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importData, type ImportItem } from '../../import/index.js';
import type { Store } from '../../store.js';
import { importFixture, openTestStore } from '../../testing.js';
import { isEscaped, mapRedditResponse, thingsOf } from './import-reddit-api.js';

async function fixture(name: string): Promise<unknown> {
  return JSON.parse(await readFile(importFixture('reddit-api', name), 'utf8'));
}

const post = (data: Record<string, unknown>) => ({ kind: 't3', data });

describe('reddit-api: Reddit API responses', () => {
  it('maps a listing fetched as the API escapes by default: text decoded once, counts and times as sent', async () => {
    const items = [...mapRedditResponse(await fixture('new.json'), 'new.json response 1')];
    expect(items.map((item) => item.location)).toEqual([
      'new.json response 1 item 1',
      'new.json response 1 item 2',
      'new.json response 1 item 3',
    ]);
    const [first, second, third] = items.map((item) => ('rows' in item ? item.rows[0]?.values : item.error));
    expect(first).toMatchObject({
      id: '1gq2b3a',
      community: 'programming',
      author: 'ada_l',
      title: 'Q&A: comparisons >_<',
      content: 'Is `a < b && c > d` faster than the other way? I wrote &lt;3 on purpose.',
      score: 41,
      comment_count: 7,
      created_at: 1_731_500_000_000,
      url: 'https://www.reddit.com/r/programming/comments/1gq2b3a/qa_comparisons/',
    });
    expect(second).toMatchObject({
      id: '1gq2b3b',
      title: 'Rust & WebAssembly in 2024',
      comment_count: 12,
      created_at: 1_731_400_000_500,
    });
    expect(third).toBe('id: expected a non-empty string');
  });

  it('keeps the text of a raw_json=1 response as typed, for the post and the comment; passes over "more" stubs', async () => {
    const items = [...mapRedditResponse(await fixture('comments-raw.json'), 'c.json response 1')];
    expect(items).toHaveLength(2);
    const [postItem, comment] = items;
    expect(postItem && 'rows' in postItem && postItem.rows[0]?.values).toMatchObject({
      id: '1gq9z9z',
      title: 'Tom &amp; Jerry <3',
      content: 'Typed literally: &amp; stays, <b> stays.',
    });
    expect(comment && 'rows' in comment && comment.location).toBe('c.json response 1 item 2');
    expect(comment && 'rows' in comment && comment.rows[0]).toMatchObject({
      table: 'forum_comments',
      values: { id: 'lx1c2d3', post_id: '1gq9z9z', parent_key: '', body: 'Nice.', community: 'programming' },
    });
  });

  it('reads a single thing, a listing, or an array of listings; anything else is not a response', () => {
    const thing = post({ id: 'a' });
    expect(thingsOf(thing)).toEqual([thing]);
    expect(thingsOf([{ kind: 'Listing', data: { children: [thing, 'junk'] } }])).toEqual([thing]);
    for (const other of [{ items: [] }, [thing, { data: {} }], { kind: 'Listing', data: {} }, 'text'])
      expect(thingsOf(other)).toBeUndefined();
    expect([...mapRedditResponse({ items: [] }, 'x.json response 1')]).toEqual([
      {
        location: 'x.json response 1',
        error: 'not a Reddit API response (no Listing, or thing with kind and data)',
      },
    ]);
  });

  it('tells a raw_json response from an escaped one by its HTML, then by a link with a query string; default escaped', () => {
    expect(isEscaped([post({ selftext_html: '&lt;!-- SC_OFF --&gt;' })])).toBe(true);
    expect(isEscaped([post({ selftext_html: '<!-- SC_OFF -->' })])).toBe(false);
    expect(isEscaped([{ kind: 't1', data: { body_html: '<div class="md">' } }])).toBe(false);
    expect(isEscaped([post({ selftext_html: null, url: 'https://x.org/?a=1&b=2' })])).toBe(false);
    expect(isEscaped([post({ selftext_html: null, url: 'https://x.org/?a=1&amp;b=2' })])).toBe(true);
    expect(isEscaped([post({ url: 'https://x.org/' })])).toBe(true);
  });
});

const listing = (children: unknown[]) => ({
  kind: 'Listing',
  data: { after: null, dist: null, modhash: '', geo_filter: '', children, before: null },
});

/** A `t1` as /comments/{id}.json sends it (escaped, the API's default); `replies` a Listing, or "" when none. */
const t1 = (
  id: string,
  parent: string,
  body: string,
  replies: unknown[] = [],
  fields: Record<string, unknown> = {},
) => ({
  kind: 't1',
  data: {
    subreddit_id: 't5_2fwo',
    approved_at_utc: null,
    author_is_blocked: false,
    edited: false,
    author_flair_text: null,
    id,
    gilded: 0,
    archived: false,
    no_follow: false,
    author: `user_${id}`,
    can_mod_post: false,
    created_utc: 1731600100.0,
    send_replies: true,
    parent_id: parent,
    score: 4,
    author_fullname: 't2_abc123',
    approved_by: null,
    all_awardings: [],
    collapsed: false,
    body,
    body_html: `&lt;div class="md"&gt;&lt;p&gt;${body}&lt;/p&gt;\n&lt;/div&gt;`,
    is_submitter: false,
    downs: 0,
    replies: replies.length === 0 ? '' : listing(replies),
    score_hidden: false,
    stickied: false,
    link_id: 't3_1gqabcd',
    controversiality: 0,
    depth: parent.startsWith('t3_') ? 0 : 1,
    subreddit: 'programming',
    name: `t1_${id}`,
    created: 1731600100.0,
    subreddit_type: 'public',
    ups: 4,
    subreddit_name_prefixed: 'r/programming',
    permalink: `/r/programming/comments/1gqabcd/nested_threads/${id}/`,
    locked: false,
    distinguished: null,
    ...fields,
  },
});

const more = (id: string, parent: string, children: string[]) => ({
  kind: 'more',
  data: { count: children.length, name: `t1_${id}`, id, parent_id: parent, depth: 1, children },
});

/** /comments/1gqabcd.json: the post's Listing, then its comments' Listing, replies nested three deep. */
const commentsPage = [
  listing([
    {
      kind: 't3',
      data: {
        subreddit: 'programming',
        selftext: 'Replies of replies of replies.',
        title: 'Nested threads &amp; how to read them',
        name: 't3_1gqabcd',
        ups: 12,
        downs: 0,
        score: 12,
        num_comments: 6,
        created_utc: 1731600000.0,
        permalink: '/r/programming/comments/1gqabcd/nested_threads/',
        url: 'https://www.reddit.com/r/programming/comments/1gqabcd/nested_threads/',
        selftext_html:
          '&lt;!-- SC_OFF --&gt;&lt;div class="md"&gt;&lt;p&gt;Replies.&lt;/p&gt;&lt;/div&gt;&lt;!-- SC_ON --&gt;',
        id: '1gqabcd',
        author: 'op_user',
      },
    },
  ]),
  listing([
    t1('lxa0001', 't3_1gqabcd', 'First &amp; top', [
      t1('lxa0002', 't1_lxa0001', 'a &lt; b', [
        t1('lxa0003', 't1_lxa0002', 'typed &amp;lt;3', [], { edited: 1731600500.5, distinguished: 'moderator' }),
        more('lxa0009', 't1_lxa0002', ['lxa0009']),
      ]),
      t1('lxa0004', 't1_lxa0001', '[removed]', [], { author: '[deleted]' }),
    ]),
    t1('lxa0005', 't3_1gqabcd', 'Second top', [t1('lxa0006', 't1_lxa0005', '[deleted]', [], { author: '[deleted]' })], {
      stickied: true,
    }),
    more('lxa0007', 't3_1gqabcd', ['lxa0007', 'lxa0008']),
  ]),
];

const valuesOf = (item: ImportItem | undefined) => (item && 'rows' in item ? item.rows[0]?.values : item?.error);

describe('reddit-api: comments (t1) and their replies', () => {
  it('maps every comment of a nested comments page, each followed by its replies, with its parent', () => {
    const items = [...mapRedditResponse(commentsPage, 'p.json response 1')];
    expect(items.map((item) => item.location)).toEqual([
      'p.json response 1 item 1',
      'p.json response 1 item 2',
      'p.json response 1 item 2 reply 1',
      'p.json response 1 item 2 reply 1 reply 1',
      'p.json response 1 item 2 reply 2',
      'p.json response 1 item 3',
      'p.json response 1 item 3 reply 1',
    ]);
    const [post, ...comments] = items.map(valuesOf);
    expect(post).toMatchObject({ id: '1gqabcd', title: 'Nested threads & how to read them' });
    expect(comments).toEqual([
      expect.objectContaining({ id: 'lxa0001', post_id: '1gqabcd', parent_key: '', body: 'First & top' }),
      expect.objectContaining({ id: 'lxa0002', parent_key: 'lxa0001', body: 'a < b' }),
      expect.objectContaining({
        id: 'lxa0003',
        parent_key: 'lxa0002',
        body: 'typed &lt;3',
        edited: 1,
        edited_at: 1_731_600_500_500,
        distinguished: 'moderator',
      }),
      expect.objectContaining({ id: 'lxa0004', parent_key: 'lxa0001', removed: 1, author: '[deleted]' }),
      expect.objectContaining({ id: 'lxa0005', parent_key: '', stickied: 1 }),
      expect.objectContaining({ id: 'lxa0006', parent_key: 'lxa0005', deleted: 1 }),
    ]);
    expect(comments[0]).toMatchObject({
      score: 4,
      ups: 4,
      downs: 0,
      created_at: 1_731_600_100_000,
      url: 'https://www.reddit.com/r/programming/comments/1gqabcd/nested_threads/lxa0001/',
    });
  });

  it('keeps comment bodies of a raw_json=1 page as typed', () => {
    const raw = t1('lxb0001', 't3_1gqabcd', 'typed &amp; <b>', [], {
      body_html: '<div class="md"><p>typed &amp;amp; &lt;b&gt;</p>\n</div>',
    });
    expect(valuesOf([...mapRedditResponse(listing([raw]), 'r.json response 1')][0])).toMatchObject({
      body: 'typed &amp; <b>',
    });
  });

  it('reports kinds other than posts and comments, and replies that are neither a Listing nor ""', () => {
    const odd = t1('lxc0001', 't3_1gqabcd', 'odd replies', [], { replies: { kind: 't1', data: {} } });
    const items = [...mapRedditResponse(listing([{ kind: 't5', data: { display_name: 'programming' } }, odd]), 'o')];
    expect(items).toEqual([
      { location: 'o item 1', error: 'a t5: only posts (t3) and comments (t1) are imported' },
      expect.objectContaining({ location: 'o item 2', rows: [expect.objectContaining({ table: 'forum_comments' })] }),
      { location: 'o item 2 replies', error: 'replies: expected a Listing or ""' },
    ]);
  });

  it('walks the replies of a comment it cannot map', () => {
    const broken = t1('lxd0001', 't3_1gqabcd', 'no time', [t1('lxd0002', 't1_lxd0001', 'a reply')], {
      created_utc: null,
    });
    expect([...mapRedditResponse(listing([broken]), 'b')].map(valuesOf)).toEqual([
      'created_utc: expected epoch seconds, got null',
      expect.objectContaining({ id: 'lxd0002', parent_key: 'lxd0001' }),
    ]);
  });
});

describe('reddit-api: a comments page into the store (run on each store kind)', () => {
  let store: Store;
  let dir: string;
  beforeAll(async () => {
    store = await openTestStore();
    dir = mkdtempSync(join(tmpdir(), 'sq-reddit-api-'));
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports the post and every nested comment with its parent; a re-import changes nothing', async () => {
    writeFileSync(join(dir, '1gqabcd.json'), JSON.stringify(commentsPage));
    const summary = await importData(store.db, 'forum', 'reddit-api', dir);
    expect(summary).toMatchObject({
      imported: 7,
      skipped: 0,
      tables: {
        forum_posts: { imported: 1, updated: 0, unchanged: 0 },
        forum_comments: { imported: 6, updated: 0, unchanged: 0 },
      },
    });
    const comments = () =>
      store.db.selectFrom('forum_comments').selectAll().where('post_id', '=', '1gqabcd').orderBy('id').execute();
    const stored = await comments();
    expect(stored.map((c) => [c.id, c.parent_key])).toEqual([
      ['lxa0001', ''],
      ['lxa0002', 'lxa0001'],
      ['lxa0003', 'lxa0002'],
      ['lxa0004', 'lxa0001'],
      ['lxa0005', ''],
      ['lxa0006', 'lxa0005'],
    ]);
    expect(await importData(store.db, 'forum', 'reddit-api', dir)).toMatchObject({
      imported: 0,
      updated: 0,
      unchanged: 7,
    });
    expect(await comments()).toEqual(stored);
  });
});
