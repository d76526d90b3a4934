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
  projects: [
    { ...base, displayName: 'sqlite' },
    { ...base, displayName: 'postgres', setupFiles: ['<rootDir>/src/testing.postgres-setup.ts'], testPathIgnorePatterns: ['/demo/', '/dialect/', '/node_modules/'] },
  ],
};
