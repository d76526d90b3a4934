// Loaded with `node --import` into a service process by faults.test.ts: every SQLite connection the
// process opens may not grow its database file beyond the size it has when opened
// (`PRAGMA max_page_count`, clamped by SQLite to the current page count). A write that needs
// another page then fails inside SQLite exactly as on a full disk: SQLITE_FULL, "database or disk is full".
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../../../packages/store/package.json', import.meta.url));
const Database = require('better-sqlite3');
const pragma = Database.prototype.pragma;
const limited = new WeakSet();
Database.prototype.pragma = function (source, options) {
  if (!limited.has(this)) {
    limited.add(this);
    pragma.call(this, 'max_page_count = 1');
  }
  return pragma.call(this, source, options);
};
