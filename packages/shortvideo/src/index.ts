export * from './schemas.js';
export * from './contract.js';
