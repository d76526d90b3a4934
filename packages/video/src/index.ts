export * from './schemas.js';
export {
  channelVideos,
  commentThreads,
  relatedVideos,
  search,
  streamingData,
  topShortSongs,
  videoContract,
  videosByIds,
} from './contract.js';
export { history, videoHistoryKinds } from './history.js';
export type { VideoHistoryKind } from './history.js';
export { createVideoClient, iterateChannelVideos, iterateSearch } from './client.js';
export type { ChannelVideosArgs, SearchArgs, VideoClient, VideoClientOptions } from './client.js';
// the error classes and the types of calls and errors, as every client package exports them
export * from '@socialquery/core/client-surface';
