import type { Database } from '@socialquery/store';
import type { Kysely } from 'kysely';
import type { Clock } from './clock.js';

/** YouTube's quota day, the default: it resets at midnight Pacific time. */
export const PACIFIC = 'America/Los_Angeles';
const HOUR = 3_600_000;
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The quota day `at` falls in, `YYYY-MM-DD` in `timeZone` (an IANA zone; default Pacific time, YouTube's). */
export function quotaDay(at: number, timeZone = PACIFIC): string {
  let format = dayFormats.get(timeZone);
  if (!format)
    dayFormats.set(
      timeZone,
      (format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })),
    );
  return format.format(at);
}

/**
 * When the quota day after the one `at` falls in begins: midnight in `timeZone` (default Pacific), a whole
 * UTC hour, the zones sync uses (Pacific, UTC) having whole-hour offsets.
 */
export function nextQuotaDay(at: number, timeZone = PACIFIC): number {
  const today = quotaDay(at, timeZone);
  let next = Math.floor(at / HOUR) * HOUR + HOUR;
  while (quotaDay(next, timeZone) === today) next += HOUR;
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

/** How a ledger counts: its day's time zone, and what it counts, in messages. */
export interface QuotaLedgerOptions {
  /** The IANA time zone whose midnight starts the platform's quota day (default Pacific time, YouTube's; TikTok's is `UTC`). */
  timeZone?: string;
  /** What a unit is, in messages (default `units`; TikTok's are `requests`). */
  unit?: string;
}

/**
 * The units a platform's calls spent today, kept in the store (`settings`, `sync:<platform>-quota`) so
 * every run and replica counts against one budget; charged before each call, as the API charges
 * failed calls too. The day is the platform's (`timeZone`).
 */
export class QuotaLedger {
  private readonly key: string;
  private readonly timeZone: string;
  private readonly unit: string;
  constructor(
    private readonly db: Kysely<Database>,
    platform: string,
    readonly budget: number,
    private readonly clock: Clock,
    options: QuotaLedgerOptions = {},
  ) {
    this.key = `sync:${platform}-quota`;
    this.timeZone = options.timeZone ?? PACIFIC;
    this.unit = options.unit ?? 'units';
  }

  private today() {
    return quotaDay(this.clock.now(), this.timeZone);
  }

  /** When the next quota day begins. */
  nextDay(): number {
    return nextQuotaDay(this.clock.now(), this.timeZone);
  }

  /** Units spent in the current quota day. */
  async used(): Promise<number> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', this.key).executeTakeFirst();
    const spent = row ? (JSON.parse(row.value) as Spent) : undefined;
    return spent?.day === this.today() ? spent.used : 0;
  }

  /** Charges `units` for `what`; throws QuotaBudgetError (charging nothing) when the budget cannot cover them. */
  async spend(units: number, what: string): Promise<void> {
    const used = await this.used();
    if (used + units > this.budget)
      throw new QuotaBudgetError(
        `quota budget reached (${used} of ${this.budget} ${this.unit} used today; ${what} costs ${units})`,
        this.nextDay(),
      );
    await this.write(used + units);
  }

  /** Charges `units` already spent (retries the API counted), past the budget if need be. */
  async charge(units: number): Promise<void> {
    if (units > 0) await this.write((await this.used()) + units);
  }

  /**
   * The API answered that the quota is spent (`answer`: what it said): nothing more today. The message
   * says what sync itself had spent, so a user can tell a project quota shared with other clients (or a
   * lower one than the budget) from the store's own budget.
   */
  async exhaust(answer = 'quotaExceeded'): Promise<QuotaBudgetError> {
    const used = await this.used();
    await this.write(Math.max(this.budget, used));
    return new QuotaBudgetError(
      `quota budget reached (the API answered ${answer}; sync had used ${used} of its ${this.budget} ${this.unit} today)`,
      this.nextDay(),
    );
  }

  private async write(used: number) {
    const value = JSON.stringify({ day: this.today(), used } satisfies Spent);
    await this.db
      .insertInto('settings')
      .values({ key: this.key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}
