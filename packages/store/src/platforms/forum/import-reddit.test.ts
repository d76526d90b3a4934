import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importData } from '../../import/index.js';
import type { Store } from '../../store.js';
import { openTestStore } from '../../testing.js';
import { mapRedditComment, mapRedditLine, mapRedditSubmission } from './import-reddit.js';

const submission = (fields: Record<string, unknown>) => ({
  id: 'abc123',
  subreddit: 'programming',
  author: 'someone',
  created_utc: 1_700_000_000,
  score: 5,
  ...fields,
});

describe('reddit-ndjson submissions: text as the dumps escape it', () => {
  it('decodes &amp; &lt; &gt; in title and selftext once, as Reddit escapes them', () => {
    const { values } = mapRedditSubmission(
      submission({ title: 'Q&amp;A: &gt;_&lt; and &amp;lt;3', selftext: 'if a &lt; b &amp;&amp; c &gt; d' }),
    );
    expect(values.title).toBe('Q&A: >_< and &lt;3');
    expect(values.content).toBe('if a < b && c > d');
  });

  it('leaves what Reddit does not escape as it is (quotes, other entities)', () => {
    const { values } = mapRedditSubmission(
      submission({ title: '&quot;quoted&quot; &#39;x&#39; &copy;', selftext: '' }),
    );
    expect(values.title).toBe('&quot;quoted&quot; &#39;x&#39; &copy;');
  });
});

describe('reddit-ndjson submissions: ids', () => {
  it('takes an id with or without its t3_ prefix as the same post', () => {
    expect(mapRedditSubmission(submission({ id: 't3_abc123', title: 't' })).values.id).toBe('abc123');
    expect(mapRedditSubmission(submission({ title: 't' })).values.id).toBe('abc123');
  });
});

/** Shaped like an RC_2007-10 line of Pushshift: created_utc a string, ups and downs, no stickied or permalink. */
const rc2007 = {
  score_hidden: false,
  name: 't1_c02s9ke',
  link_id: 't3_5zt8i',
  body: 'Paul Graham &gt; Joel Spolsky, &amp; that is that.',
  downs: 0,
  created_utc: '1192450643',
  score: 3,
  author: 'jfpbookworm',
  distinguished: null,
  id: 'c02s9ke',
  archived: true,
  parent_id: 't3_5zt8i',
  subreddit: 'reddit.com',
  author_flair_css_class: null,
  author_flair_text: null,
  gilded: 0,
  retrieved_on: 1427426409,
  ups: 3,
  controversiality: 0,
  subreddit_id: 't5_6',
  edited: false,
};

/** Shaped like an RC_2015-01 line, as a reply: parent a t1_ fullname, created_utc still a string. */
const rc2015 = {
  score_hidden: false,
  name: 't1_cnas8zv',
  link_id: 't3_2qyr1a',
  body: 'Most of us have some family members like this. *Most* of my family is like this. ',
  downs: 0,
  created_utc: '1420070400',
  score: 14,
  author: 'YoungModern',
  distinguished: null,
  id: 'cnas8zv',
  archived: false,
  parent_id: 't1_cnas2b6',
  subreddit: 'exmormon',
  author_flair_css_class: null,
  author_flair_text: null,
  gilded: 0,
  retrieved_on: 1425124282,
  ups: 14,
  controversiality: 0,
  subreddit_id: 't5_2r0gj',
  edited: false,
};

/** Shaped like an RC_2019-10 line: created_utc a number, no ups/downs, a relative permalink, stickied and distinguished. */
const rc2019 = {
  all_awardings: [],
  author: 'AutoModerator',
  author_flair_css_class: null,
  author_flair_text: null,
  author_fullname: 't2_6l4z3',
  body: '**Please read the rules** before commenting &amp; be civil.',
  can_gild: true,
  collapsed: false,
  controversiality: 0,
  created_utc: 1569888000,
  distinguished: 'moderator',
  edited: false,
  gilded: 0,
  gildings: {},
  id: 'f1ixw6x',
  is_submitter: false,
  link_id: 't3_dbnqp2',
  locked: false,
  no_follow: true,
  parent_id: 't3_dbnqp2',
  permalink: '/r/AskReddit/comments/dbnqp2/what_is_your_favourite_word/f1ixw6x/',
  retrieved_on: 1569890000,
  score: 1,
  send_replies: false,
  stickied: true,
  subreddit: 'AskReddit',
  subreddit_id: 't5_2qh1i',
  subreddit_name_prefixed: 'r/AskReddit',
  subreddit_type: 'public',
  total_awards_received: 0,
};

/** Shaped like an Arctic Shift RC_2023-08 line (the API's own fields): fractional times, ups and downs, edited as a time. */
const rc2023 = {
  author: 'rustacean_42',
  author_fullname: 't2_b3c4d5e6',
  body: 'Use `Option&lt;T&gt;` here; I wrote &amp;lt;T&amp;gt; to show the escape.',
  controversiality: 0,
  created: 1690934400.0,
  created_utc: 1690934400.5,
  distinguished: null,
  downs: 0,
  edited: 1690938000.75,
  id: 'jv8k2lm',
  is_submitter: true,
  link_id: 't3_15g2abc',
  name: 't1_jv8k2lm',
  parent_id: 't1_jv8jzzz',
  permalink: '/r/rust/comments/15g2abc/option_vs_result/jv8k2lm/',
  retrieved_on: 1690940000,
  score: 7,
  score_hidden: false,
  stickied: false,
  subreddit: 'rust',
  subreddit_id: 't5_2s7lj',
  ups: 7,
};

const comment = (fields: Record<string, unknown> = {}) => mapRedditComment({ ...rc2019, ...fields }).values;

describe('reddit-ndjson comments: every era of the RC_* dumps', () => {
  it('maps a 2007 line: created_utc as a string, ups and downs as given, a t3_ parent is the top level, url built', () => {
    expect(mapRedditComment(rc2007).values).toEqual({
      id: 'c02s9ke',
      num: 0, // the writer gives it
      post_id: '5zt8i',
      parent_key: '',
      community: 'reddit.com',
      community_key: 'reddit.com',
      author: 'jfpbookworm',
      author_key: 'jfpbookworm',
      body: 'Paul Graham > Joel Spolsky, & that is that.',
      score: 3,
      ups: 3,
      downs: 0,
      best: expect.any(Number),
      created_at: 1_192_450_643_000,
      edited: 0,
      edited_at: null,
      distinguished: null,
      stickied: 0,
      deleted: 0,
      removed: 0,
      url: 'https://www.reddit.com/r/reddit.com/comments/5zt8i/_/c02s9ke/',
      extra: JSON.stringify({
        score_hidden: false,
        downs: 0,
        archived: true,
        author_flair_css_class: null,
        author_flair_text: null,
        gilded: 0,
        retrieved_on: 1427426409,
        ups: 3,
        controversiality: 0,
        subreddit_id: 't5_6',
      }),
    });
  });

  it('maps a 2015 reply: a t1_ parent is that comment', () => {
    expect(mapRedditComment(rc2015).values).toMatchObject({
      id: 'cnas8zv',
      post_id: '2qyr1a',
      parent_key: 'cnas2b6',
      created_at: 1_420_070_400_000,
      body: 'Most of us have some family members like this. *Most* of my family is like this. ',
    });
  });

  it('maps a 2019 line: no ups/downs (derived from the score), relative permalink, a stickied moderator comment', () => {
    expect(mapRedditComment(rc2019).values).toMatchObject({
      id: 'f1ixw6x',
      post_id: 'dbnqp2',
      parent_key: '',
      author: 'AutoModerator',
      body: '**Please read the rules** before commenting & be civil.',
      score: 1,
      ups: 1,
      downs: 0,
      created_at: 1_569_888_000_000,
      distinguished: 'moderator',
      stickied: 1,
      url: 'https://www.reddit.com/r/AskReddit/comments/dbnqp2/what_is_your_favourite_word/f1ixw6x/',
    });
  });

  it('maps a 2023 Arctic Shift line: fractional created_utc and edited (rounded to ms), entities decoded once', () => {
    expect(mapRedditComment(rc2023).values).toMatchObject({
      id: 'jv8k2lm',
      post_id: '15g2abc',
      parent_key: 'jv8jzzz',
      body: 'Use `Option<T>` here; I wrote &lt;T&gt; to show the escape.',
      created_at: 1_690_934_400_500,
      edited: 1,
      edited_at: 1_690_938_000_750,
      url: 'https://www.reddit.com/r/rust/comments/15g2abc/option_vs_result/jv8k2lm/',
    });
  });

  it('takes an id with or without its t1_ prefix as the same comment', () => {
    expect(comment({ id: 't1_f1ixw6x' }).id).toBe('f1ixw6x');
    expect(comment({ id: 'f1ixw6x' }).id).toBe('f1ixw6x');
  });

  it('reads bare link and parent ids: the link is the post, another id a comment', () => {
    expect(comment({ link_id: 'dbnqp2', parent_id: 'dbnqp2' })).toMatchObject({ post_id: 'dbnqp2', parent_key: '' });
    expect(comment({ link_id: 'dbnqp2', parent_id: 'f1ixu2d' })).toMatchObject({
      post_id: 'dbnqp2',
      parent_key: 'f1ixu2d',
    });
    // a prefixed comment parent is a comment even where its base-36 id equals the post's
    expect(comment({ link_id: 't3_dbnqp2', parent_id: 't1_dbnqp2' }).parent_key).toBe('dbnqp2');
  });

  it("reads Pushshift's 2022–23 API forms: parent_id null is the top level, a number a comment's id in base 10", () => {
    expect(comment({ id: 'j72b5yy', parent_id: null }).parent_key).toBe('');
    expect(comment({ id: 'j72b5yy', parent_id: 41_785_179_015 }).parent_key).toBe('j71teh3');
  });

  it('builds the url from subreddit, post and id when there is no permalink; keeps an absolute permalink', () => {
    expect(comment({ permalink: undefined }).url).toBe('https://www.reddit.com/r/AskReddit/comments/dbnqp2/_/f1ixw6x/');
    const absolute = 'https://old.reddit.com/r/AskReddit/comments/dbnqp2/x/f1ixw6x/';
    expect(comment({ permalink: absolute }).url).toBe(absolute);
  });

  it('reports a comment without subreddit, link, parent, body or time by the field', () => {
    const without = (field: string) => () => mapRedditComment({ ...rc2019, [field]: undefined });
    expect(without('subreddit')).toThrow('subreddit: expected a non-empty string');
    expect(without('link_id')).toThrow('link_id: expected a non-empty string');
    expect(without('parent_id')).toThrow('parent_id: expected a non-empty string');
    expect(without('body')).toThrow('body: expected a string');
    expect(without('created_utc')).toThrow('created_utc: expected epoch seconds, got undefined');
  });
});

describe('reddit-ndjson comments: score and votes', () => {
  it('passes ups and downs through where the line has them', () => {
    expect(comment({ score: 6, ups: 10, downs: 4 })).toMatchObject({ score: 6, ups: 10, downs: 4 });
  });

  it('takes a missing score as ups − downs, else 0', () => {
    expect(comment({ score: undefined, ups: 10, downs: 4 })).toMatchObject({ score: 6, ups: 10, downs: 4 });
    expect(comment({ score: undefined, ups: 3 })).toMatchObject({ score: 3, ups: 3, downs: 0 });
    expect(comment({ score: undefined })).toMatchObject({ score: 0, ups: 0, downs: 0, best: 0 });
  });

  it('derives ups and downs from the score where the line has neither', () => {
    expect(comment({ score: -4 })).toMatchObject({ score: -4, ups: 0, downs: 4 });
    expect(comment({ score: '12' })).toMatchObject({ score: 12, ups: 12, downs: 0 });
  });
});

describe('reddit-ndjson comments: edited', () => {
  it('reads false, a time in seconds (number, fractional, or numeric string) and true', () => {
    expect(comment({ edited: false })).toMatchObject({ edited: 0, edited_at: null });
    expect(comment({ edited: undefined })).toMatchObject({ edited: 0, edited_at: null });
    expect(comment({ edited: 1_569_890_000 })).toMatchObject({ edited: 1, edited_at: 1_569_890_000_000 });
    expect(comment({ edited: 1_569_890_000.2345 })).toMatchObject({ edited: 1, edited_at: 1_569_890_000_235 });
    expect(comment({ edited: '1569890000' })).toMatchObject({ edited: 1, edited_at: 1_569_890_000_000 });
    expect(comment({ edited: true })).toMatchObject({ edited: 1, edited_at: null });
  });

  it('reports any other edited value', () => {
    expect(() => comment({ edited: 'yesterday' })).toThrow('edited: expected epoch seconds, got "yesterday"');
  });
});

describe('reddit-ndjson comments: deleted, removed, distinguished, stickied', () => {
  it('marks [deleted] deleted and [removed] or [ Removed by Reddit ] removed, keeping the body as given', () => {
    expect(comment({ body: '[deleted]', author: '[deleted]' })).toMatchObject({
      body: '[deleted]',
      author: '[deleted]',
      deleted: 1,
      removed: 0,
    });
    for (const body of ['[removed]', '[ Removed by Reddit ]', '[ Removed by reddit ]'])
      expect(comment({ body })).toMatchObject({ body, deleted: 0, removed: 1 });
    for (const body of ['I saw it before it was [removed]', '[Removed]', '[deleted] by me'])
      expect(comment({ body })).toMatchObject({ deleted: 0, removed: 0 });
  });

  it('takes a missing author as [deleted]', () => {
    expect(comment({ author: undefined })).toMatchObject({ author: '[deleted]', author_key: '[deleted]' });
  });

  it('keeps distinguished as given (missing or null → null) and stickied (missing → false)', () => {
    expect(comment({ distinguished: 'admin', stickied: false })).toMatchObject({ distinguished: 'admin', stickied: 0 });
    expect(comment({ distinguished: null, stickied: undefined })).toMatchObject({ distinguished: null, stickied: 0 });
    expect(comment({ distinguished: undefined })).toMatchObject({ distinguished: null });
  });
});

describe('reddit-ndjson comments: text as the dumps escape it', () => {
  it('decodes &amp; &lt; &gt; in the body exactly once; other entities stay', () => {
    expect(comment({ body: 'a &lt; b &amp;&amp; c &gt; d; typed: &amp;lt;3 &amp;amp; &quot;q&quot;' }).body).toBe(
      'a < b && c > d; typed: &lt;3 &amp; &quot;q&quot;',
    );
  });

  it('keeps the body as typed when the source is not escaped', () => {
    const { values } = mapRedditComment({ ...rc2019, body: 'typed &amp; <b>' }, { escaped: false });
    expect(values.body).toBe('typed &amp; <b>');
  });
});

describe('reddit-ndjson lines: a submission or a comment', () => {
  it('maps a line with a title as a submission and one with body and link_id as a comment', () => {
    const tables = [JSON.stringify(submission({ title: 't' })), JSON.stringify(rc2019)].map((text) => {
      const item = mapRedditLine(text, 'line 1');
      return 'rows' in item ? item.rows[0]?.table : item.error;
    });
    expect(tables).toEqual(['forum_posts', 'forum_comments']);
  });

  it('reports a line that is neither', () => {
    for (const record of [{ id: 'x', body: 'no link' }, { id: 'x', link_id: 't3_y' }, { kind: 't5' }])
      expect(mapRedditLine(JSON.stringify(record), 'line 4')).toEqual({
        location: 'line 4',
        error: 'neither a submission (no title) nor a comment (no body and link_id)',
      });
  });
});

/** Submissions (RS_*) of the threads the comments below answer. */
const rs = [
  {
    id: '15g2abc',
    title: 'Option vs Result &amp; when to use which',
    selftext: '',
    author: 'ferris_fan',
    subreddit: 'rust',
    score: 42,
    num_comments: 3,
    created_utc: 1690930000,
    permalink: '/r/rust/comments/15g2abc/option_vs_result/',
  },
  {
    id: '15g2abd',
    title: 'Lifetimes finally clicked',
    selftext: 'After a year.',
    author: 'rustacean_42',
    subreddit: 'rust',
    score: 9,
    num_comments: 0,
    created_utc: 1690931000,
    permalink: '/r/rust/comments/15g2abd/lifetimes_finally_clicked/',
  },
];

/** Comments (RC_*) of the first thread, a reply before its parent: a file need not list parents first. */
const rc = [
  { ...rc2023 },
  { ...rc2023, id: 'jv8jzzz', name: 't1_jv8jzzz', parent_id: 't3_15g2abc', body: 'Top level.', edited: false },
  { ...rc2023, id: 'jv8kzzz', name: 't1_jv8kzzz', parent_id: 't1_jv8k2lm', body: '[deleted]', author: '[deleted]' },
];

const ndjson = (records: readonly unknown[]) => `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;

describe('reddit-ndjson files with comments (run on each store kind)', () => {
  let store: Store;
  let dir: string;
  beforeAll(async () => {
    store = await openTestStore();
    dir = mkdtempSync(join(tmpdir(), 'sq-reddit-'));
  });
  afterAll(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const file = (name: string, content: string) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const importFile = (path: string) => importData(store.db, 'forum', 'reddit-ndjson', path);
  const rows = async (table: 'forum_posts' | 'forum_comments') =>
    store.db.selectFrom(table).selectAll().orderBy('id').execute();

  it('keeps comments whose post is not in the store; the post imported later is theirs by id', async () => {
    const comments = await importFile(file('RC_2023-08.ndjson', ndjson(rc)));
    expect(comments).toMatchObject({
      imported: 3,
      skipped: 0,
      tables: { forum_comments: { imported: 3, updated: 0, unchanged: 0 } },
    });
    expect((await rows('forum_comments')).map((c) => [c.id, c.post_id, c.parent_key])).toEqual([
      ['jv8jzzz', '15g2abc', ''],
      ['jv8k2lm', '15g2abc', 'jv8jzzz'],
      ['jv8kzzz', '15g2abc', 'jv8k2lm'],
    ]);

    await importFile(file('RS_2023-08.ndjson', ndjson(rs)));
    const thread = await store.db
      .selectFrom('forum_comments as c')
      .innerJoin('forum_posts as p', 'p.id', 'c.post_id')
      .select(['c.id', 'p.title'])
      .orderBy('c.id')
      .execute();
    expect(thread).toEqual(
      ['jv8jzzz', 'jv8k2lm', 'jv8kzzz'].map((id) => ({ id, title: 'Option vs Result & when to use which' })),
    );
  });

  it('reads a file of submissions and comments mixed, in every id form; a re-import changes nothing', async () => {
    const mixed = ndjson([
      { ...rs[0], id: 't3_15h0001', title: 'Mixed', num_comments: 3 },
      { ...rc2015, link_id: 't3_15h0001', parent_id: 't3_15h0001', subreddit: 'rust' },
      { ...rc2007, id: 't1_c02s9ke', link_id: '15h0001', parent_id: 'cnas8zv', subreddit: 'rust' },
      { ...rs[1], id: '15h0002' },
      { ...rc2019, id: 'f1ixw6x', link_id: '15h0002', parent_id: '15h0002', subreddit: 'rust' },
    ]);
    const path = file('mixed.ndjson', mixed);
    expect(await importFile(path)).toMatchObject({
      imported: 5,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      tables: {
        forum_posts: { imported: 2, updated: 0, unchanged: 0 },
        forum_comments: { imported: 3, updated: 0, unchanged: 0 },
      },
    });
    const comments = await store.db
      .selectFrom('forum_comments')
      .select(['id', 'post_id', 'parent_key'])
      .where('post_id', 'in', ['15h0001', '15h0002'])
      .orderBy('id')
      .execute();
    expect(comments).toEqual([
      { id: 'c02s9ke', post_id: '15h0001', parent_key: 'cnas8zv' },
      { id: 'cnas8zv', post_id: '15h0001', parent_key: '' },
      { id: 'f1ixw6x', post_id: '15h0002', parent_key: '' },
    ]);

    const before = { posts: await rows('forum_posts'), comments: await rows('forum_comments') };
    expect(await importFile(path)).toMatchObject({
      imported: 0,
      updated: 0,
      unchanged: 5,
      skipped: 0,
      tables: {
        forum_posts: { imported: 0, updated: 0, unchanged: 2 },
        forum_comments: { imported: 0, updated: 0, unchanged: 3 },
      },
    });
    expect({ posts: await rows('forum_posts'), comments: await rows('forum_comments') }).toEqual(before);
  });

  it('reports a malformed comment line with its line number and imports the others', async () => {
    const good = (id: string) => JSON.stringify({ ...rc2019, id, link_id: 't3_mal0001', parent_id: 't3_mal0001' });
    const lines = [
      good('mal0a01'),
      JSON.stringify({ ...rc2019, id: 'mal0a02', created_utc: 'yesterday' }),
      '{"id":"mal0a03","link_id":"t3_mal0001","body":"cut sh',
      '',
      JSON.stringify({ ...rc2019, id: 'mal0a04', link_id: undefined }),
      JSON.stringify({ ...rc2019, id: 'mal0a05', edited: 'sometime' }),
      good('mal0a06'),
    ];
    const summary = await importFile(file('malformed.ndjson', `${lines.join('\n')}\n`));
    expect(summary).toMatchObject({
      imported: 2,
      skipped: 4,
      tables: { forum_comments: { imported: 2, updated: 0, unchanged: 0 } },
    });
    expect(summary.skips).toEqual([
      { location: 'line 2', reason: 'created_utc: expected epoch seconds, got "yesterday"' },
      { location: 'line 3', reason: expect.stringMatching(/^not JSON at column 54 \(Unterminated string/) },
      { location: 'line 5', reason: 'neither a submission (no title) nor a comment (no body and link_id)' },
      { location: 'line 6', reason: 'edited: expected epoch seconds, got "sometime"' },
    ]);
    const stored = await store.db.selectFrom('forum_comments').select('id').where('post_id', '=', 'mal0001').execute();
    expect(stored.map((c) => c.id).sort()).toEqual(['mal0a01', 'mal0a06']);
  });
});
