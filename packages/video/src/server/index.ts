export { createVideoHandlers, RELATED_LIMIT } from './handlers.js';
export { formatsOf, selectedFormatOf, selectFormat } from './formats.js';
export {
  avatarsOf,
  durationText,
  isoDate,
  refinementsOf,
  relativeTime,
  termsOf,
  thumbnailsOf,
  videoUrl,
  viewCountText,
} from './text.js';
export type {
  ChannelPosition,
  ChannelVideosPage,
  ChannelVideosQueryInput,
  ChartEntryRecord,
  CommentPosition,
  CommentRecord,
  CommentThreadRecord,
  CommentThreadsPage,
  CommentThreadsQueryInput,
  ReadOptions,
  SearchPage,
  SearchPosition,
  SearchQueryInput,
  VideoRecord,
  VideoSource,
} from './source.js';
export { videoPlatform } from './platform.js';
