import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  AggregateData,
  CommentsData,
  InteractionsData,
  SubmissionsData,
  UserInteractionsResponse,
} from '@socialquery/forum';
import { importData } from '@socialquery/store';
import { pino } from 'pino';
import request from 'supertest';
import { createApp } from '../src/app.js';
import { createRequestBudget } from '../src/rate-limit.js';
import { NOW, startTestService, type TestService } from './harness.js';

const SUB = 'CompatSpace';
const T0 = 1_700_000_000;

/** Arctic Shift-shaped submission lines (RS_*): what the dumps carry, as they carry it. */
const submission = (n: number, fields: Record<string, unknown> = {}) => ({
  id: `cmp${n}`,
  name: `t3_cmp${n}`,
  subreddit: SUB,
  subreddit_name_prefixed: `r/${SUB}`,
  subreddit_id: 't5_cmp',
  author: n % 2 === 0 ? 'cmp_even' : 'cmp_odd',
  author_fullname: `t2_cmp${n % 2}`,
  title: `Post number ${n} about telescopes`,
  selftext: n === 2 ? 'Mirrors &amp; lenses &lt;3' : '',
  url: `https://www.reddit.com/r/${SUB}/comments/cmp${n}/post_number_${n}/`,
  permalink: `/r/${SUB}/comments/cmp${n}/post_number_${n}/`,
  domain: `self.${SUB}`,
  is_self: true,
  over_18: n === 5,
  spoiler: n === 3,
  link_flair_text: n === 4 ? 'Deep Sky' : null,
  ups: n * 10,
  downs: 0,
  score: n * 10,
  num_comments: n,
  created_utc: T0 + n * 60,
  created: T0 + n * 60,
  retrieved_on: T0 + 86_400,
  ...fields,
});

const posts = [
  submission(1, { url: 'https://i.imgur.com/galaxy.jpg', domain: 'i.imgur.com', is_self: false }),
  submission(2, { title: 'Q &amp; A: mirrors' }),
  submission(3),
  submission(4),
  submission(5),
  submission(6),
  submission(7, { title: 'Dobsonian first light', crosspost_parent: 't3_cmp1' }),
];

const comment = (id: string, parent: string, n: number, fields: Record<string, unknown> = {}) => ({
  id,
  name: `t1_${id}`,
  link_id: 't3_cmp1',
  parent_id: parent,
  subreddit: SUB,
  author: `cmp_c${n}`,
  body: `Comment ${n} on the galaxy photo`,
  score: n,
  ups: n,
  downs: 0,
  controversiality: 0,
  is_submitter: false,
  created_utc: T0 + 1000 + n,
  edited: false,
  distinguished: null,
  stickied: false,
  permalink: `/r/${SUB}/comments/cmp1/galaxy/${id}/`,
  retrieved_on: T0 + 86_400,
  ...fields,
});

const comments = [
  comment('kc1', 't3_cmp1', 1, { edited: T0 + 2000, author_flair_text: 'Astronomer' }),
  comment('kc2', 't1_kc1', 2, { body: 'Reply about the lens', distinguished: 'moderator' }),
  comment('kc3', 't3_cmp1', 3, { permalink: undefined }),
  comment('kc4', 't1_kc1', 4),
];

/** What a record answers: the line without the fields the store keeps only once (the importer README's repeats). */
function asAnswered(line: Record<string, unknown>): Record<string, unknown> {
  const { name: _name, subreddit_name_prefixed: _prefixed, created: _created, ...kept } = line;
  return Object.fromEntries(Object.entries(kept).filter(([, value]) => value !== undefined));
}

let service: TestService;
let dir: string;
beforeAll(async () => {
  service = await startTestService();
  dir = mkdtempSync(join(tmpdir(), 'sq-api-compat-'));
  const path = join(dir, 'RS_RC.ndjson');
  writeFileSync(path, [...posts, ...comments].map((line) => JSON.stringify(line)).join('\n') + '\n');
  await importData(service.store.db, 'forum', 'reddit-ndjson', path);
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, query: Record<string, string> = {}) =>
  request(service.app).get(path).query(query).set('Authorization', `Bearer ${service.token}`);
const arctic = (path: string, query: Record<string, string> = {}) => get(`/compat/arctic-shift/api/${path}`, query);
const pushshift = (path: string, query: Record<string, string> = {}) =>
  get(`/compat/pushshift/reddit/search/${path}`, query);
const ids = (body: { data: { id: string }[] }) => body.data.map((record) => record.id);

describe('Arctic Shift routes', () => {
  it('posts by id: each post as its line gave it (text decoded once), in the order asked', async () => {
    const answer = await arctic('posts/ids', { ids: 'cmp2,t3_cmp1,nope' });
    expect(answer.status).toBe(200);
    const { data } = SubmissionsData.parse(answer.body);
    expect(data).toEqual([
      asAnswered({ ...posts[1]!, title: 'Q & A: mirrors', selftext: 'Mirrors & lenses <3' }),
      asAnswered(posts[0]!),
    ]);
  });

  it('comments by id: link and parent ids, edited, distinguished as the line gave them; no made-up permalink', async () => {
    const answer = await arctic('comments/ids', { ids: 't1_kc2,kc1,kc3' });
    expect(CommentsData.parse(answer.body).data).toEqual([
      asAnswered(comments[1]!),
      asAnswered(comments[0]!),
      asAnswered(comments[2]!),
    ]);
    expect(answer.body.data[2]).not.toHaveProperty('permalink');
  });

  it('posts search: a subreddit newest first, or oldest first from a date, walked by created_utc as scripts do', async () => {
    const newest = await arctic('posts/search', { subreddit: `r/${SUB.toLowerCase()}` });
    expect(ids(newest.body)).toEqual(['cmp7', 'cmp6', 'cmp5', 'cmp4', 'cmp3', 'cmp2', 'cmp1']);

    // a script reads on with the last created_utc as `after`
    const walked: string[] = [];
    let after = String(T0);
    for (;;) {
      const page = await arctic('posts/search', { subreddit: SUB, sort: 'asc', after, limit: '3' });
      expect(page.status).toBe(200);
      const data = SubmissionsData.parse(page.body).data;
      if (data.length === 0) break;
      walked.push(...data.map((post) => post.id));
      after = String(data.at(-1)!.created_utc);
    }
    expect(walked).toEqual(['cmp1', 'cmp2', 'cmp3', 'cmp4', 'cmp5', 'cmp6', 'cmp7']);
  });

  it('posts search: every filter narrows (author, dates in every form, over_18, spoiler, flair, url, crosspost, text)', async () => {
    const search = async (query: Record<string, string>) =>
      ids((await arctic('posts/search', { subreddit: SUB, ...query })).body);
    expect(await search({ author: 'u/CMP_EVEN' })).toEqual(['cmp6', 'cmp4', 'cmp2']);
    expect(await search({ after: new Date((T0 + 5 * 60) * 1000).toISOString() })).toEqual(['cmp7', 'cmp6']);
    expect(await search({ before: String((T0 + 3 * 60) * 1000) })).toEqual(['cmp2', 'cmp1']);
    expect(await search({ before: '2023-11-14 22:16:00' })).toEqual(['cmp2', 'cmp1']);
    expect(await search({ after: '100000d' })).toHaveLength(7);
    // a bare m is months on Arctic Shift's routes: 3m before the test's now leaves these 2023 posts out
    expect(await search({ after: '3m' })).toEqual([]);
    expect(await search({ before: '3m' })).toHaveLength(7);
    expect(await search({ over_18: 'yes' })).toEqual(['cmp5']);
    expect(await search({ over_18: 'n' })).not.toContain('cmp5');
    expect(await search({ spoiler: '1' })).toEqual(['cmp3']);
    expect(await search({ link_flair_text: 'sky' })).toEqual(['cmp4']);
    expect(await search({ url: 'https://i.imgur.com/' })).toEqual(['cmp1']);
    expect(await search({ url: 'https://i.imgur.com/', url_exact: 'true' })).toEqual([]);
    expect(await search({ crosspost_parent_id: 't3_cmp1' })).toEqual(['cmp7']);
    expect(await search({ title: 'dobsonian' })).toEqual(['cmp7']);
    expect(await search({ title: 'mirrors', sort: 'asc' })).toEqual(['cmp2']);
    expect(await search({ selftext: 'lenses' })).toEqual(['cmp2']);
    expect(await search({ query: 'telescopes -"number 3"', limit: '2' })).toEqual(['cmp6', 'cmp5']);
  });

  it('comments search: a post, its top level, a comment’s replies, the body, an author’s flair', async () => {
    const search = async (query: Record<string, string>) => ids((await arctic('comments/search', query)).body);
    expect(await search({ link_id: 'cmp1', sort: 'asc' })).toEqual(['kc1', 'kc2', 'kc3', 'kc4']);
    expect(await search({ link_id: 't3_cmp1', parent_id: '' })).toEqual(['kc3', 'kc1']);
    expect(await search({ parent_id: 't1_kc1' })).toEqual(['kc4', 'kc2']);
    expect(await search({ body: 'lens', subreddit: SUB })).toEqual(['kc2']);
    expect(await search({ body: 'galaxy', link_id: 'cmp1', parent_id: '' })).toEqual(['kc3', 'kc1']);
    expect(await search({ author_flair_text: 'astronomer', subreddit: SUB })).toEqual(['kc1']);
    expect(await search({ distinguished: 'moderator', link_id: 'cmp1', sort_type: 'created_utc' })).toEqual(['kc2']);
  });

  it('fields trims each record; an unknown field, an unknown parameter or a bad date is a 400 naming it', async () => {
    const trimmed = await arctic('posts/search', { subreddit: SUB, fields: 'id,created_utc', limit: '1' });
    expect(trimmed.body).toEqual({ data: [{ id: 'cmp7', created_utc: T0 + 7 * 60 }] });
    const unknownField = await arctic('posts/search', { fields: 'id,nonsense' });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body.code).toBe('invalid_parameter');
    const md2html = await arctic('posts/search', { md2html: 'true' });
    expect(md2html.status).toBe(400);
    expect(md2html.body.code).toBe('unknown_parameter');
    const date = await arctic('posts/search', { after: 'yesterday' });
    expect(date.status).toBe(400);
    expect(date.body.message).toMatch(/^after must be epoch seconds/);
    const empty = await arctic('posts/search', { after: '2024-01-02', before: '2024-01-01' });
    expect(empty.status).toBe(400);
    expect((await request(service.app).get('/compat/arctic-shift/api/posts/search')).status).toBe(401);
  });
});

describe('Arctic Shift aggregates', () => {
  const aggregate = async (kind: 'posts' | 'comments', query: Record<string, string>) => {
    const answer = await arctic(`${kind}/search/aggregate`, query);
    expect(answer.status).toBe(200);
    return AggregateData.parse(answer.body).data;
  };

  it('counts by created_utc, author and subreddit, under every filter the forum aggregate takes', async () => {
    expect(await aggregate('posts', { aggregate: 'created_utc', frequency: 'day', subreddit: SUB })).toEqual([
      { created_utc: '2023-11-14T00:00:00.000Z', count: 7 },
    ]);
    expect(await aggregate('posts', { aggregate: 'author', subreddit: SUB })).toEqual([
      { author: 'cmp_odd', count: 4 },
      { author: 'cmp_even', count: 3 },
    ]);
    expect(await aggregate('posts', { aggregate: 'author', subreddit: SUB, query: 'telescopes' })).toEqual([
      { author: 'cmp_odd', count: 3 },
      { author: 'cmp_even', count: 2 },
    ]);
    expect(await aggregate('posts', { aggregate: 'author', subreddit: SUB, min_count: '4' })).toEqual([
      { author: 'cmp_odd', count: 4 },
    ]);
    expect(await aggregate('posts', { aggregate: 'subreddit', author: 'cmp_even' })).toEqual([
      { subreddit: SUB, count: 3 },
    ]);
    expect(await aggregate('posts', { aggregate: 'author', subreddit: SUB, over_18: 'true' })).toEqual([
      { author: 'cmp_odd', count: 1 },
    ]);
    expect(await aggregate('comments', { aggregate: 'created_utc', frequency: 'hour', link_id: 't3_cmp1' })).toEqual([
      { created_utc: '2023-11-14T22:00:00.000Z', count: 4 },
    ]);
    expect(
      await aggregate('comments', { aggregate: 'created_utc', frequency: 'year', body: 'galaxy', subreddit: SUB }),
    ).toEqual([{ created_utc: '2023-01-01T00:00:00.000Z', count: 3 }]);
  });

  it('answers the counts of the forum aggregate, earliest first (latest with sort=desc), limit of them', async () => {
    const own = await get('/api/v1/forum/aggregate', { kind: 'posts', groupBy: 'month' });
    const months = own.body.buckets.map(({ key, count }: { key: string; count: number }) => ({
      created_utc: key,
      count,
    }));
    expect(months.length).toBeGreaterThan(2);
    expect(await aggregate('posts', { aggregate: 'created_utc', frequency: 'month' })).toEqual(months);
    expect(
      await aggregate('posts', { aggregate: 'created_utc', frequency: 'month', sort: 'desc', limit: '2' }),
    ).toEqual(months.reverse().slice(0, 2));
    const authors = await get('/api/v1/forum/aggregate', { kind: 'comments', groupBy: 'author', limit: '5' });
    expect(await aggregate('comments', { aggregate: 'author', limit: '5' })).toEqual(
      authors.body.buckets.map(({ key, count }: { key: string; count: number }) => ({ author: key, count })),
    );
  });

  it('refuses what it cannot count, naming the parameter', async () => {
    const refused = async (kind: 'posts' | 'comments', query: Record<string, string>, path: string) => {
      const answer = await arctic(`${kind}/search/aggregate`, query);
      expect(answer.status).toBe(400);
      expect(answer.body.issues?.[0]?.path ?? answer.body.message).toContain(path);
    };
    await refused('posts', { aggregate: 'created_utc' }, 'frequency');
    await refused('posts', { aggregate: 'created_utc', frequency: 'quarter' }, 'frequency');
    await refused('posts', { aggregate: 'author', sort: 'asc' }, 'sort');
    await refused('posts', { aggregate: 'author', query: '"a phrase"' }, 'query');
    await refused('comments', { aggregate: 'author', limit: '0' }, 'limit');
    const title = await arctic('posts/search/aggregate', { aggregate: 'author', title: 'x' });
    expect(title.body.code).toBe('unknown_parameter');
  });
});

describe('user interactions', () => {
  const interactions = (username: string, query: Record<string, string> = {}) =>
    get(`/api/v1/forum/user/${username}/interactions`, query);

  it('counts replies each way, by the other user, from the stored comments', async () => {
    // kc1 and kc3 answer cmp_odd's post; kc2 and kc4 answer kc1 (cmp_c1's)
    const op = await interactions('CMP_ODD');
    expect(op.status).toBe(200);
    expect(UserInteractionsResponse.parse(op.body).users).toEqual([
      { username: 'cmp_c1', count: 1, repliesTo: 0, repliesFrom: 1 },
      { username: 'cmp_c3', count: 1, repliesTo: 0, repliesFrom: 1 },
    ]);
    expect((await interactions('cmp_c1')).body.users).toEqual([
      { username: 'cmp_c2', count: 1, repliesTo: 0, repliesFrom: 1 },
      { username: 'cmp_c4', count: 1, repliesTo: 0, repliesFrom: 1 },
      { username: 'cmp_odd', count: 1, repliesTo: 1, repliesFrom: 0 },
    ]);
    // the window applies to the replies counted: kc4 only
    const after = String(T0 + 1002);
    expect((await interactions('cmp_c1', { after })).body.users.map((u: { username: string }) => u.username)).toEqual([
      'cmp_c4',
    ]);
    expect((await interactions('cmp_c1', { community: 'elsewhere' })).body).toEqual({ users: [] });
    expect((await interactions('cmp_c1', { minCount: '2' })).body).toEqual({ users: [] });
    expect((await interactions('cmp_c1', { limit: '1' })).body.users).toHaveLength(1);
    expect((await interactions('nobody_at_all')).status).toBe(404);
  });

  it("answers Arctic Shift's route, at both of its paths", async () => {
    for (const path of ['users/interactions/users', 'user_interactions/users']) {
      const answer = await arctic(path, { author: 'u/cmp_c1' });
      expect(answer.status).toBe(200);
      expect(InteractionsData.parse(answer.body).data).toEqual([
        { author: 'cmp_c2', count: 1 },
        { author: 'cmp_c4', count: 1 },
        { author: 'cmp_odd', count: 1 },
      ]);
    }
    expect((await arctic('users/interactions/users', { author: 'cmp_c1', limit: '' })).body.data).toHaveLength(3);
    expect((await arctic('users/interactions/users', { author: 'cmp_c1', min_count: '2' })).body).toEqual({ data: [] });
    expect((await arctic('users/interactions/users', {})).status).toBe(400);
  });
});

describe('Pushshift routes', () => {
  it('submissions: q, score and num_comments comparisons, sort_type=score, size', async () => {
    const search = async (query: Record<string, string>) => ids((await pushshift('submission', query)).body);
    expect(await search({ subreddit: SUB, score: '>40', size: '2' })).toEqual(['cmp7', 'cmp6']);
    expect(await search({ subreddit: SUB, score: '<=20', sort: 'asc' })).toEqual(['cmp1', 'cmp2']);
    expect(await search({ subreddit: SUB, num_comments: '>=6' })).toEqual(['cmp7', 'cmp6']);
    expect(await search({ q: 'telescopes', subreddit: SUB, sort_type: 'score', size: '3' })).toEqual([
      'cmp6',
      'cmp5',
      'cmp4',
    ]);
    expect(await search({ ids: 'cmp3,t3_cmp1' })).toEqual(['cmp3', 'cmp1']);
    const answer = await pushshift('submission', { ids: 'cmp2', fields: 'id,title,created_utc' });
    expect(answer.body).toEqual({ data: [{ id: 'cmp2', title: 'Q & A: mirrors', created_utc: T0 + 120 }] });
  });

  it('comments: link_id, parent_id t3_ (the top level) and t1_, q', async () => {
    const search = async (query: Record<string, string>) => ids((await pushshift('comment', query)).body);
    expect(await search({ link_id: 't3_cmp1', sort: 'asc' })).toEqual(['kc1', 'kc2', 'kc3', 'kc4']);
    expect(await search({ parent_id: 't3_cmp1' })).toEqual(['kc3', 'kc1']);
    expect(await search({ parent_id: 't1_kc1', sort: 'asc' })).toEqual(['kc2', 'kc4']);
    expect(await search({ q: 'reply', author: 'cmp_c2' })).toEqual(['kc2']);
    // ids with filters: those of them that match
    expect(await search({ ids: 'kc4,kc3,kc2,kc1', parent_id: 't1_kc1' })).toEqual(['kc4', 'kc2']);
    expect(await search({ ids: 'kc4,kc3,kc2,kc1', q: 'galaxy', score: '>1' })).toEqual(['kc4', 'kc3']);
  });

  it('refuses what it does not read, saying why', async () => {
    const scoreAsc = await pushshift('submission', { q: 'telescopes', sort_type: 'score', sort: 'asc' });
    expect(scoreAsc.status).toBe(400);
    expect(scoreAsc.body.message).toMatch(/sort_type score orders a q search/);
    const wrongPost = await pushshift('comment', { parent_id: 't3_cmp1', link_id: 'cmp2' });
    expect(wrongPost.status).toBe(400);
    expect(wrongPost.body.message).toMatch(/parent_id names a post other than link_id's/);
    expect((await pushshift('submission', { metadata: 'true' })).body.code).toBe('unknown_parameter');
    expect((await pushshift('submission', { score: 'lots' })).status).toBe(400);
  });

  it('a client written as Pushshift scripts are (before = the last created_utc) reads every post once', async () => {
    /** What psaw/pmaw-style clients do: pages of `size`, newest first, until a page comes back empty. */
    async function* submissions(params: Record<string, string>) {
      let before: string | undefined;
      for (;;) {
        const page = await pushshift('submission', { ...params, ...(before ? { before } : {}) });
        if (page.status !== 200) throw new Error(`HTTP ${page.status}`);
        const data = SubmissionsData.parse(page.body).data;
        if (data.length === 0) return;
        yield* data;
        before = String(data.at(-1)!.created_utc);
      }
    }
    const seen: string[] = [];
    for await (const post of submissions({ subreddit: SUB, size: '2' })) seen.push(post.id);
    expect(seen).toEqual(['cmp7', 'cmp6', 'cmp5', 'cmp4', 'cmp3', 'cmp2', 'cmp1']);
  });
});

describe('SOCIALQUERY_COMPAT_ROUTES=off', () => {
  it('leaves the routes out (404) and the forum’s own operations in', async () => {
    const logger = pino({ level: 'silent' });
    const app = createApp({
      store: service.store,
      logger,
      cursorSecret: 'test-secret-0123456789',
      clock: () => NOW,
      budget: createRequestBudget({ limit: 1000, windowMs: 60_000, logger }),
      compatRoutes: false,
    });
    const auth = `Bearer ${service.token}`;
    const off = await request(app)
      .get('/compat/arctic-shift/api/posts/ids')
      .query({ ids: 'cmp1' })
      .set('Authorization', auth);
    expect(off.status).toBe(404);
    const own = await request(app).get('/api/v1/forum/posts').query({ ids: 'cmp1' }).set('Authorization', auth);
    expect(own.body.posts.map((post: { id: string }) => post.id)).toEqual(['cmp1']);
  });
});
