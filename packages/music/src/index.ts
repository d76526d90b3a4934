export * from './schemas.js';
export * from './uri.js';
export * from './contract.js';
export { createMusicClient, MUSIC_ENDPOINT, MusicClient } from './client.js';
export type { MusicClientOptions, MusicModules, MusicServiceClientOptions } from './client.js';
