export * from './schemas.js';
export * from './uri.js';
export * from './contract.js';
