import { linkedinExport } from './linkedin.js';
import { redditNdjson } from './reddit.js';
import { spotifyWebApi } from './spotify.js';
import { tiktokResearch } from './tiktok.js';
import { twitterArchive, twitterV2 } from './twitter.js';
import type { Importer } from './types.js';
import { youtubeV3 } from './youtube.js';

/** Every importer, by platform then format. */
export const importers: readonly Importer[] = [redditNdjson, twitterArchive, twitterV2, youtubeV3, spotifyWebApi, tiktokResearch, linkedinExport];

export function importPlatforms(): string[] {
  return [...new Set(importers.map((i) => i.platform))];
}

export function findImporter(platform: string, format: string): Importer | undefined {
  return importers.find((i) => i.platform === platform && i.format === format);
}
