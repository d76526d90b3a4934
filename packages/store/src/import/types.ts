import type { Transaction } from 'kysely';
import type { Database, PlatformTableName } from '../schema.js';

/** The tables an importer may write: any platform's. */
export type ImportTable = PlatformTableName;

export interface ImportRow<T extends ImportTable = ImportTable> {
  table: T;
  /** Every column: what a new row is inserted with. */
  values: Database[T];
  /**
   * The columns a row already stored takes from `values` (default: all). A source that carries
   * only part of an object (an artist named in a track, a field an API version leaves out) names
   * the columns it did carry, so the others keep what a fuller import stored.
   */
  update?: readonly string[];
}

/** After the batch's rows are written: delete `table`'s rows whose `column` is `owner` and `position` is `from` or more (a list that got shorter). */
export interface ImportPrune {
  table: ImportTable;
  column: string;
  owner: string;
  from: number;
}

/**
 * One source record, mapped: its rows (the first is the record itself, the rest what it brings
 * along, e.g. a tweet's author), or the reason it cannot be imported. `location` says where it
 * was read ("line 12", "tweets.js record 3").
 */
export type ImportItem =
  { location: string; rows: ImportRow[]; prune?: ImportPrune[] } | { location: string; error: string };

/** Bytes read so far of the input's total (the compressed size for a .zst file). */
export interface ReadProgress {
  bytesRead: number;
  totalBytes: number;
}

export interface Importer {
  platform: string;
  format: string;
  /** One line for --help. */
  description: string;
  /** What the path names: a file, a directory, or either. */
  input: 'file' | 'dir' | 'file-or-dir';
  /** The input's records, one at a time or an array at a time (a large line-based input: one await per chunk read, not per record). */
  read(path: string, progress: ReadProgress): AsyncIterable<ImportItem | readonly ImportItem[]>;
  /**
   * Already-parsed documents (API responses a client fetched) mapped as `read` maps the same documents
   * read from a file; document N is located as `<where> response N`. Formats of API responses have it.
   */
  readDocuments?(
    documents: Iterable<unknown> | AsyncIterable<unknown>,
    where: string,
  ): AsyncIterable<ImportItem | readonly ImportItem[]>;
  /**
   * Recomputes what the store derives from the imported tables, inside the import's transaction
   * (so a failure leaves the store as it was); `written` names the tables rows were written to or pruned from.
   */
  afterImport?(trx: Transaction<Database>, written: ReadonlySet<ImportTable>): Promise<void>;
}

/** The input as a whole is not what the format expects (wrong format, missing file): nothing can be imported. */
export class ImportInputError extends Error {
  override readonly name = 'ImportInputError';
}

/** A record that cannot be mapped; the message is the reason reported with its location. */
export class RecordError extends Error {
  override readonly name = 'RecordError';
}
