export * from './schemas.js';
export { relatedVideos, search, streamingData, topShortSongs, videoContract, videosByIds } from './contract.js';
export { createVideoClient, iterateSearch } from './client.js';
export type { SearchArgs, VideoClient, VideoClientOptions } from './client.js';
