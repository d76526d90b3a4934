#!/usr/bin/env node
// Charges per second of the request budget (src/rate-limit.ts): a tight loop of `chargeMore` (the
// store's increment, as every charged request makes it) against the memory counters, and against
// Redis one at a time and 32 in flight. Usage, after `pnpm build`:
//   node apps/api/scripts/measure-rate-limit.mjs [redis://…]   (or SOCIALQUERY_TEST_REDIS, as set by
//   `node .ci/with-test-services.mjs node apps/api/scripts/measure-rate-limit.mjs`)
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { createRequestBudget } from '../dist/rate-limit.js';

const logger = pino({ level: 'silent' });
const redisUrl = process.argv[2] ?? process.env.SOCIALQUERY_TEST_REDIS;
const ROUNDS = 7;

async function measure(name, options, charges, inFlight) {
  const budget = createRequestBudget({ limit: 1e9, windowMs: 60_000, logger, ...options });
  await budget.ready();
  const credentials = Array.from({ length: 100 }, () => randomUUID());
  const round = async () => {
    let next = 0;
    let over = 0;
    const start = process.hrtime.bigint();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < charges) {
          const i = next++;
          if (!(await budget.chargeMore(credentials[i % credentials.length], 1 + (i % 5)))) over++;
        }
      }),
    );
    if (over > 0) throw new Error(`${over} charges refused: the budget is meant to be out of reach`);
    return Number(process.hrtime.bigint() - start) / 1e6;
  };
  await round(); // warm-up
  const times = [];
  for (let i = 0; i < ROUNDS; i++) times.push(await round());
  times.sort((a, b) => a - b);
  const rate = (ms) => Math.round((charges / ms) * 1000).toLocaleString('en');
  console.log(
    `${name}: ${rate(times[ROUNDS >> 1])} charges/s median, best ${rate(times[0])} (${charges.toLocaleString('en')} charges, ${ROUNDS} rounds)`,
  );
  await budget.close();
}

await measure('memory, one at a time', {}, 200_000, 1);
if (redisUrl) {
  const redisKeyPrefix = `socialquery-measure:${randomUUID()}:`;
  await measure('Redis, one at a time', { redisUrl, redisKeyPrefix }, 10_000, 1);
  await measure('Redis, 32 in flight', { redisUrl, redisKeyPrefix }, 40_000, 32);
} else console.log('Redis: not measured (no URL given, SOCIALQUERY_TEST_REDIS unset)');
console.log(`node ${process.version}`);
