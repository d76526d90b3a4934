export { createProfessionalHandlers } from './handlers.js';
export type * from './source.js';
