import type { Database } from '@socialquery/store';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';

/** The platform's quota day (YouTube's resets at midnight Pacific time). */
const QUOTA_ZONE = 'America/Los_Angeles';
const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: QUOTA_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const HOUR = 3_600_000;

/** The quota day `at` falls in, `YYYY-MM-DD` in Pacific time. */
export const quotaDay = (at: number): string => dayFormat.format(at);

/** When the quota day after the one `at` falls in begins (Pacific midnight: a whole UTC hour, the zone's offsets being whole hours). */
export function nextQuotaDay(at: number): number {
  const today = quotaDay(at);
  let next = Math.floor(at / HOUR) * HOUR + HOUR;
  while (quotaDay(next) === today) next += HOUR;
  return next;
}

/** A call would spend more than the day's budget, or the API said the project's quota is spent. */
export class QuotaBudgetError extends Error {
  override readonly name = 'QuotaBudgetError';
  constructor(
    message: string,
    readonly resumesAt: number,
  ) {
    super(message);
  }
}

interface Spent {
  day: string;
  used: number;
}

/**
 * The units a platform's calls spent today, kept in the store (`settings`, `sync:<platform>-quota`) so
 * every run and replica counts against one budget; charged before each call, as the API charges
 * failed calls too.
 */
export class QuotaLedger {
  private readonly key: string;
  constructor(
    private readonly db: Kysely<Database>,
    platform: string,
    readonly budget: number,
    private readonly clock: Clock,
  ) {
    this.key = `sync:${platform}-quota`;
  }

  /** Units spent in the current quota day. */
  async used(): Promise<number> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', this.key).executeTakeFirst();
    const spent = row ? (JSON.parse(row.value) as Spent) : undefined;
    return spent?.day === quotaDay(this.clock.now()) ? spent.used : 0;
  }

  /** Charges `units` for `what`; throws QuotaBudgetError (charging nothing) when the budget cannot cover them. */
  async spend(units: number, what: string): Promise<void> {
    const now = this.clock.now();
    const used = await this.used();
    if (used + units > this.budget)
      throw new QuotaBudgetError(
        `quota budget reached (${used} of ${this.budget} units used today; ${what} costs ${units})`,
        nextQuotaDay(now),
      );
    await this.write(used + units);
  }

  /** The API answered that the quota is spent: nothing more today. */
  async exhaust(): Promise<QuotaBudgetError> {
    await this.write(Math.max(this.budget, await this.used()));
    return new QuotaBudgetError(
      'quota budget reached (the API answered quotaExceeded)',
      nextQuotaDay(this.clock.now()),
    );
  }

  private async write(used: number) {
    const value = JSON.stringify({ day: quotaDay(this.clock.now()), used } satisfies Spent);
    await this.db
      .insertInto('settings')
      .values({ key: this.key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}
