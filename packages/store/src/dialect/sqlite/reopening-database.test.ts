import {
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';
import { type OpenPurpose, reopeningDatabase } from './reopening-database.js';
import { withStatementCache } from './statement-cache.js';

let dir: string;
let file: string;
let good: Buffer;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sq-reopen-'));
  file = join(dir, 'store.db');
  const writer = new SQLite(file);
  writer.pragma('journal_mode = WAL');
  writer.exec('create table t (id integer primary key, v text)');
  const insert = writer.prepare('insert into t (v) values (?)');
  writer.transaction(() => {
    for (let i = 0; i < 20_000; i++) insert.run(`${'x'.repeat(100)}${i}`);
  })();
  writer.pragma('wal_checkpoint(TRUNCATE)');
  writer.close();
  good = readFileSync(file);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let opened = 0;
/**
 * A connection whose page cache (64 KiB) is far smaller than the file (2.6 MB): a full scan reads
 * from disk. A reopen gives up on a lock at once, as the store's does (sqlite-dialect.ts).
 */
const open = (purpose: OpenPurpose = 'first') => {
  opened += 1;
  const connection = new SQLite(file, { timeout: purpose === 'reopen' ? 0 : 5_000 });
  connection.pragma('journal_mode = WAL');
  connection.pragma('cache_size = -64');
  return connection;
};
/** Overwrites pages in the middle of the file behind SQLite's back, as a failing disk or a stray write would. */
const damage = () => {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(4096 * 50, 0x55), 0, 4096 * 50, 4096 * 10);
  closeSync(fd);
};
const restore = () => writeFileSync(file, good);
const scan = (db: SqliteDatabase) => {
  try {
    return db.prepare('select count(*) as n, sum(length(v)) as bytes from t').all([]);
  } catch (error) {
    return (error as { code?: string }).code ?? (error as Error).message;
  }
};
const whole = [{ n: 20_000, bytes: 2_088_890 }];

afterEach(restore);

describe('reopeningDatabase', () => {
  it('a plain connection goes on failing after its damaged file is restored: it keeps the pages it read', () => {
    const db = withStatementCache(open());
    expect(scan(db)).toEqual(whole);
    damage();
    expect(scan(db)).toBe('SQLITE_CORRUPT');
    restore();
    expect(scan(db)).toBe('SQLITE_CORRUPT');
    db.close();
  });

  it('replaces its connection after a corruption failure, and answers again once the file is restored', () => {
    opened = 0;
    const db = reopeningDatabase(open);
    expect(scan(db)).toEqual(whole);
    damage();
    expect(scan(db)).toBe('SQLITE_CORRUPT');
    restore();
    expect(scan(db)).toEqual(whole);
    expect(opened).toBe(2);
    // healthy again: no more reopens
    expect(scan(db)).toEqual(whole);
    expect(opened).toBe(2);
    db.close();
  });

  it('spaces reopens out while the file stays damaged (250 ms, doubling), and a success resets the spacing', () => {
    opened = 0;
    let clock = 0;
    const db = reopeningDatabase(open, { now: () => clock });
    damage();
    const opensAt = (ms: number) => {
      clock = ms;
      expect(scan(db)).toBe('SQLITE_CORRUPT');
      return opened;
    };
    // the first failure reopens at the next statement; each failure after a reopen waits longer
    expect(opensAt(0)).toBe(1);
    expect(opensAt(1)).toBe(2);
    expect(opensAt(100)).toBe(2);
    expect(opensAt(251)).toBe(3);
    expect(opensAt(600)).toBe(3);
    expect(opensAt(751)).toBe(4);
    restore();
    clock = 2_000;
    expect(scan(db)).toEqual(whole);
    expect(opened).toBe(5);
    damage();
    clock = 2_001;
    expect(scan(db)).toBe('SQLITE_CORRUPT');
    expect(scan(db)).toBe('SQLITE_CORRUPT');
    expect(opened).toBe(6);
    db.close();
  });

  it('never replaces the connection inside a transaction', () => {
    opened = 0;
    const db = reopeningDatabase(open);
    db.prepare('begin').run([]);
    damage();
    expect(scan(db)).toBe('SQLITE_CORRUPT');
    restore();
    expect(scan(db)).toBe('SQLITE_CORRUPT');
    expect(opened).toBe(1);
    db.prepare('rollback').run([]);
    expect(scan(db)).toEqual(whole);
    expect(opened).toBe(2);
    db.close();
  });

  it('goes on reopening after a reopen that failed, whatever its error, and answers once one succeeds', () => {
    opened = 0;
    let clock = 0;
    let refuse = false;
    const db = reopeningDatabase(
      (purpose) => {
        if (refuse) {
          opened += 1;
          throw Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
        }
        return open(purpose);
      },
      { now: () => clock },
    );
    damage();
    expect(scan(db)).toBe('SQLITE_CORRUPT');
    refuse = true;
    // the reopen fails and the old connection is closed: statements fail at once, as unavailable
    expect(scan(db)).toBe('SQLITE_BUSY');
    expect(scan(db)).toBe('The database connection is not open');
    expect(opened).toBe(2);
    restore();
    refuse = false;
    clock = 100;
    expect(scan(db)).toBe('The database connection is not open');
    clock = 251;
    expect(scan(db)).toEqual(whole);
    expect(opened).toBe(3);
    db.close();
  });

  it('a file truncated to nothing while another connection holds it: the reopen gives up at once, and heals after the restore', () => {
    opened = 0;
    let clock = 0;
    const other = open();
    expect(scan(withStatementCache(other))).toEqual(whole);
    const db = reopeningDatabase(open, { now: () => clock });
    expect(scan(db)).toEqual(whole);
    truncateSync(file, 0);
    expect(scan(db)).toBe('SQLITE_CORRUPT');
    // WAL cannot be set up on the empty file while the other connection holds it
    const started = Date.now();
    expect(scan(db)).toBe('SQLITE_BUSY');
    expect(Date.now() - started).toBeLessThan(1_000);
    restore();
    clock = 251;
    expect(scan(db)).toEqual(whole);
    other.close();
    db.close();
  });
});
