import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration from the environment', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      SOCIALQUERY_STORE: 'sqlite:./data/socialquery.db',
      SOCIALQUERY_POOL_SIZE: 10,
      SOCIALQUERY_STATEMENT_TIMEOUT_MS: 10_000,
      SOCIALQUERY_RATE_LIMIT: 600,
      SOCIALQUERY_RATE_WINDOW: 60,
      SOCIALQUERY_HEAVY_CONCURRENCY: 4,
      SOCIALQUERY_HEAVY_PER_CREDENTIAL: 2,
      SOCIALQUERY_CREDENTIAL_CACHE_SECONDS: 5,
      SOCIALQUERY_READER_THREADS: 1,
      SOCIALQUERY_EXPLORER: 'on',
      SOCIALQUERY_COMPAT_ROUTES: 'on',
      LOG_LEVEL: 'info',
    });
  });

  it('reads every variable; an empty value counts as unset', () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '0.0.0.0',
      SOCIALQUERY_STORE: 'sqlite::memory:',
      SOCIALQUERY_SECRET: 's'.repeat(16),
      SOCIALQUERY_RATE_LIMIT: '10',
      SOCIALQUERY_RATE_WINDOW: '1',
      SOCIALQUERY_REDIS: 'redis://:pw@127.0.0.1:6380/2',
      SOCIALQUERY_HEAVY_CONCURRENCY: '8',
      SOCIALQUERY_HEAVY_PER_CREDENTIAL: '',
      SOCIALQUERY_CREDENTIAL_CACHE_SECONDS: '0',
      SOCIALQUERY_READER_THREADS: '0',
      SOCIALQUERY_EXPLORER: 'off',
      SOCIALQUERY_COMPAT_ROUTES: 'off',
      LOG_LEVEL: 'silent',
    });
    expect(config).toEqual({
      PORT: 0,
      HOST: '0.0.0.0',
      SOCIALQUERY_STORE: 'sqlite::memory:',
      SOCIALQUERY_SECRET: 's'.repeat(16),
      SOCIALQUERY_POOL_SIZE: 10,
      SOCIALQUERY_STATEMENT_TIMEOUT_MS: 10_000,
      SOCIALQUERY_RATE_LIMIT: 10,
      SOCIALQUERY_RATE_WINDOW: 1,
      SOCIALQUERY_REDIS: 'redis://:pw@127.0.0.1:6380/2',
      SOCIALQUERY_HEAVY_CONCURRENCY: 8,
      SOCIALQUERY_HEAVY_PER_CREDENTIAL: 2,
      SOCIALQUERY_CREDENTIAL_CACHE_SECONDS: 0,
      SOCIALQUERY_READER_THREADS: 0,
      SOCIALQUERY_EXPLORER: 'off',
      SOCIALQUERY_COMPAT_ROUTES: 'off',
      LOG_LEVEL: 'silent',
    });
    expect(() => loadConfig({ SOCIALQUERY_CREDENTIAL_CACHE_SECONDS: '3601' })).toThrow(
      /SOCIALQUERY_CREDENTIAL_CACHE_SECONDS must be a whole number from 0 to 3600 \(seconds\)/,
    );
    expect(() => loadConfig({ SOCIALQUERY_READER_THREADS: '17' })).toThrow(
      /SOCIALQUERY_READER_THREADS must be a whole number from 0 to 16 \(threads\)/,
    );
    expect(() => loadConfig({ SOCIALQUERY_HEAVY_PER_CREDENTIAL: '0' })).toThrow(
      /SOCIALQUERY_HEAVY_PER_CREDENTIAL must be a whole number from 1 to 10000 \(requests\)/,
    );
    expect(() => loadConfig({ SOCIALQUERY_EXPLORER: 'no' })).toThrow(/SOCIALQUERY_EXPLORER must be on or off/);
    expect(() => loadConfig({ SOCIALQUERY_COMPAT_ROUTES: 'yes' })).toThrow(
      /SOCIALQUERY_COMPAT_ROUTES must be on or off/,
    );
    expect(loadConfig({ PORT: '' }).PORT).toBe(8080);
    expect(loadConfig({ SOCIALQUERY_POOL_SIZE: '25', SOCIALQUERY_STATEMENT_TIMEOUT_MS: '500' })).toMatchObject({
      SOCIALQUERY_POOL_SIZE: 25,
      SOCIALQUERY_STATEMENT_TIMEOUT_MS: 500,
    });
    expect(() => loadConfig({ SOCIALQUERY_POOL_SIZE: '0' })).toThrow(
      /SOCIALQUERY_POOL_SIZE must be a whole number from 1 to 1000/,
    );
    expect(loadConfig({ SOCIALQUERY_REDIS: '' }).SOCIALQUERY_REDIS).toBeUndefined();
    expect(loadConfig({ SOCIALQUERY_REDIS: 'rediss://cache.internal:6380' }).SOCIALQUERY_REDIS).toBe(
      'rediss://cache.internal:6380',
    );
  });

  it('names each bad variable in one clear message', () => {
    const bad = () => loadConfig({ PORT: '80a', LOG_LEVEL: 'loud', SOCIALQUERY_SECRET: 'short' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT must be a port number from 0 to 65535/);
    expect(bad).toThrow(/LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent/);
    expect(bad).toThrow(/SOCIALQUERY_SECRET must be at least 16 characters/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be a port number/);
  });

  it('refuses rate limits that are not whole numbers in range, and Redis addresses that are not redis URLs', () => {
    for (const value of ['0', '-1', '1.5', '1e3', 'many', '1000000001']) {
      expect(() => loadConfig({ SOCIALQUERY_RATE_LIMIT: value })).toThrow(
        /SOCIALQUERY_RATE_LIMIT must be a whole number from 1 to 1000000000 \(requests per window\)/,
      );
    }
    for (const value of ['0', '86401', '60s']) {
      expect(() => loadConfig({ SOCIALQUERY_RATE_WINDOW: value })).toThrow(
        /SOCIALQUERY_RATE_WINDOW must be a whole number from 1 to 86400 \(seconds\)/,
      );
    }
    for (const value of ['127.0.0.1:6379', 'http://127.0.0.1:6379', 'redis://', 'redis:/x']) {
      expect(() => loadConfig({ SOCIALQUERY_REDIS: value })).toThrow(
        /SOCIALQUERY_REDIS must be a redis:\/\/ or rediss:\/\/ URL/,
      );
    }
  });
});
