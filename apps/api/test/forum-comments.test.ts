import { ErrorBody } from '@socialquery/core';
import {
  type Comment,
  CommentsByIdsResponse,
  commentsByIds,
  CommentsResponse,
  CommentTreeResponse,
  postComments,
  type TreeComment,
  userComments,
} from '@socialquery/forum';
import {
  type ForumCommentInput,
  toForumCommentRow,
  toForumRow,
  upsertForumCommentRows,
  upsertForumRows,
} from '@socialquery/store';
import request from 'supertest';
import { largestThread, NOW, startTestService, type TestService } from './harness.js';
import { describeOperationRules } from './operation-rules.case.js';

let service: TestService;
let example: { postId: string; username: string };

const THREAD = 'tst0thread';
const QUIET = 'tst0quiet';
const AUTHOR = 'Commenter_T';
const at = (minutes: number) => NOW.getTime() - 86_400_000 + minutes * 60_000;

/**
 * A thread of 240 comments of known shape: comment i replies to the post when i mod 6 = 0, else to
 * comment ⌊i/3⌋ (chains reach depth 4); scores repeat, so ties are broken by id. Every third comment
 * is AUTHOR's.
 */
const thread: ForumCommentInput[] = Array.from({ length: 240 }, (_, i) => ({
  id: `tstc${String(i).padStart(3, '0')}`,
  postId: THREAD,
  parentId: i % 6 === 0 ? null : `tstc${String(Math.floor(i / 3)).padStart(3, '0')}`,
  community: 'TestTalk',
  author: i % 3 === 0 ? AUTHOR : `someone${i % 5}`,
  body: `reply ${i} & <more>`,
  score: (i * 7) % 13,
  createdAt: at(i % 40),
  edited: false,
  distinguished: null,
  stickied: false,
  deleted: false,
  removed: false,
  url: `https://forum.example.org/c/TestTalk/comments/${THREAD}/_/tstc${i}`,
}));
const byId = new Map(thread.map((c) => [c.id, c]));
const depthOf = (id: string): number => {
  const parent = byId.get(id)!.parentId;
  return parent === null ? 0 : depthOf(parent) + 1;
};

beforeAll(async () => {
  service = await startTestService();
  const examples = await service.store.examples();
  example = { postId: await largestThread(service), username: examples.forum!.username };
  const post = (id: string) =>
    toForumRow({
      id,
      community: 'TestTalk',
      author: 'op',
      title: 'a thread',
      content: '',
      upvotes: 1,
      downvotes: 0,
      score: 1,
      commentCount: 240,
      createdAt: at(-10),
      url: `https://forum.example.org/${id}`,
    });
  await upsertForumRows(service.store.db, [post(THREAD), post(QUIET)]);
  await upsertForumCommentRows(service.store.db, thread.map(toForumCommentRow));
});
afterAll(() => service.close());

const get = (path: string, query: Record<string, string> = {}) =>
  request(service.app).get(path).query(query).set('Authorization', `Bearer ${service.token}`);

async function tree(query: Record<string, string> = {}, postId = THREAD) {
  const res = await get(`/api/v1/forum/post/${postId}/comments`, query);
  expect(res.status).toBe(200);
  return CommentTreeResponse.parse(res.body);
}

function expectError(res: request.Response, status: number, code: string, path?: string) {
  expect(res.status).toBe(status);
  const body = ErrorBody.parse(res.body);
  expect(body.code).toBe(code);
  if (path) expect(body.issues?.map((issue) => issue.path)).toContain(path);
}

describeOperationRules(
  postComments,
  () => service,
  () => ({ path: { postId: example.postId } }),
);
describeOperationRules(
  userComments,
  () => service,
  () => ({ path: { username: AUTHOR } }),
);
describeOperationRules(
  commentsByIds,
  () => service,
  () => ({ path: {}, query: { ids: 'tstc001,tstc002' } }),
);

describe('GET /api/v1/forum/post/{postId}/comments', () => {
  it('has demo comments: the largest thread holds thousands', async () => {
    const page = await tree({}, example.postId);
    expect(page.comments).toHaveLength(100);
    expect(page.cursor).not.toBe('');
  });

  it('defaults to sort=best, depth 10, limit 100: a depth-first page, siblings best first, each below its parent', async () => {
    const page = await tree();
    expect(page.comments).toHaveLength(100);
    const shown = new Set<string | null>([null]);
    for (const c of page.comments) {
      expect(shown.has(c.parentId)).toBe(true);
      expect(c.depth).toBe(depthOf(c.id));
      shown.add(c.id);
    }
    // siblings in best order: the stored best column, descending, ties by id descending
    const best = new Map(thread.map((c) => [c.id, toForumCommentRow(c).best]));
    const siblingsOf = (parent: string | null) => page.comments.filter((c) => c.parentId === parent).map((c) => c.id);
    for (const parent of shown) {
      const ids = siblingsOf(parent);
      const sorted = [...ids].sort((a, b) => best.get(b)! - best.get(a)! || (a < b ? 1 : -1));
      expect(ids).toEqual(sorted);
    }
  });

  it('renders each comment as the batch lookup does, with the text decoded once', async () => {
    const page = await tree({ sort: 'old', limit: '20' });
    const looked = await get('/api/v1/forum/comments', { ids: page.comments.map((c) => c.id).join(',') });
    const records = CommentsByIdsResponse.parse(looked.body).comments;
    expect(page.comments.map(({ moreReplies: _more, ...c }) => c)).toEqual(records);
    expect(records[0]).toMatchObject({ body: expect.stringMatching(/^reply \d+ & <more>$/), community: 'TestTalk' });
  });

  it.each(['best', 'top', 'new', 'old'])(
    'sort=%s: following every cursor reads every comment of the thread once',
    async (sort) => {
      const seen: TreeComment[] = [];
      const pending: (string | undefined)[] = [undefined];
      let pages = 0;
      while (pending.length > 0) {
        const cursor = pending.pop();
        const page = await tree({ sort, depth: '2', limit: '17', ...(cursor ? { cursor } : {}) });
        pages++;
        expect(page.comments.length).toBeLessThanOrEqual(17);
        seen.push(...page.comments);
        for (const c of page.comments) if (c.moreReplies) pending.push(c.moreReplies.cursor);
        if (page.cursor) pending.push(page.cursor);
      }
      expect(seen.map((c) => c.id).sort()).toEqual(thread.map((c) => c.id).sort());
      expect(pages).toBeGreaterThan(14);
      for (const c of seen) expect(c.depth).toBe(depthOf(c.id));
    },
  );

  it('depth=1 lists top-level comments only, each with the count of its direct replies left out', async () => {
    const page = await tree({ depth: '1', sort: 'new', limit: '500' });
    expect(page.comments.map((c) => c.id).sort()).toEqual(
      thread
        .filter((c) => c.parentId === null)
        .map((c) => c.id)
        .sort(),
    );
    for (const c of page.comments) {
      const replies = thread.filter((r) => r.parentId === c.id).length;
      expect(c.moreReplies?.count ?? 0).toBe(replies);
    }
    expect(page).toMatchObject({ moreCount: 0, cursor: '' });
  });

  it('a cursor continues with any depth and limit, but only for its post and sort', async () => {
    const first = await tree({ sort: 'top', limit: '5', depth: '1' });
    expect(first.moreCount).toBe(40 - 5);
    const next = await tree({ sort: 'top', limit: '3', depth: '3', cursor: first.cursor });
    expect(next.comments.filter((c) => c.depth === 0)).toHaveLength(
      next.comments.filter((c) => c.parentId === null).length,
    );
    expect(first.comments.map((c) => c.id)).not.toContain(next.comments[0]!.id);
    expectError(
      await get(`/api/v1/forum/post/${THREAD}/comments`, { sort: 'new', cursor: first.cursor }),
      400,
      'invalid_cursor',
    );
    expectError(
      await get(`/api/v1/forum/post/${QUIET}/comments`, { sort: 'top', cursor: first.cursor }),
      400,
      'invalid_cursor',
    );
    expectError(await get(`/api/v1/forum/post/${THREAD}/comments`, { cursor: 'garbage' }), 400, 'invalid_cursor');
  });

  it('refuses a bogus sort, depth or limit with the accepted values', async () => {
    for (const [query, path] of [
      [{ sort: 'hot' }, 'sort'],
      [{ depth: '0' }, 'depth'],
      [{ depth: '11' }, 'depth'],
      [{ limit: '501' }, 'limit'],
      [{ limit: 'x' }, 'limit'],
    ] as const) {
      expectError(await get(`/api/v1/forum/post/${THREAD}/comments`, query), 400, 'invalid_parameter', path);
    }
  });

  it('answers a post without comments with an empty page, and 404 when neither post nor comments exist', async () => {
    expect(await tree({}, QUIET)).toEqual({ comments: [], moreCount: 0, cursor: '' });
    expectError(await get('/api/v1/forum/post/no-such-post/comments'), 404, 'not_found');
  });

  it('trims the comments with fields, the page cursor kept', async () => {
    const res = await get(`/api/v1/forum/post/${THREAD}/comments`, {
      limit: '2',
      depth: '1',
      fields: 'id,moreReplies.count',
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body as object).sort()).toEqual(['comments', 'cursor', 'moreCount']);
    for (const c of (res.body as { comments: object[] }).comments)
      expect(Object.keys(c).sort()).toEqual(['id', 'moreReplies']);
  });

  it('format=ndjson exports every comment of the thread once, following every cursor', async () => {
    const res = await get(`/api/v1/forum/post/${THREAD}/comments`, { format: 'ndjson' });
    expect(res.status).toBe(200);
    const lines = res.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Comment);
    expect(lines.map((c) => c.id).sort()).toEqual(thread.map((c) => c.id).sort());
  });
});

describe('GET /api/v1/forum/user/{username}/comments', () => {
  const mine = () =>
    thread.filter((c) => c.author === AUTHOR).sort((a, b) => b.createdAt - a.createdAt || (a.id < b.id ? 1 : -1));

  async function list(query: Record<string, string>, username = AUTHOR) {
    const res = await get(`/api/v1/forum/user/${username}/comments`, query);
    expect(res.status).toBe(200);
    return CommentsResponse.parse(res.body);
  }

  it('lists the newest first, 25 by default, and pages by cursor without skipping or repeating', async () => {
    const first = await list({});
    expect(first.comments.map((c) => c.id)).toEqual(
      mine()
        .slice(0, 25)
        .map((c) => c.id),
    );
    const ids: string[] = [];
    let cursor = '';
    do {
      const page = await list({ limit: '7', ...(cursor ? { cursor } : {}) }, AUTHOR.toUpperCase());
      ids.push(...page.comments.map((c) => c.id));
      cursor = page.cursor;
    } while (cursor);
    expect(ids).toEqual(mine().map((c) => c.id));
    expect(first.comments[0]!.depth).toBe(depthOf(first.comments[0]!.id));
  });

  it('keeps the window and minScore, and binds the cursor to them', async () => {
    const query = { after: new Date(at(10)).toISOString(), before: new Date(at(30)).toISOString(), minScore: '5' };
    const expected = mine().filter((c) => c.createdAt > at(10) && c.createdAt < at(30) && c.score >= 5);
    expect(expected.length).toBeGreaterThan(4);
    const first = await list({ ...query, limit: '3' });
    expect(first.comments.map((c) => c.id)).toEqual(expected.slice(0, 3).map((c) => c.id));
    const second = await list({ ...query, limit: '50', cursor: first.cursor });
    expect(second.comments.map((c) => c.id)).toEqual(expected.slice(3).map((c) => c.id));
    expectError(
      await get(`/api/v1/forum/user/${AUTHOR}/comments`, { ...query, minScore: '4', cursor: first.cursor }),
      400,
      'invalid_cursor',
    );
  });

  it('keeps a score range, and binds the cursor to maxScore', async () => {
    const query = { minScore: '2', maxScore: '6' };
    const expected = mine().filter((c) => c.score >= 2 && c.score <= 6);
    expect(expected.length).toBeGreaterThan(3);
    expect(expected.length).toBeLessThan(mine().length);
    const first = await list({ ...query, limit: '3' });
    expect(first.comments.map((c) => c.id)).toEqual(expected.slice(0, 3).map((c) => c.id));
    const second = await list({ ...query, limit: '1000', cursor: first.cursor });
    expect(second.comments.map((c) => c.id)).toEqual(expected.slice(3).map((c) => c.id));
    expectError(
      await get(`/api/v1/forum/user/${AUTHOR}/comments`, { ...query, maxScore: '7', cursor: first.cursor }),
      400,
      'invalid_cursor',
    );
    expectError(
      await get(`/api/v1/forum/user/${AUTHOR}/comments`, { minScore: '3', maxScore: '2' }),
      400,
      'invalid_parameter',
      'maxScore',
    );
  });

  it('takes after/before relative to the request, bound to the cursor as written', async () => {
    // the thread's comments are a day old and a minute apart: 24h - 20 minutes ago is at(20)
    const query = { after: `${24 * 60 - 10}m`, before: `${24 * 60 - 30}m` };
    const expected = mine().filter((c) => c.createdAt > at(10) && c.createdAt < at(30));
    expect(expected.length).toBeGreaterThan(4);
    const first = await list({ ...query, limit: '3' });
    expect(first.comments.map((c) => c.id)).toEqual(expected.slice(0, 3).map((c) => c.id));
    const second = await list({ ...query, limit: '50', cursor: first.cursor });
    expect(second.comments.map((c) => c.id)).toEqual(expected.slice(3).map((c) => c.id));
    const written = { after: new Date(at(10)).toISOString(), before: new Date(at(30)).toISOString() };
    expectError(
      await get(`/api/v1/forum/user/${AUTHOR}/comments`, { ...written, limit: '50', cursor: first.cursor }),
      400,
      'invalid_cursor',
    );
  });

  it('answers 404 for a user with neither posts nor comments, 200 empty for a known one outside the window', async () => {
    expectError(await get('/api/v1/forum/user/nobody_at_all_x/comments'), 404, 'not_found');
    expect(await list({ after: '2099-01-01' })).toEqual({ comments: [], cursor: '' });
  });
});

describe('GET /api/v1/forum/comments?ids=… (batch lookup)', () => {
  it('answers in the order asked with depths, unknown ids in notFound', async () => {
    const res = await get('/api/v1/forum/comments', { ids: 'tstc100,nope,tstc000,t1_tstc001,tstc100' });
    const body = CommentsByIdsResponse.parse(res.body);
    expect(body.comments.map((c) => [c.id, c.depth, c.parentId])).toEqual([
      ['tstc100', depthOf('tstc100'), 'tstc033'],
      ['tstc000', 0, null],
    ]);
    expect(body.notFound).toEqual(['nope', 't1_tstc001']);
  });

  it('refuses more than 500 ids', async () => {
    const ids = Array.from({ length: 501 }, (_, i) => `x${i}`).join(',');
    expectError(await get('/api/v1/forum/comments', { ids }), 400, 'invalid_parameter', 'ids');
  });
});

// last: it writes comments into the quiet thread
describe('comment tree pages after writes of their thread', () => {
  it('a page asked again shows every write of its thread since, through the same service', async () => {
    const query = { sort: 'new', limit: '5' };
    const shown = async () => (await tree(query, QUIET)).comments.map((c) => [c.id, c.body, c.moreReplies?.count]);
    expect(await shown()).toEqual([]);
    expect(await shown()).toEqual([]);
    const first: ForumCommentInput = {
      ...thread[0]!,
      id: 'tstq001',
      postId: QUIET,
      author: 'late_writer',
      createdAt: at(50),
    };
    await upsertForumCommentRows(service.store.db, [toForumCommentRow(first)]);
    expect(await shown()).toEqual([['tstq001', first.body, undefined]]);
    await upsertForumCommentRows(service.store.db, [toForumCommentRow({ ...first, body: 'edited' })]);
    expect(await shown()).toEqual([['tstq001', 'edited', undefined]]);
    const reply = { ...first, id: 'tstq002', parentId: 'tstq001', body: 'a reply', createdAt: at(51) };
    await upsertForumCommentRows(service.store.db, [toForumCommentRow(reply)]);
    expect(await shown()).toEqual([
      ['tstq001', 'edited', undefined],
      ['tstq002', 'a reply', undefined],
    ]);
    const cut = await tree({ ...query, depth: '1' }, QUIET);
    expect(cut.comments.map((c) => [c.id, c.moreReplies?.count])).toEqual([['tstq001', 1]]);
  });
});
