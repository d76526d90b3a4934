import SQLite from 'better-sqlite3';
import { withStatementCache } from './statement-cache.js';

describe('withStatementCache', () => {
  it('prepares each SQL text once, evicts the least recently used past its capacity, and closes the connection', () => {
    const connection = new SQLite(':memory:');
    const original = connection.prepare.bind(connection);
    let prepared = 0;
    connection.prepare = ((sql: string) => (prepared++, original(sql))) as typeof connection.prepare;
    const cached = withStatementCache(connection);
    const first = cached.prepare('select 1 as one');
    expect(cached.prepare('select 1 as one')).toBe(first);
    expect(prepared).toBe(1);
    expect(cached.prepare('select 1 as one').all([])).toEqual([{ one: 1 }]);

    for (let i = 0; i < 600; i++) cached.prepare(`select ${i} as n`);
    expect(prepared).toBe(601);
    cached.prepare('select 599 as n'); // recent: still cached
    expect(prepared).toBe(601);
    expect(cached.prepare('select 1 as one')).not.toBe(first); // the oldest was evicted
    expect(prepared).toBe(602);

    cached.close();
    expect(connection.open).toBe(false);
  });
});
