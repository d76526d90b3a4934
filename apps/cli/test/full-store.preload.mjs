// Loaded with `node --import` into a CLI process by crash-safety.test.ts: every SQLite connection
// the process opens may grow its database by SOCIALQUERY_TEST_GROWTH_PAGES pages at most (default 0)
// (`PRAGMA max_page_count`). A write that needs another page then fails inside SQLite as on a full
// disk: SQLITE_FULL, "database or disk is full".
import { createRequire } from 'node:module';

const require = createRequire(new URL('../../../packages/store/package.json', import.meta.url));
const Database = require('better-sqlite3');
const pragma = Database.prototype.pragma;
const growth = Number(process.env.SOCIALQUERY_TEST_GROWTH_PAGES ?? 0);
const limited = new WeakSet();
Database.prototype.pragma = function (source, options) {
  if (!limited.has(this)) {
    limited.add(this);
    const pages = pragma.call(this, 'page_count', { simple: true });
    pragma.call(this, `max_page_count = ${pages + growth}`);
  }
  return pragma.call(this, source, options);
};
