#!/usr/bin/env node
// Rate of the music search's kept positions (KeptPositions in src/platforms/music/search.ts): W walks
// page in turn, each page taking the position the walk's last page ended at and keeping its own.
// Fewer walks than are kept: every take finds its position; more: each was evicted in between (a
// miss, and an eviction on each keep). Usage, after `pnpm build`:
//   node packages/store/scripts/measure-kept-positions.mjs [rounds=15]
import { KeptPositions, POSITIONS_KEPT } from '../dist/platforms/music/search.js';

const rounds = Number(process.argv[2] ?? 15);
const PAGES = 1_000_000;
const position = { tier: 1, popularity: 500, num: 12345 };
const measure = (walks) => {
  const keys = Array.from(
    { length: walks * 50 },
    (_, i) => `tracks\u0000love songs ${i % walks}\u0000${20 * Math.floor(i / walks)}`,
  );
  const round = () => {
    const kept = new KeptPositions();
    let found = 0;
    const start = process.hrtime.bigint();
    for (let page = walks; page < PAGES + walks; page++) {
      // page n of a walk takes where page n - 1 ended (kept `walks` pages ago), then keeps its own end
      if (kept.take(keys[(page - walks) % keys.length]) !== undefined) found++;
      kept.keep(keys[page % keys.length], position);
    }
    return { ms: Number(process.hrtime.bigint() - start) / 1e6, found };
  };
  for (let i = 0; i < 3; i++) round();
  const results = Array.from({ length: rounds }, round).sort((a, b) => a.ms - b.ms);
  const median = results[Math.floor(results.length / 2)];
  const rate = (ms) => Math.round((PAGES / ms) * 1000).toLocaleString('en');
  console.log(
    `${walks} walks, ${PAGES.toLocaleString('en')} take+keep pages (${((100 * median.found) / PAGES).toFixed(0)} % found): ` +
      `${rate(median.ms)} pages/s median, best ${rate(results[0].ms)} (${rounds} rounds; node ${process.version})`,
  );
};
measure(POSITIONS_KEPT / 2);
measure(POSITIONS_KEPT * 2);
