import { type Kysely, type Migration, sql } from 'kysely';
import { dialectOf } from '../../../dialect/index.js';
import type { Database } from '../../../schema.js';
import { rebuildSearch } from '../search-index.js';

const ITEMS = ['forum_posts', 'forum_comments'] as const;

/**
 * Every post and comment gets a number, `num` (unique per table, given once when first stored: the
 * import writer and upsertForumRows take the next free ones), and the searches order ties by it
 * instead of by id, with time orders to the second (docs/forum-search.md, "What matches"): an order
 * a full-text engine's document ids can hold (an id is any text, a num a 31-bit integer). Stored
 * items are numbered in id order, so a store's ties keep the order they had. The search index is made
 * anew with the items' nums, its orders' indexes ending in num.
 */
export const forumNums: Migration = {
  async up(db: Kysely<unknown>) {
    for (const table of ITEMS) {
      await sql`alter table ${sql.table(table)} add column num integer not null default 0`.execute(db);
      await sql`update ${sql.table(table)} set num = r.n
        from (select id, row_number() over (order by id) as n from ${sql.table(table)}) r
        where r.id = ${sql.table(table)}.id`.execute(db);
      await sql`create unique index ${sql.id(`${table}_num`)} on ${sql.table(table)} (num)`.execute(db);
    }
    await sql`drop table forum_search`.execute(db);
    await createForumSearch(db);
    // on SQLite, 0035 replaces the table with FTS5 tables: indexing into it here would be work thrown away
    if (!dialectOf(db).rowidOrderedFullText) await rebuildSearch(db as Kysely<Database>, () => {});
  },
  async down(db: Kysely<unknown>) {
    for (const table of ITEMS) {
      await sql`drop index ${sql.id(`${table}_num`)}`.execute(db);
      await sql`alter table ${sql.table(table)} drop column num`.execute(db);
    }
  },
};

/**
 * The postings table and its indexes (docs/forum-search.md, "The index"): keyed by (term, kind, id),
 * with a word's postings in score order, in time order (to the second), the title's in score order,
 * a community's and an author's in score order with their time, and those of items marked over 18.
 */
export async function createForumSearch(db: Kysely<unknown>) {
  await sql`create table forum_search (
    term text not null, kind text not null, id text not null, num integer not null,
    in_title integer not null, score integer not null, created_at bigint not null,
    community_key text not null, author_key text not null, post_id text not null, over18 integer not null,
    constraint forum_search_pk primary key (term, kind, id))`.execute(db);
  for (const statement of [
    sql`create index forum_search_score on forum_search (term, kind, score, num)`,
    sql`create index forum_search_time on forum_search (term, kind, (created_at / 1000), num)`,
    sql`create index forum_search_title on forum_search (term, kind, score, num) where in_title = 1`,
    sql`create index forum_search_community_score on forum_search (term, kind, community_key, score, num, created_at)`,
    sql`create index forum_search_author_score on forum_search (term, kind, author_key, score, num, created_at)`,
    sql`create index forum_search_over18 on forum_search (term, kind, score, num, created_at) where over18 = 1`,
  ])
    await statement.execute(db);
}
