/**
 * Test support (`@socialquery/sync/testing`): fakes of the platforms' APIs on 127.0.0.1 serving the
 * documented response shapes, with scripted faults and a log of every request (one file per platform in
 * ./testing/), a configuration pointing at them, and a clock whose waits take no time.
 */
export * from './testing/fake-server.js';
export * from './testing/config.js';
export * from './testing/reddit.js';
export * from './testing/youtube.js';
export * from './testing/spotify.js';
export * from './testing/x.js';
export * from './testing/tiktok.js';
