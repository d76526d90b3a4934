import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { checkInput } from './input.js';
import { findImporter, importers, importPlatforms } from './registry.js';
import { ImportInputError, type ReadProgress } from './types.js';
import { type ImportSummary, writeImport } from './writer.js';

export { ImportAbortedError } from './writer.js';
export type { ImportSummary, TableCounts } from './writer.js';
export { ImportInputError } from './types.js';
export type { Importer, ImportItem, ImportPrune, ImportRow, ImportTable, ReadProgress } from './types.js';
export { findImporter, importers, importPlatforms };

export interface ImportOptions {
  strict?: boolean;
  /** Records written per batch (default 5,000). */
  recordsPerFlush?: number;
  /** Called after each batch with the counts so far and the bytes read of the total. */
  onProgress?: (summary: ImportSummary, read: ReadProgress) => void;
  /** The time the import's observations of counts are dated (epoch ms; default: when it starts). */
  observedAt?: number;
}

/**
 * Imports `path` (a file or a directory, as the format reads) into the store. Throws
 * ImportInputError for an unknown platform/format, a missing path or input in another format,
 * ImportAbortedError when --strict meets a bad record (the store is then as it was).
 */
export async function importData(
  db: Kysely<Database>,
  platform: string,
  format: string,
  path: string,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  if (!importPlatforms().includes(platform)) {
    throw new ImportInputError(`unknown platform '${platform}' (importable: ${importPlatforms().join(', ')})`);
  }
  const importer = findImporter(platform, format);
  if (!importer) {
    const formats = importers.filter((i) => i.platform === platform).map((i) => i.format);
    throw new ImportInputError(`unknown ${platform} format '${format}' (formats: ${formats.join(', ')})`);
  }
  const progress: ReadProgress = { bytesRead: 0, totalBytes: 0 };
  await checkInput(path, importer.input, progress);
  return writeImport(db, importer.read(path, progress), {
    strict: options.strict ?? false,
    ...(options.recordsPerFlush ? { recordsPerFlush: options.recordsPerFlush } : {}),
    format: `${platform} ${format}`,
    read: progress,
    ...(options.observedAt !== undefined ? { observedAt: options.observedAt } : {}),
    ...(importer.afterImport ? { afterImport: importer.afterImport.bind(importer) } : {}),
    onProgress: (summary) => options.onProgress?.(summary, progress),
  });
}

export interface ImportDocumentsOptions {
  strict?: boolean;
  /** Where the documents came from, for skipped records' locations (default `document`). */
  where?: string;
  /** The time the documents' counts were read (epoch ms; default: now): their observations' date. */
  observedAt?: number;
}

/**
 * Imports already-parsed documents (the API responses of one fetched page) with `format`'s mapping,
 * in one transaction: the page is stored whole or not at all. `where` locates skipped records
 * (`r/rust new page 2 response 1 item 4`). Throws ImportInputError for an unknown platform or format, or
 * a format that reads only files.
 */
export async function importDocuments(
  db: Kysely<Database>,
  platform: string,
  format: string,
  documents: Iterable<unknown> | AsyncIterable<unknown>,
  options: ImportDocumentsOptions = {},
): Promise<ImportSummary> {
  const importer = findImporter(platform, format);
  if (!importer?.readDocuments) {
    const readers = importers.filter((i) => i.readDocuments !== undefined).map((i) => `${i.platform} ${i.format}`);
    throw new ImportInputError(
      `${platform} ${format} does not import documents (formats that do: ${readers.join(', ')})`,
    );
  }
  return writeImport(db, importer.readDocuments(documents, options.where ?? 'document'), {
    strict: options.strict ?? false,
    format: `${platform} ${format}`,
    ...(options.observedAt !== undefined ? { observedAt: options.observedAt } : {}),
    ...(importer.afterImport ? { afterImport: importer.afterImport.bind(importer) } : {}),
  });
}
