export * from './schemas.js';
export * from './uri.js';
export * from './contract.js';
export { MUSIC_ENDPOINT, MusicClient } from './client.js';
export type { MusicClientOptions } from './client.js';
