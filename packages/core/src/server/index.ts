export { createCursorCodec, cursorBinding, decodePosition } from './cursor.js';
export type { CursorCodec } from './cursor.js';
export { inRequestOrder } from './batch.js';
export { laterOf, timeWindowOf } from './time-window.js';
export type { TimeWindow } from './time-window.js';
export { notFound, ServiceError } from './service-error.js';
export type { ContractHandlers, HandlerContext, MountablePlatform, OperationHandler } from './handler.js';
