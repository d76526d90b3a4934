import { ConfigError, loadConfig } from '../src/config.js';

describe('configuration from the environment', () => {
  it('applies the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      PORT: 8080,
      HOST: '127.0.0.1',
      SOCIALQUERY_STORE: 'sqlite:./data/socialquery.db',
      LOG_LEVEL: 'info',
    });
  });

  it('reads every variable; an empty value counts as unset', () => {
    const config = loadConfig({ PORT: '0', HOST: '0.0.0.0', SOCIALQUERY_STORE: 'sqlite::memory:', SOCIALQUERY_SECRET: 's'.repeat(16), LOG_LEVEL: 'silent' });
    expect(config).toEqual({ PORT: 0, HOST: '0.0.0.0', SOCIALQUERY_STORE: 'sqlite::memory:', SOCIALQUERY_SECRET: 's'.repeat(16), LOG_LEVEL: 'silent' });
    expect(loadConfig({ PORT: '' }).PORT).toBe(8080);
  });

  it('names each bad variable in one clear message', () => {
    const bad = () => loadConfig({ PORT: '80a', LOG_LEVEL: 'loud', SOCIALQUERY_SECRET: 'short' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT must be a port number from 0 to 65535/);
    expect(bad).toThrow(/LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent/);
    expect(bad).toThrow(/SOCIALQUERY_SECRET must be at least 16 characters/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT must be a port number/);
  });
});
