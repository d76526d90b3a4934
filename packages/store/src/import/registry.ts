import { linkedinExport } from '../platforms/professional/import-linkedin.js';
import { redditNdjson } from '../platforms/forum/import-reddit.js';
import { spotifyWebApi } from '../platforms/music/import-spotify.js';
import { tiktokResearch } from '../platforms/shortvideo/import-tiktok.js';
import { twitterArchive, twitterV2 } from '../platforms/microblog/import-twitter.js';
import type { Importer } from './types.js';
import { youtubeV3 } from '../platforms/video/import-youtube.js';

/** Every importer, by platform then format. */
export const importers: readonly Importer[] = [
  redditNdjson,
  twitterArchive,
  twitterV2,
  youtubeV3,
  spotifyWebApi,
  tiktokResearch,
  linkedinExport,
];

export function importPlatforms(): string[] {
  return [...new Set(importers.map((i) => i.platform))];
}

export function findImporter(platform: string, format: string): Importer | undefined {
  return importers.find((i) => i.platform === platform && i.format === format);
}
