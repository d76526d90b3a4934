export * from './schemas.js';
export {
  channelVideos,
  relatedVideos,
  search,
  streamingData,
  topShortSongs,
  videoContract,
  videosByIds,
} from './contract.js';
export { createVideoClient, iterateChannelVideos, iterateSearch } from './client.js';
export type { ChannelVideosArgs, SearchArgs, VideoClient, VideoClientOptions } from './client.js';
