export { createProfessionalHandlers } from './handlers.js';
export type * from './source.js';
export { professionalPlatform } from './platform.js';
