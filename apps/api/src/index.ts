export { createApp, platformsOf } from './app.js';
export type { AppOptions } from './app.js';
export { ConfigError, ConfigSchema, loadConfig } from './config.js';
export type { Config } from './config.js';
export { createLogger } from './logger.js';
export { startService } from './server.js';
export type { RunningService, ServiceOptions } from './server.js';
export { toExpressPath } from './mount.js';
