import { storePlatforms } from '../platforms/index.js';
import type { Importer } from './types.js';

/** Every importer, by platform (in the platforms' order) then format. */
export const importers: readonly Importer[] = storePlatforms.flatMap((platform) => platform.importers);

export function importPlatforms(): string[] {
  return [...new Set(importers.map((i) => i.platform))];
}

export function findImporter(platform: string, format: string): Importer | undefined {
  return importers.find((i) => i.platform === platform && i.format === format);
}
