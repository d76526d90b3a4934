import { createPostgresDb } from '../../dialect/postgres/postgres-dialect.js';
import { createSqliteDb } from '../../dialect/sqlite/sqlite-dialect.js';
import { migrateToLatest, storeMigrator } from '../../migrations/index.js';
import type { ForumCommentsTable, ForumPostsTable } from '../../schema.js';
import { createTestStoreAddress, forumSearchContent, testStoreKind } from '../../testing.js';
import { rebuildForum } from './derived.js';
import { type ForumCommentInput, type ForumPostInput, toForumCommentRow, toForumRow } from './rows.js';
import { createSqlForumSource } from './source.js';

const kind = testStoreKind();
const NOW = Date.parse('2026-01-01T00:00:00.000Z');

/** Posts stored out of id order (the numbering must follow the ids, not the rows' order in the table). */
const posts: ForumPostInput[] = ['p3', 'p1', 'p4', 'p2'].map((id, i) => ({
  id,
  community: 'Room',
  author: `Writer${i}`,
  title: `Title ${id} ${i % 2 === 0 ? 'zebra' : 'yak'}`,
  content: 'the same body',
  upvotes: 5,
  downvotes: 0,
  score: 5, // one score: the order's ties
  commentCount: 1,
  createdAt: NOW, // one second: the time order's ties
  url: `https://forum.example.org/${id}`,
}));

const comments: ForumCommentInput[] = ['c2', 'c1', 'c3'].map((id, i) => ({
  id,
  postId: 'p1',
  parentId: null,
  community: 'Room',
  author: 'Writer0',
  body: i === 2 ? '[deleted]' : `zebra crossing ${id}`,
  score: 1,
  createdAt: NOW - i * 1000,
  edited: false,
  distinguished: null,
  stickied: false,
  deleted: i === 2,
  removed: false,
  url: `https://forum.example.org/c/${id}`,
}));

/** A row as the tables held it before migration 0034: no num. */
const withoutNum = <T extends { num: number }>({ num: _num, ...row }: T) => row;

describe('forum migrations 0034 and 0035', () => {
  it("number a stored forum's items in id order and make its search index anew from them", async () => {
    const target = await createTestStoreAddress({ kind });
    const db = kind === 'sqlite' ? createSqliteDb(':memory:') : createPostgresDb(target.address);
    try {
      expect((await storeMigrator(db).migrateTo('0033-video-search-prefixes')).error).toBeUndefined();
      // (typed as today's rows: the tables of that time have no num)
      await db
        .insertInto('forum_posts')
        .values(posts.map((post) => withoutNum(toForumRow(post))) as ForumPostsTable[])
        .execute();
      await db
        .insertInto('forum_comments')
        .values(comments.map((comment) => withoutNum(toForumCommentRow(comment))) as ForumCommentsTable[])
        .execute();
      const { applied } = await migrateToLatest(db);
      expect(applied).toEqual(expect.arrayContaining(['0034-forum-nums', '0035-forum-fts']));

      const nums = async (table: 'forum_posts' | 'forum_comments') =>
        (await db.selectFrom(table).select(['id', 'num']).orderBy('id').execute()).map((row) => [
          row.id,
          Number(row.num),
        ]);
      expect(await nums('forum_posts')).toEqual([
        ['p1', 1],
        ['p2', 2],
        ['p3', 3],
        ['p4', 4],
      ]);
      expect(await nums('forum_comments')).toEqual([
        ['c1', 1],
        ['c2', 2],
        ['c3', 3],
      ]);

      const source = createSqlForumSource(db);
      const ids = async (found: Promise<{ item: { id: string } }[]>) => (await found).map((hit) => hit.item.id);
      // ties (one score, one second) by num: the later numbered first, the earlier for `old`
      expect(await ids(source.searchPosts({ terms: ['same', 'body'], sort: 'top', limit: 10 }))).toEqual([
        'p4',
        'p3',
        'p2',
        'p1',
      ]);
      expect(await ids(source.searchPosts({ terms: ['body'], sort: 'old', limit: 10 }))).toEqual([
        'p1',
        'p2',
        'p3',
        'p4',
      ]);
      // relevance: the titles holding the word first
      expect(await ids(source.searchPosts({ terms: ['zebra'], sort: 'relevance', limit: 10 }))).toEqual(['p4', 'p3']);
      // the placeholder of a deleted comment is not indexed
      expect(await ids(source.searchComments({ terms: ['zebra'], sort: 'new', limit: 10 }))).toEqual(['c2', 'c1']);
      expect(await ids(source.searchComments({ terms: ['deleted'], sort: 'new', limit: 10 }))).toEqual([]);
      expect(await source.wordsWithPrefix('comments', 'c', 10)).toEqual(['c1', 'c2', 'crossing']);

      // what the migrations made is what a rebuild makes
      const migrated = await forumSearchContent(db);
      await db.transaction().execute((trx) => rebuildForum(trx, () => {}));
      expect(await forumSearchContent(db)).toEqual(migrated);
    } finally {
      await db.destroy();
      await target.drop();
    }
  });
});
