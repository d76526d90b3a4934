export { createCursorCodec, cursorBinding, decodePosition } from './cursor.js';
export type { CursorCodec } from './cursor.js';
export { inRequestOrder } from './batch.js';
export { notFound, ServiceError } from './service-error.js';
export type { ContractHandlers, HandlerContext, MountablePlatform, OperationHandler } from './handler.js';
export { exporterFor } from './export.js';
export type { ContractExporters, OperationExporter, RecordBatches } from './export.js';
export { recordEncoder } from './export-encoding.js';
export type { RecordEncoder } from './export-encoding.js';
