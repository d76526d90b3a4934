import type { Store } from '@socialquery/store';
import { openTestStore } from '@socialquery/store/testing';
import { nextQuotaDay, QuotaBudgetError, QuotaLedger, quotaDay } from './quota.js';
import { fakeClock } from './testing.js';

describe('quota days by time zone', () => {
  it("Pacific by default (YouTube's); UTC days start at 00:00 UTC", () => {
    const at = Date.parse('2026-03-02T07:59:59Z');
    expect(quotaDay(at)).toBe('2026-03-01');
    expect(quotaDay(at, 'UTC')).toBe('2026-03-02');
    expect(quotaDay(Date.parse('2026-03-02T23:59:59.999Z'), 'UTC')).toBe('2026-03-02');
    expect(new Date(nextQuotaDay(at, 'UTC')).toISOString()).toBe('2026-03-03T00:00:00.000Z');
    expect(new Date(nextQuotaDay(Date.parse('2026-03-02T00:00:00Z'), 'UTC')).toISOString()).toBe(
      '2026-03-03T00:00:00.000Z',
    );
    expect(new Date(nextQuotaDay(at)).toISOString()).toBe('2026-03-02T08:00:00.000Z');
  });
});

describe('QuotaLedger', () => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore();
  });
  afterAll(async () => {
    await store.close();
  });

  it('a UTC ledger counts requests per UTC day, refuses past its budget, charges retries, starts again at midnight', async () => {
    // 23:00 UTC: still 2026-03-02 in UTC, and in Pacific time
    const clock = fakeClock(Date.parse('2026-03-02T23:00:00Z'));
    const ledger = new QuotaLedger(store.db, 'utc-test', 3, clock, {
      timeZone: 'UTC',
      unit: 'requests',
      name: 'UTC-Test',
      variable: 'SOCIALQUERY_UTC_TEST_REQUESTS',
    });
    await ledger.spend(1, 'a query');
    await ledger.charge(1);
    await ledger.charge(0);
    expect(await ledger.used()).toBe(2);
    await ledger.spend(1, 'a query');
    const refused = await ledger.spend(1, 'a query').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(QuotaBudgetError);
    expect(refused).toMatchObject({
      message:
        "quota budget reached (sync's own budget, SOCIALQUERY_UTC_TEST_REQUESTS: 3 of 3 requests used today; a query costs 1)",
      resumesAt: Date.parse('2026-03-03T00:00:00Z'),
      quota: {
        whose: 'budget',
        api: 'utc-test',
        unit: 'requests',
        used: 3,
        budget: 3,
        variable: 'SOCIALQUERY_UTC_TEST_REQUESTS',
        call: 'a query',
        cost: 1,
        resumesAt: Date.parse('2026-03-03T00:00:00Z'),
      },
    });
    // past the budget when retries were spent: recorded as they were
    await ledger.charge(2);
    expect(await ledger.used()).toBe(5);
    // 00:00 UTC: a new day (Pacific time is still on 2026-03-02)
    clock.advance(3_600_000);
    expect(await ledger.used()).toBe(0);
    expect(ledger.nextDay()).toBe(Date.parse('2026-03-04T00:00:00Z'));
    await ledger.spend(1, 'a query');
    const exhausted = await ledger.exhaust('429');
    expect(exhausted).toMatchObject({
      message:
        "platform quota reached (UTC-Test's quota for the project is spent: the API answered 429; sync had used 1 of its 3 requests today)",
      quota: { whose: 'platform', answer: '429', used: 1, budget: 3 },
    });
    // the ledger still counts what was sent; the platform's answer refuses every call until the next day
    expect(await ledger.used()).toBe(1);
    const after = await ledger.spend(1, 'a query').catch((error: unknown) => error);
    expect(after).toMatchObject({
      message:
        "platform quota reached (UTC-Test's quota for the project is spent: the API answered 429 earlier today; sync had used 1 of its 3 requests today)",
    });
    expect(await ledger.today()).toEqual({ used: 1, exhausted: '429' });
    // a Pacific ledger of the same store is another key, another day
    const pacific = new QuotaLedger(store.db, 'pacific-test', 10, clock);
    await pacific.spend(2, 'search.list');
    expect(await pacific.used()).toBe(2);
    expect(pacific.nextDay()).toBe(Date.parse('2026-03-03T08:00:00Z'));
    // the next UTC day: the platform's answer is yesterday's
    clock.advance(24 * 3_600_000);
    expect(await ledger.today()).toEqual({ used: 0 });
    await ledger.spend(1, 'a query');
    expect(await ledger.today()).toEqual({ used: 1 });
  });
});
