import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openStore } from '../../store.js';
import { isSqliteUnavailable } from './sqlite-errors.js';

describe('SQLite store', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sq-sqlite-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('creates the file and its folder on first use, in WAL mode', async () => {
    const path = join(dir, 'a', 'b', 'store.db');
    const store = await openStore(`sqlite:${path}`);
    try {
      expect(existsSync(path)).toBe(true);
      const { rows } = await sql<{ journal_mode: string }>`PRAGMA journal_mode`.execute(store.db);
      expect(rows[0]?.journal_mode).toBe('wal');
    } finally {
      await store.close();
    }
  });

  it('classifies busy, read-only, full and closed-store errors as unavailable, others not', () => {
    for (const code of ['SQLITE_BUSY', 'SQLITE_READONLY', 'SQLITE_FULL', 'SQLITE_IOERR_WRITE', 'SQLITE_CANTOPEN']) {
      expect(isSqliteUnavailable(Object.assign(new Error('x'), { code }))).toBe(true);
    }
    expect(isSqliteUnavailable(new TypeError('The database connection is not open'))).toBe(true);
    expect(isSqliteUnavailable(Object.assign(new Error('x'), { code: 'SQLITE_ERROR' }))).toBe(false);
    expect(isSqliteUnavailable(new Error('SQLITE_BUSY'))).toBe(false);
  });
});
