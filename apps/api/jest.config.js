/**
 * The shared jest setup (jest.preset.js). The suites that talk to a store run twice: on SQLite
 * and on PostgreSQL (a new database per test file).
 */
import { coverageMinimum, coverageSources, esmTypeScript, storeSuiteTimeout } from '../../jest.preset.js';

const base = { ...esmTypeScript, collectCoverageFrom: coverageSources };

export default {
  ...coverageMinimum({ statements: 84, branches: 77, functions: 86, lines: 85 }),
  ...storeSuiteTimeout,
  projects: [
    {
      ...base,
      displayName: 'sqlite',
      testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '/test/postgres-'],
    },
    {
      ...base,
      displayName: 'postgres',
      setupFiles: ['<rootDir>/test/postgres.setup.ts'],
      // the typed clients' suites (test/*-client.test.ts) check a client against the service's HTTP
      // surface, which does not depend on the store kind: they run on SQLite only
      testPathIgnorePatterns: ['/node_modules/', '-client\\.test\\.ts$'],
      testMatch: [
        '<rootDir>/test/forum*.test.ts',
        '<rootDir>/test/microblog*.test.ts',
        '<rootDir>/test/shortvideo*.test.ts',
        '<rootDir>/test/professional*.test.ts',
        '<rootDir>/test/video*.test.ts',
        '<rootDir>/test/music.test.ts',
        '<rootDir>/test/music-extra.test.ts',
        '<rootDir>/test/feeds.test.ts',
        '<rootDir>/test/import.test.ts',
        '<rootDir>/test/history.test.ts',
        '<rootDir>/test/export.test.ts',
        '<rootDir>/test/service.test.ts',
        '<rootDir>/test/main.test.ts',
        '<rootDir>/test/postgres-*.test.ts',
        '<rootDir>/test/hardening/contract-properties.test.ts',
      ],
    },
  ],
};
