export type * from './source.js';
