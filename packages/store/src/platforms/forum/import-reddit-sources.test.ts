import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importData, importDocuments } from '../../import/index.js';
import type { Store } from '../../store.js';
import { forumSearchContent, openTestStore } from '../../testing.js';
import { mapRedditComment, mapRedditSubmission } from './import-reddit.js';
import { createSqlForumSource } from './source.js';

/** An Arctic Shift RS_* line: a gallery post with flair, media metadata, crosspost counts and `_meta`. */
const gallery = {
  _meta: { retrieved_2nd_on: 1697700000 },
  all_awardings: [],
  author: 'trail_mix',
  author_flair_css_class: null,
  author_flair_richtext: [],
  author_flair_text: 'Photographer',
  author_flair_type: 'text',
  author_fullname: 't2_4x9k2',
  author_premium: false,
  created: 1697600000,
  created_utc: 1697600000,
  distinguished: null,
  domain: 'reddit.com',
  downs: 0,
  edited: false,
  gallery_data: {
    items: [
      { id: 101, media_id: 'm1abc' },
      { caption: 'dusk', id: 102, media_id: 'm2def' },
    ],
  },
  gilded: 0,
  id: '17abcde',
  is_gallery: true,
  is_self: false,
  is_video: false,
  link_flair_background_color: '#ff4500',
  link_flair_css_class: null,
  link_flair_richtext: [{ e: 'text', t: 'OC' }],
  link_flair_text: 'OC',
  locked: false,
  media: null,
  media_embed: {},
  media_metadata: {
    m1abc: {
      e: 'Image',
      id: 'm1abc',
      m: 'image/jpg',
      s: { u: 'https://preview.redd.it/m1abc.jpg?width=4000&amp;format=pjpg', x: 4000, y: 3000 },
      status: 'valid',
    },
    m2def: {
      e: 'Image',
      id: 'm2def',
      m: 'image/jpg',
      s: { u: 'https://preview.redd.it/m2def.jpg?width=4000&amp;format=pjpg', x: 4000, y: 3000 },
      status: 'valid',
    },
  },
  name: 't3_17abcde',
  num_comments: 88,
  num_crossposts: 2,
  over_18: false,
  permalink: '/r/EarthPorn/comments/17abcde/dolomites_at_dawn_dusk_oc_4000x3000/',
  removed_by_category: null,
  retrieved_on: 1697686400,
  score: 5120,
  secure_media: null,
  secure_media_embed: {},
  selftext: '',
  spoiler: false,
  stickied: false,
  subreddit: 'EarthPorn',
  subreddit_id: 't5_2sbq3',
  subreddit_name_prefixed: 'r/EarthPorn',
  subreddit_subscribers: 23000000,
  subreddit_type: 'public',
  thumbnail: 'https://b.thumbs.redditmedia.com/abc.jpg',
  thumbnail_height: 105,
  thumbnail_width: 140,
  title: 'Dolomites at dawn &amp; dusk [OC] [4000x3000]',
  total_awards_received: 0,
  ups: 5120,
  upvote_ratio: 0.97,
  url: 'https://www.reddit.com/gallery/17abcde',
};

/** A crosspost of a video, NSFW-marked and edited, its parent copied whole (`crosspost_parent_list`). */
const crosspost = {
  author: 'relay_bot',
  author_fullname: 't2_9zz1',
  created_utc: 1697610000.5,
  crosspost_parent: 't3_17vid00',
  crosspost_parent_list: [
    { id: '17vid00', subreddit: 'videos', title: 'Timelapse', is_video: true, score: 900, url: 'https://v.redd.it/q1' },
  ],
  domain: 'v.redd.it',
  edited: 1697611000,
  id: '17xpost',
  is_self: false,
  is_video: false,
  media: { reddit_video: { duration: 31, fallback_url: 'https://v.redd.it/q1/DASH_720.mp4', height: 720 } },
  num_comments: 0,
  num_crossposts: 0,
  over_18: true,
  permalink: '/r/EarthPorn/comments/17xpost/timelapse/',
  preview: {
    enabled: false,
    images: [{ id: 'p1', source: { height: 720, url: 'https://i.redd.it/p1.jpg', width: 1280 } }],
  },
  score: 3,
  selftext: '',
  subreddit: 'EarthPorn',
  title: 'Timelapse',
  url: 'https://v.redd.it/q1',
};

/** An Arctic Shift RC_* line: the OP's comment, later deleted (`_meta`). */
const comment = {
  _meta: { removal_type: 'deleted', was_deleted_later: true },
  all_awardings: [],
  archived: false,
  author: 'trail_mix',
  author_flair_css_class: null,
  author_flair_text: 'Photographer',
  author_fullname: 't2_4x9k2',
  body: 'Shot on a 24-70 &amp; a tripod.',
  collapsed: false,
  collapsed_reason: null,
  collapsed_reason_code: null,
  controversiality: 1,
  created_utc: 1697601200,
  distinguished: null,
  downs: 0,
  edited: 1697602000,
  gilded: 0,
  id: 'k5abc12',
  is_submitter: true,
  link_id: 't3_17abcde',
  locked: false,
  name: 't1_k5abc12',
  parent_id: 't3_17abcde',
  permalink: '/r/EarthPorn/comments/17abcde/dolomites_at_dawn_dusk_oc_4000x3000/k5abc12/',
  retrieved_on: 1697686400,
  score: 412,
  score_hidden: false,
  send_replies: true,
  stickied: false,
  subreddit: 'EarthPorn',
  subreddit_id: 't5_2sbq3',
  subreddit_name_prefixed: 'r/EarthPorn',
  subreddit_type: 'public',
  total_awards_received: 0,
  ups: 412,
};

/** A record without these fields. */
const omit = (record: Record<string, unknown>, ...fields: string[]) =>
  Object.fromEntries(Object.entries(record).filter(([field]) => !fields.includes(field)));

/** What the answered columns hold of each, or repeat (packages/store/src/import/README.md): the rest is `extra`. */
const POST_ANSWERED = ['id', 'subreddit', 'author', 'title', 'selftext', 'ups', 'downs', 'score', 'num_comments'];
const galleryExtra = omit(
  gallery,
  ...POST_ANSWERED,
  'created_utc',
  'permalink',
  'name',
  'subreddit_name_prefixed',
  'created',
);
const crosspostExtra = omit(crosspost, ...POST_ANSWERED, 'created_utc', 'permalink');
const commentExtra = omit(
  comment,
  ...['id', 'link_id', 'parent_id', 'subreddit', 'author', 'body', 'score', 'created_utc', 'edited'],
  ...['distinguished', 'stickied', 'permalink', 'name', 'subreddit_name_prefixed'],
);

/** A post's comments page (`/comments/{id}.json`) as the API answers it by default (escaped): the post, a comment and its reply. */
const commentsPage = [
  {
    kind: 'Listing',
    data: {
      after: null,
      before: null,
      children: [
        {
          kind: 't3',
          data: {
            approved_at_utc: null,
            author: 'ada_l',
            author_fullname: 't2_ada1',
            clicked: false,
            created: 1731500000.0,
            created_utc: 1731500000.0,
            domain: 'self.programming',
            downs: 0,
            hidden: false,
            id: '1gq9zz1',
            is_self: true,
            likes: null,
            link_flair_text: 'Question',
            name: 't3_1gq9zz1',
            num_comments: 2,
            over_18: false,
            permalink: '/r/programming/comments/1gq9zz1/ampersands/',
            saved: false,
            score: 41,
            selftext: 'Why &amp;?',
            selftext_html: '&lt;div class="md"&gt;&lt;p&gt;Why &amp;amp;?&lt;/p&gt;&lt;/div&gt;',
            subreddit: 'programming',
            subreddit_name_prefixed: 'r/programming',
            title: 'Ampersands &amp; you',
            ups: 41,
            upvote_ratio: 0.93,
            url: 'https://www.reddit.com/r/programming/comments/1gq9zz1/ampersands/',
            visited: false,
          },
        },
      ],
    },
  },
  {
    kind: 'Listing',
    data: {
      after: null,
      before: null,
      children: [
        {
          kind: 't1',
          data: {
            author: 'grace_h',
            body: 'Because &lt;3',
            body_html: '&lt;div class="md"&gt;&lt;p&gt;Because &amp;lt;3&lt;/p&gt;&lt;/div&gt;',
            controversiality: 0,
            created: 1731500600.0,
            created_utc: 1731500600.0,
            depth: 0,
            downs: 0,
            edited: false,
            id: 'lx0aaa1',
            is_submitter: false,
            link_id: 't3_1gq9zz1',
            name: 't1_lx0aaa1',
            parent_id: 't3_1gq9zz1',
            permalink: '/r/programming/comments/1gq9zz1/ampersands/lx0aaa1/',
            replies: {
              kind: 'Listing',
              data: {
                after: null,
                before: null,
                children: [
                  {
                    kind: 't1',
                    data: {
                      author: 'ada_l',
                      body: 'Fair.',
                      created_utc: 1731500900.0,
                      depth: 1,
                      id: 'lx0aaa2',
                      is_submitter: true,
                      link_id: 't3_1gq9zz1',
                      parent_id: 't1_lx0aaa1',
                      permalink: '/r/programming/comments/1gq9zz1/ampersands/lx0aaa2/',
                      replies: '',
                      score: 2,
                      subreddit: 'programming',
                    },
                  },
                  { kind: 'more', data: { count: 1, children: ['lx0aaa3'], id: 'lx0aaa3', parent_id: 't1_lx0aaa1' } },
                ],
              },
            },
            score: 9,
            score_hidden: false,
            stickied: false,
            subreddit: 'programming',
            subreddit_name_prefixed: 'r/programming',
            ups: 9,
          },
        },
      ],
    },
  },
];

describe('reddit imports keep every source field: the answered ones in columns, the rest in extra', () => {
  let store: Store;
  let dir: string;
  const source = () => createSqlForumSource(store.db);
  const writeLines = (name: string, records: readonly object[]) => {
    const path = join(dir, name);
    writeFileSync(path, records.map((record) => JSON.stringify(record)).join('\n') + '\n');
    return path;
  };
  /** What the forum derives from its rows: a re-import that changes no answered column leaves all of it as it was. */
  const derived = async () => ({
    search: await forumSearchContent(store.db),
    activity: await store.db
      .selectFrom('forum_activity')
      .selectAll()
      .orderBy('kind')
      .orderBy('community_key')
      .orderBy('unit')
      .orderBy('start')
      .execute(),
    replies: await store.db
      .selectFrom('forum_reply_counts')
      .selectAll()
      .orderBy('post_id')
      .orderBy('parent_key')
      .execute(),
    versions: await store.db.selectFrom('forum_thread_versions').selectAll().orderBy('post_id').execute(),
  });

  beforeEach(async () => {
    store = await openTestStore();
    dir = mkdtempSync(join(tmpdir(), 'sq-reddit-extra-'));
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reddit-ndjson: a submission’s and a comment’s extra, read back only when asked for', async () => {
    const summary = await importData(
      store.db,
      'forum',
      'reddit-ndjson',
      writeLines('RS.ndjson', [gallery, crosspost, comment]),
    );
    expect([summary.imported, summary.skipped]).toEqual([3, 0]);

    const posts = await source().postsByIds(['17abcde', '17xpost'], { extra: true });
    const byId = new Map(posts.map((post) => [post.id, post]));
    expect(byId.get('17abcde')?.extra).toEqual(galleryExtra);
    // a permalink fills the url column: the link (`url`) is kept, as are a `created` that is not `created_utc` (none here) and `over_18`
    expect(byId.get('17xpost')?.extra).toEqual(crosspostExtra);
    expect(byId.get('17xpost')).toMatchObject({
      url: 'https://www.reddit.com/r/EarthPorn/comments/17xpost/timelapse/',
      createdAt: '2023-10-18T06:20:00.500Z',
    });
    const [stored] = await source().commentsByIds(['k5abc12'], { extra: true });
    expect(stored?.extra).toEqual(commentExtra);
    // as the columns answer them: nothing of the answered fields is repeated in extra
    expect(stored).toMatchObject({ body: 'Shot on a 24-70 & a tripod.', editedAt: '2023-10-18T04:06:40.000Z' });

    // without ReadOptions.extra the records have no extra key (the column is not read)
    const [plain] = await source().postsByIds(['17abcde']);
    expect(plain).not.toHaveProperty('extra');
    const [plainComment] = await source().commentsByIds(['k5abc12']);
    expect(plainComment).not.toHaveProperty('extra');
    const listed = await source().userComments({ username: 'trail_mix', limit: 5 }, { extra: true });
    expect(listed.map((c) => c.extra)).toEqual([commentExtra]);
  });

  it('an unchanged re-import changes nothing: no row updated, nothing derived touched', async () => {
    const path = writeLines('RS.ndjson', [gallery, crosspost, comment]);
    await importData(store.db, 'forum', 'reddit-ndjson', path);
    const rows = async () => ({
      posts: await store.db.selectFrom('forum_posts').selectAll().orderBy('id').execute(),
      comments: await store.db.selectFrom('forum_comments').selectAll().orderBy('id').execute(),
    });
    const [beforeRows, beforeDerived] = [await rows(), await derived()];
    const again = await importData(store.db, 'forum', 'reddit-ndjson', path);
    expect([again.imported, again.updated, again.unchanged]).toEqual([0, 0, 3]);
    expect(again.tables).toEqual({
      forum_posts: { imported: 0, updated: 0, unchanged: 2 },
      forum_comments: { imported: 0, updated: 0, unchanged: 1 },
    });
    expect(await rows()).toEqual(beforeRows);
    expect(await derived()).toEqual(beforeDerived);
  });

  it('a re-import that changes only extra updates the row, not the search index, counts or thread versions', async () => {
    await importData(store.db, 'forum', 'reddit-ndjson', writeLines('a.ndjson', [gallery, comment]));
    const before = await derived();
    const later = {
      ...comment,
      _meta: { removal_type: 'deleted', was_deleted_later: false },
      retrieved_on: 1697990000,
    };
    const again = await importData(store.db, 'forum', 'reddit-ndjson', writeLines('b.ndjson', [gallery, later]));
    expect(again.tables.forum_comments).toEqual({ imported: 0, updated: 1, unchanged: 0 });
    expect(await derived()).toEqual(before);
    const [stored] = await source().commentsByIds(['k5abc12'], { extra: true });
    expect(stored?.extra).toMatchObject({ _meta: later._meta, retrieved_on: 1697990000 });
  });

  it('reddit-api: a comments page’s post and comments, replies, depth and wrapper left out, read back as sent (escaped)', async () => {
    const summary = await importDocuments(store.db, 'forum', 'reddit-api', [commentsPage], { where: 'test' });
    expect([summary.imported, summary.skipped]).toEqual([3, 0]);
    const [post] = await source().postsByIds(['1gq9zz1'], { extra: true });
    expect(post).toMatchObject({ title: 'Ampersands & you', content: 'Why &?' });
    expect(post?.extra).toEqual({
      approved_at_utc: null,
      author_fullname: 't2_ada1',
      clicked: false,
      domain: 'self.programming',
      hidden: false,
      is_self: true,
      likes: null,
      link_flair_text: 'Question',
      over_18: false,
      saved: false,
      upvote_ratio: 0.93,
      url: 'https://www.reddit.com/r/programming/comments/1gq9zz1/ampersands/',
      visited: false,
    });
    const comments = await source().commentsByIds(['lx0aaa1', 'lx0aaa2'], { extra: true });
    expect(new Map(comments.map((c) => [c.id, c.extra]))).toEqual(
      new Map([
        ['lx0aaa1', { controversiality: 0, downs: 0, is_submitter: false, score_hidden: false, ups: 9 }],
        ['lx0aaa2', { is_submitter: true }],
      ]),
    );

    const again = await importDocuments(store.db, 'forum', 'reddit-api', [commentsPage], { where: 'test' });
    expect([again.imported, again.updated, again.unchanged]).toEqual([0, 0, 3]);
  });

  it('keeps `created` where it is not `created_utc`, and takes `url` where no permalink fills the column', () => {
    const { permalink: _, ...linkOnly } = { ...crosspost, created: 1697581200.5 };
    const row = mapRedditSubmission(linkOnly).values;
    expect(row.url).toBe('https://v.redd.it/q1');
    const extra = JSON.parse(row.extra) as Record<string, unknown>;
    expect(extra).toMatchObject({ created: 1697581200.5, domain: 'v.redd.it' });
    expect(extra).not.toHaveProperty('url');
    const pushshift = mapRedditComment({ ...comment, created: 1697572400 }).values;
    expect(JSON.parse(pushshift.extra)).toMatchObject({ created: 1697572400 });
  });

  it('rows stored before (the demo’s, or before migration 0029) have no extra, asked or not', async () => {
    await importData(store.db, 'forum', 'reddit-ndjson', writeLines('RS.ndjson', [gallery]));
    await store.db.updateTable('forum_posts').set({ extra: '' }).execute();
    const [post] = await source().postsByIds(['17abcde'], { extra: true });
    expect(post).toBeDefined();
    expect(post).not.toHaveProperty('extra');
  });
});
