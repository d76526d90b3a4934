import { postgresDialect } from './postgres/postgres-dialect.js';
import { sqliteDialect } from './sqlite/sqlite-dialect.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new Error('import failed', { cause });

describe('isDiskFull', () => {
  it("is the store's own disk-full error, also as the cause of another, and nothing else", () => {
    const cases = [
      [sqliteDialect, withCode('SQLITE_FULL', 'database or disk is full'), withCode('SQLITE_BUSY')],
      [postgresDialect, withCode('53100', 'could not extend file: No space left on device'), withCode('53300')],
    ] as const;
    for (const [dialect, full, other] of cases) {
      expect([full, wrapped(full), other, wrapped(other), 'disk full', null].map(dialect.isDiskFull)).toEqual([
        true,
        true,
        false,
        false,
        false,
        false,
      ]);
    }
  });
});
