import type { RawBuilder } from 'kysely';

/** The store kinds, by the scheme of their address (`sqlite:…`, `postgres://…`). */
export type StoreKind = 'sqlite' | 'postgres';

/** An index as the engine reports it: its name and the statement that creates it again. */
export interface IndexDefinition {
  name: string;
  definition: string;
}

/**
 * What the store's SQL needs to know about a store kind, in one object per kind
 * (`sqlite/sqlite-dialect.ts`, `postgres/postgres-dialect.ts`), chosen once from the connection
 * (`dialectOf`). Code asks for a capability, never which adapter it runs on.
 */
export interface Dialect {
  readonly kind: StoreKind;
  /** Whether an error means "the store cannot serve right now" (a 503), not a bug. */
  readonly isUnavailable: (error: unknown) => boolean;
  /** Whether an error (or one in its `cause` chain) says the store's disk is full. */
  readonly isDiskFull: (error: unknown) => boolean;
  /** The placeholder of the `n`-th (from 1) bound parameter in raw SQL text. */
  placeholder(n: number): string;
  /** A list of ids bound as one parameter, for `idIn` (PostgreSQL: an array; SQLite: JSON). */
  bindIds(ids: readonly string[]): unknown;
  /** A condition on `column` matching the ids bound at placeholder `n` by `bindIds`. */
  idIn(column: string, n: number): string;
  /** A scalar subquery: the least of the ids bound at placeholder `n` by `bindIds`, in the store's own text order. */
  leastId(n: number): string;
  /** The null-safe "differs" operator between two row values. */
  readonly isDistinctFrom: string;
  /**
   * How a batch of rows is written: 'copy' streams a large batch through COPY into a staging table
   * and upserts from it (a small one as 'arrays'); 'arrays' binds one array per column and unnests
   * them (one statement per batch); 'tuples' binds every value (chunks under the engine's parameter limit).
   */
  readonly bulkWrite: 'copy' | 'arrays' | 'tuples';
  /** Whether prepared statements are kept per SQL text (SQLite's statement cache): bulk writes then keep to a few statement shapes. */
  readonly cachesStatements: boolean;
  /** The qualifier of a temporary table, where the engine keeps them in a schema of their own. */
  readonly tempSchema: string;
  /** What `create temp table <name> … as` takes so the table goes with the transaction ('' where it outlives it). */
  readonly tempTableOnCommit: string;
  /** Whether a bulk load is faster with the table's secondary indexes dropped and rebuilt once (SQLite updates them row by row). */
  readonly rebuildsIndexesOnBulkLoad: boolean;
  /**
   * The statement that reads the table's indexes no constraint (primary key, unique column) owns,
   * with the statement that creates each again, from the engine's catalog; `unique: false` leaves
   * out unique indexes made by CREATE UNIQUE INDEX too.
   */
  secondaryIndexes(table: string, unique: boolean): RawBuilder<IndexDefinition>;
  /** Whether the connection's page cache can be enlarged for a long write (SQLite's `cache_size`). */
  readonly tunablePageCache: boolean;
  /**
   * Whether a statement that could abort half-way inside a transaction first copies every page it
   * changes that the transaction had changed before (SQLite's statement journal): in a long import's
   * one transaction that is every page, so new rows go in as `insert or ignore`, which cannot abort,
   * and the count inserted is checked instead.
   */
  readonly journalsStatements: boolean;
  /**
   * Whether a condition on `+column` keeps the planner from serving it by an index on the column
   * (SQLite's documented hint), so a walk in another index's order is not traded for a range read
   * and a sort. PostgreSQL plans by statistics, which such an expression would only blind.
   */
  readonly unaryPlusHidesIndex: boolean;
  /**
   * What follows a text expression in an ORDER BY so that it orders by code point, as every store must
   * for the same rows to come in the same order: `collate "C"` on PostgreSQL (which otherwise orders
   * by the database's collation), nothing on SQLite (BINARY is its default).
   */
  readonly byCodePoint: string;
  /**
   * Whether text columns compare, and their indexes order, by code point without naming a collation
   * (SQLite's BINARY default). Where not, a column that must (music's ids and name keys) names the
   * "C" collation, and a prefix range over words (`pre*`) needs an index of its own in "C" order.
   */
  readonly textInCodePointOrder: boolean;
  /**
   * Whether a table can be kept as the b-tree of its primary key (SQLite's WITHOUT ROWID): a table of
   * many narrow rows read in key order (links, postings, counts) is then one b-tree to write, not two.
   */
  readonly keyOrderedTables: boolean;
  /**
   * Whether an index, a primary key's too, can carry columns outside its key (PostgreSQL's
   * `include (…)`), so that a read needing them is served from the index alone. Where not, such
   * columns go at the end of the key, or the table is kept in key order (`keyOrderedTables`).
   */
  readonly coveringIndexes: boolean;
  /**
   * Whether several bounded reads go in one statement, each joined laterally to its parameters
   * (PostgreSQL's LATERAL): across a network a statement per read costs a round trip each, in-process
   * (SQLite, which has no LATERAL) nothing.
   */
  readonly lateralJoins: boolean;
  /**
   * Whether the store has a full-text engine whose documents are walked in the order of their
   * integer ids (SQLite's FTS5: a MATCH ordered by rowid stops at LIMIT), which the forum's search
   * index is then made of (platforms/forum/fts-index.ts); PostgreSQL's is a posting table of our own.
   * The full-text indexes of the first video and music migrations (0005, 0006) were such tables, kept
   * in step by triggers, where the store has them, and a GIN index over `to_tsvector` where not.
   */
  readonly rowidOrderedFullText: boolean;
  /**
   * Whether a statement runs on the calling thread until it is done (better-sqlite3 is synchronous),
   * holding the event loop meanwhile; elsewhere the server runs it while the thread goes on. The
   * service then runs its heavy operations (a ranked search) on reader threads too, not only exports.
   */
  readonly synchronousStatements: boolean;
  /**
   * Statements a long maintenance transaction (a full recompute over a large catalog, a copy's index
   * builds) runs first: lifting the per-statement timeout the service runs under, and room to sort in memory.
   */
  readonly longTransactionSettings: readonly string[];
}
