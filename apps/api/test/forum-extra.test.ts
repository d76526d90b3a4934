import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommentTreeResponse, PostsResponse } from '@socialquery/forum';
import { importData } from '@socialquery/store';
import request from 'supertest';
import { startTestService, type TestService } from './harness.js';

const COMMUNITY = 'xtra_earth';
const POST = '17xtra01';

/** Arctic Shift lines (RS_* and RC_*): a gallery post, the OP's comment and a reply to it. */
const post = {
  id: POST,
  name: `t3_${POST}`,
  subreddit: COMMUNITY,
  subreddit_name_prefixed: `r/${COMMUNITY}`,
  subreddit_id: 't5_xtra',
  author: 'xtra_op',
  author_fullname: 't2_xop1',
  author_flair_text: 'Photographer',
  title: 'Dolomites at dawn [OC]',
  selftext: '',
  url: `https://www.reddit.com/gallery/${POST}`,
  domain: 'reddit.com',
  is_self: false,
  is_gallery: true,
  link_flair_text: 'OC',
  over_18: false,
  upvote_ratio: 0.97,
  ups: 120,
  downs: 0,
  score: 120,
  num_comments: 2,
  num_crossposts: 1,
  created_utc: 1780000000,
  created: 1780000000,
  permalink: `/r/${COMMUNITY}/comments/${POST}/dolomites_at_dawn_oc/`,
  gallery_data: { items: [{ media_id: 'm1', id: 1 }] },
  media_metadata: {
    m1: { status: 'valid', e: 'Image', m: 'image/jpg', s: { u: 'https://i.redd.it/m1.jpg', x: 4000, y: 3000 } },
  },
  retrieved_on: 1780086400,
  _meta: { retrieved_2nd_on: 1780090000 },
};
const comment = {
  id: 'kxtra01',
  name: 't1_kxtra01',
  link_id: `t3_${POST}`,
  parent_id: `t3_${POST}`,
  subreddit: COMMUNITY,
  author: 'xtra_op',
  author_fullname: 't2_xop1',
  body: 'Shot on a tripod.',
  score: 12,
  ups: 12,
  downs: 0,
  controversiality: 0,
  is_submitter: true,
  collapsed: false,
  collapsed_reason: null,
  created_utc: 1780000600,
  edited: false,
  distinguished: null,
  stickied: false,
  permalink: `/r/${COMMUNITY}/comments/${POST}/dolomites_at_dawn_oc/kxtra01/`,
  retrieved_on: 1780086400,
  _meta: { removal_type: 'deleted', was_deleted_later: true },
};
const reply = {
  id: 'kxtra02',
  link_id: `t3_${POST}`,
  parent_id: 't1_kxtra01',
  subreddit: COMMUNITY,
  author: 'xtra_fan',
  body: 'Worth it.',
  score: 3,
  controversiality: 1,
  is_submitter: false,
  created_utc: 1780000900,
};

/** What the columns do not hold (packages/store/src/import/README.md, `### forum reddit-ndjson`). */
const postExtra = {
  subreddit_id: 't5_xtra',
  author_fullname: 't2_xop1',
  author_flair_text: 'Photographer',
  url: `https://www.reddit.com/gallery/${POST}`,
  domain: 'reddit.com',
  is_self: false,
  is_gallery: true,
  link_flair_text: 'OC',
  over_18: false,
  upvote_ratio: 0.97,
  num_crossposts: 1,
  gallery_data: post.gallery_data,
  media_metadata: post.media_metadata,
  retrieved_on: 1780086400,
  _meta: post._meta,
};
const commentExtra = {
  author_fullname: 't2_xop1',
  ups: 12,
  downs: 0,
  controversiality: 0,
  is_submitter: true,
  collapsed: false,
  collapsed_reason: null,
  retrieved_on: 1780086400,
  _meta: comment._meta,
};
const replyExtra = { controversiality: 1, is_submitter: false };

let service: TestService;
let dir: string;
beforeAll(async () => {
  service = await startTestService();
  dir = mkdtempSync(join(tmpdir(), 'sq-api-forum-extra-'));
  const path = join(dir, 'RS_RC.ndjson');
  writeFileSync(path, [post, comment, reply].map((record) => JSON.stringify(record)).join('\n') + '\n');
  await importData(service.store.db, 'forum', 'reddit-ndjson', path);
});
afterAll(async () => {
  await service.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, query: Record<string, string> = {}) =>
  request(service.app).get(path).query(query).set('Authorization', `Bearer ${service.token}`);

const listing = `/api/v1/forum/community/${COMMUNITY}/posts`;
const tree = `/api/v1/forum/post/${POST}/comments`;

describe('forum records answer their source fields as extra only when fields names it', () => {
  it('a listing: without fields no extra key; with fields=…,extra the post’s other fields', async () => {
    const plain = await get(listing, { sort: 'new' });
    expect(plain.status).toBe(200);
    expect(PostsResponse.parse(plain.body).posts[0]).toMatchObject({ id: POST, score: 120, commentCount: 2 });
    expect(plain.body.posts[0]).not.toHaveProperty('extra');

    const selected = await get(listing, { sort: 'new', fields: 'id,score,extra' });
    expect(selected.body).toEqual({ posts: [{ id: POST, score: 120, extra: postExtra }], cursor: '' });
    const lookup = await get('/api/v1/forum/posts', { ids: POST, fields: 'id,extra' });
    expect(lookup.body).toEqual({ posts: [{ id: POST, extra: postExtra }], notFound: [] });
    const search = await get('/api/v1/forum/search/posts', {
      q: 'dolomites',
      community: COMMUNITY,
      fields: 'id,extra',
    });
    expect(search.body.posts).toEqual([{ id: POST, extra: postExtra }]);
  });

  it('comments: the tree (kept pages aside), a user’s comments, the lookup and search', async () => {
    // a page without extra first: it is kept, and must not answer the request that selects extra
    const plain = await get(tree);
    expect(plain.status).toBe(200);
    const plainTree = CommentTreeResponse.parse(plain.body);
    expect(plainTree.comments.map((c) => c.id)).toEqual(['kxtra01', 'kxtra02']);
    expect(plain.body.comments[0]).not.toHaveProperty('extra');

    const selected = await get(tree, { fields: 'id,depth,extra' });
    expect(selected.body).toEqual({
      comments: [
        { id: 'kxtra01', depth: 0, extra: commentExtra },
        { id: 'kxtra02', depth: 1, extra: replyExtra },
      ],
      moreCount: 0,
      cursor: '',
    });
    // and the kept page is still the plain one
    expect((await get(tree)).body).toEqual(plain.body);

    const whole = await get(tree, { fields: 'id,moreReplies,extra' });
    expect(Object.keys(whole.body.comments[0])).toEqual(['id', 'moreReplies', 'extra']);

    const user = await get('/api/v1/forum/user/xtra_op/comments', { fields: 'id,extra' });
    expect(user.body).toEqual({ comments: [{ id: 'kxtra01', extra: commentExtra }], cursor: '' });
    const lookup = await get('/api/v1/forum/comments', { ids: 'kxtra02,kxtra01', fields: 'id,extra' });
    expect(lookup.body.comments).toEqual([
      { id: 'kxtra02', extra: replyExtra },
      { id: 'kxtra01', extra: commentExtra },
    ]);
    const search = await get('/api/v1/forum/search/comments', { q: 'tripod', postId: POST, fields: 'id,extra' });
    expect(search.body.comments).toEqual([{ id: 'kxtra01', extra: commentExtra }]);
  });

  it('extra is selected whole', async () => {
    expect((await get(listing, { fields: 'id,extra.domain' })).status).toBe(400);
  });

  it('exports carry it: a listing and a comment tree as NDJSON; without fields none', async () => {
    const lines = (text: string) =>
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>);
    const posts = await get(listing, { sort: 'new', fields: 'id,extra', format: 'ndjson' });
    expect(posts.status).toBe(200);
    expect(lines(posts.text)).toEqual([{ id: POST, extra: postExtra }]);

    const comments = await get(tree, { fields: 'id,extra', format: 'ndjson' });
    expect(comments.status).toBe(200);
    expect(lines(comments.text)).toEqual([
      { id: 'kxtra01', extra: commentExtra },
      { id: 'kxtra02', extra: replyExtra },
    ]);

    for (const path of [listing, tree]) {
      const plain = await get(path, { format: 'ndjson' });
      expect(lines(plain.text).every((record) => !('extra' in record))).toBe(true);
    }
  });

  it('a demo post has no extra, asked or not', async () => {
    const { postId } = (await service.store.examples()).forum!;
    const res = await get('/api/v1/forum/posts', { ids: postId, fields: 'id,extra' });
    expect(res.body.posts).toEqual([{ id: postId }]);
  });
});
