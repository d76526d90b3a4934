export { createShortVideoHandlers } from './handlers.js';
export type { CommentPosition, ReadOptions, ShortVideoSource, VideoPosition } from './source.js';
export { shortvideoPlatform } from './platform.js';
