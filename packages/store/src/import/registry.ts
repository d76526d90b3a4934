import { linkedinExport } from './linkedin.js';
import { redditNdjson } from './reddit.js';
import { tiktokResearch } from './tiktok.js';
import { twitterArchive, twitterV2 } from './twitter.js';
import type { Importer } from './types.js';
import { youtubeV3 } from './youtube.js';

/**
 * Every importer, by platform then format. A platform's importer is one more entry here (music:
 * a Spotify importer mapping to the music tables, once they are added to ImportTable and the writer's order).
 */
export const importers: readonly Importer[] = [redditNdjson, twitterArchive, twitterV2, youtubeV3, tiktokResearch, linkedinExport];

export function importPlatforms(): string[] {
  return [...new Set(importers.map((i) => i.platform))];
}

export function findImporter(platform: string, format: string): Importer | undefined {
  return importers.find((i) => i.platform === platform && i.format === format);
}
