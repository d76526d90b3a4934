/** The shared jest setup (jest.preset.js); every suite runs on SQLite and on PostgreSQL. */
import { coverageMinimum, coverageSources, esmTypeScript, storeSuiteTimeout } from '../../jest.preset.js';

const base = { ...esmTypeScript, testMatch: ['<rootDir>/src/**/*.test.ts'], collectCoverageFrom: coverageSources };

export default {
  ...coverageMinimum({ statements: 93, branches: 84, functions: 94, lines: 94 }),
  ...storeSuiteTimeout,
  projects: [
    { ...base, displayName: 'sqlite' },
    {
      ...base,
      displayName: 'postgres',
      setupFiles: ['<rootDir>/src/testing.postgres-setup.ts'],
      testPathIgnorePatterns: ['/demo\\.test\\.ts$', '/dialect/', '/node_modules/', 'stores-agree'],
    },
  ],
};
