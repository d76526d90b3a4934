/** The shared jest setup (jest.preset.js); every suite runs on SQLite and on PostgreSQL. */
import { coverageMinimum, coverageSources, esmTypeScript, storeSuiteTimeout } from '../../jest.preset.js';

const base = { ...esmTypeScript, testMatch: ['<rootDir>/src/**/*.test.ts'], collectCoverageFrom: coverageSources };

export default {
  ...coverageMinimum({ statements: 87, branches: 70, functions: 90, lines: 88 }),
  ...storeSuiteTimeout,
  projects: [
    { ...base, displayName: 'sqlite' },
    { ...base, displayName: 'postgres', setupFiles: ['<rootDir>/src/testing.postgres-setup.ts'] },
  ],
};
