import { RESPONSE_SHAPES, type ResponseShape, writeApiResponses } from './api-responses.js';
import { LINE_SHAPES, type LineShape, writeRedditLines } from './reddit-lines.js';

/** An input of the import benchmark: Reddit dump lines (forum) or saved API responses (videos, tracks). */
export type ImportShape = LineShape | ResponseShape;
export const IMPORT_SHAPES: readonly ImportShape[] = [...LINE_SHAPES, ...RESPONSE_SHAPES];

const isResponses = (shape: ImportShape): shape is ResponseShape =>
  (RESPONSE_SHAPES as readonly string[]).includes(shape);

/** The importer that reads a shape's file, as `socialquery import <platform> <format>` names it. */
export function importerOf(shape: ImportShape): { platform: string; format: string } {
  if (shape === 'youtube') return { platform: 'video', format: 'youtube-v3' };
  if (shape === 'spotify') return { platform: 'music', format: 'spotify-web-api' };
  return { platform: 'forum', format: 'reddit-ndjson' };
}

/** How a case title names a shape's file. */
export const shapeTitle = (shape: ImportShape) =>
  shape === 'youtube'
    ? 'YouTube videos.list responses'
    : shape === 'spotify'
      ? 'Spotify search responses'
      : `${shape} lines`;

/** Writes a shape's file of `records` records (lines or responses' items), the first numbered `first` (Reddit lines). */
export async function writeInput(file: string, shape: ImportShape, records: number, first: number): Promise<void> {
  if (isResponses(shape)) await writeApiResponses(file, shape, records);
  else await writeRedditLines(file, shape, records, first);
}
