/** ESM TypeScript through ts-jest (transpile only; `tsc` type-checks). Every suite runs on SQLite and on PostgreSQL. */
const base = {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
  testMatch: ['<rootDir>/src/**/*.test.ts'],
};

export default {
  // seeding demo data into a new PostgreSQL database takes seconds on a loaded 2-core machine
  testTimeout: 30_000,
  projects: [
    { ...base, displayName: 'sqlite' },
    { ...base, displayName: 'postgres', setupFiles: ['<rootDir>/src/testing.postgres-setup.ts'], testPathIgnorePatterns: ['/demo\\.test\\.ts$', '/dialect/', '/node_modules/', 'stores-agree'] },
  ],
};
