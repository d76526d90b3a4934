export * from './schemas.js';
export * from './uri.js';
export * from './contract.js';
export { createMusicClient, MUSIC_ENDPOINT, MusicClient } from './client.js';
export type { MusicClientOptions, MusicModules, MusicServiceClientOptions } from './client.js';
// the error classes and the types of calls and errors, as every client package exports them
export * from '@socialquery/core/client-surface';
