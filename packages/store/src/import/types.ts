import type { Database } from '../schema.js';

/** The tables an importer may write; music slots in here when its store exists. */
export type ImportTable =
  | 'forum_posts'
  | 'microblog_users'
  | 'microblog_messages'
  | 'shortvideo_videos'
  | 'shortvideo_comments'
  | 'video_channels'
  | 'video_videos'
  | 'professional_profiles'
  | 'professional_companies'
  | 'professional_positions';

export interface ImportRow<T extends ImportTable = ImportTable> {
  table: T;
  values: Database[T];
}

/**
 * One source record, mapped: its rows (the first is the record itself, the rest what it brings
 * along, e.g. a tweet's author), or the reason it cannot be imported. `location` says where it
 * was read ("line 12", "tweets.js record 3").
 */
export type ImportItem = { location: string; rows: ImportRow[] } | { location: string; error: string };

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
  read(path: string, progress: ReadProgress): AsyncIterable<ImportItem>;
}

/** The input as a whole is not what the format expects (wrong format, missing file): nothing can be imported. */
export class ImportInputError extends Error {
  override readonly name = 'ImportInputError';
}

/** A record that cannot be mapped; the message is the reason reported with its location. */
export class RecordError extends Error {
  override readonly name = 'RecordError';
}
