export * from './schemas.js';
export * from './uri.js';
export * from './contract.js';
export { getHistory, musicHistoryKinds } from './history.js';
export type { MusicHistoryKind } from './history.js';
export { createMusicClient, MUSIC_ENDPOINT, MusicClient } from './client.js';
export type { MusicClientOptions, MusicModules, MusicServiceClientOptions } from './client.js';
// the error classes and the types of calls and errors, as every client package exports them
export * from '@socialquery/core/client-surface';
