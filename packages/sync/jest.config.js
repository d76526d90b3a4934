/** The shared jest setup (jest.preset.js); the suites that write a store run on SQLite and on PostgreSQL (the lease's one statement, above all). */
import { coverageMinimum, coverageSources, esmTypeScript, storeSuiteTimeout } from '../../jest.preset.js';

const base = { ...esmTypeScript, testMatch: ['<rootDir>/src/**/*.test.ts'], collectCoverageFrom: coverageSources };

export default {
  ...coverageMinimum({ statements: 95, branches: 85, functions: 92, lines: 97 }),
  ...storeSuiteTimeout,
  projects: [
    { ...base, displayName: 'sqlite' },
    {
      ...base,
      displayName: 'postgres',
      setupFiles: ['<rootDir>/src/testing.postgres-setup.ts'],
      // the suites that touch no store run once
      testPathIgnorePatterns: [
        '/node_modules/',
        '/targets\\.test\\.ts$',
        '/upstream\\.test\\.ts$',
        '/check\\.test\\.ts$',
      ],
    },
  ],
};
