import { redditNdjson } from './reddit.js';
import type { Importer } from './types.js';

/** Every importer, by platform then format. A platform's importers are added here (music: when its store exists). */
export const importers: readonly Importer[] = [redditNdjson];

export function importPlatforms(): string[] {
  return [...new Set(importers.map((i) => i.platform))];
}

export function findImporter(platform: string, format: string): Importer | undefined {
  return importers.find((i) => i.platform === platform && i.format === format);
}
