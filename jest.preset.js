/**
 * The jest setup every package shares: ESM TypeScript through ts-jest (transpile only: each package's
 * `typecheck`, `tsc -p tsconfig.json` over its sources and tests, type-checks them, and `pnpm test` runs it
 * before the suites). A package's jest.config.js takes it as it is, or spreads `esmTypeScript` into its
 * own projects (store, api and cli run their suites once per store kind).
 */
export const esmTypeScript = {
  preset: 'ts-jest/presets/default-esm',
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  // sources import './x.js' (NodeNext); jest resolves the .ts file beside it
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: { '^.+\\.ts$': ['ts-jest', { useESM: true, tsconfig: 'tsconfig.json' }] },
};

/** Tests sit beside the code they test (`src/**\/*.test.ts`), end-to-end ones in `test/`. */
export const testsBesideCode = ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'];

/**
 * The whole setup of a package whose suites touch no store. jest's 5 s default would fail a test on
 * a loaded machine (a busy laptop runs them beside other work); two minutes still stops a hung one.
 */
export default { ...esmTypeScript, testMatch: testsBesideCode, testTimeout: 120_000 };

/** What coverage counts: a package's sources, not its tests or test helpers. */
export const coverageSources = [
  '<rootDir>/src/**/*.ts',
  '!<rootDir>/src/**/*.test.ts',
  '!<rootDir>/src/**/*.case.ts',
  '!<rootDir>/src/**/testing*.ts',
  '!<rootDir>/src/**/testing/**',
  '!<rootDir>/src/**/*.d.ts',
];

/**
 * Coverage for a package whose `test` script runs `jest --coverage`: a one-line summary, and the
 * run fails when a figure falls under the package's minimum (set just under what it measured, so a
 * change that drops tests or adds untested code shows). Plain `jest <file>` runs collect nothing.
 */
export function coverageMinimum(minimum) {
  return {
    collectCoverageFrom: coverageSources,
    coverageReporters: ['text-summary'],
    coverageThreshold: { global: minimum },
  };
}

/**
 * The bound of every test and hook in the suites that seed or copy stores (store, cli, api): a
 * seed that takes seconds alone takes minutes while turbo runs every package's suites side by side
 * on 2 cores beside PostgreSQL. Only a hung test reaches it, so no test sets a shorter one for that.
 */
export const storeSuiteTimeout = { testTimeout: 600_000 };
