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

/**
 * Whose quota stopped a run, and how much of it sync had used: what a quota stop's summary line, `sync status`
 * and its JSON (`lastQuota`) tell.
 */
export interface QuotaStop {
  /**
   * `budget`: sync's own daily budget for the platform (a variable: `SOCIALQUERY_YOUTUBE_DAILY_QUOTA`…) cannot
   * cover the next call; `platform`: the API answered that the project's own quota is spent (YouTube's 403
   * `quotaExceeded`, TikTok's 429 `daily_quota_limit_exceeded`), which other clients of the project share.
   */
  whose: 'budget' | 'platform';
  /** The ledger: the platform's API (`youtube`, `tiktok`). */
  api: string;
  /** What it counts: `units`, `requests`. */
  unit: string;
  /** What sync had sent that quota day, by the store's ledger (retries included). */
  used: number;
  /** Sync's own daily budget. */
  budget: number;
  /** `budget`: the variable that sets it. */
  variable?: string;
  /** `budget`: the call it refused, and what that call costs. */
  call?: string;
  cost?: number;
  /** `platform`: what the API answered (`403 quotaExceeded`). */
  answer?: string;
  /** When the next quota day begins (epoch ms): the target's next run. */
  resumesAt: number;
}

/** A quota stop in words: `quota budget reached (sync's own budget, …: 9990 of 10000 units used today; …)`, or the platform's. */
function quotaWords(stop: QuotaStop, name: string, earlier: boolean): string {
  if (stop.whose === 'budget')
    return `quota budget reached (sync's own budget${stop.variable ? `, ${stop.variable}` : ''}: ${stop.used} of ${stop.budget} ${stop.unit} used today; ${stop.call} costs ${stop.cost})`;
  return `platform quota reached (${name}'s quota for the project is spent: the API answered ${stop.answer}${earlier ? ' earlier today' : ''}; sync had used ${stop.used} of its ${stop.budget} ${stop.unit} today)`;
}

/** A call would spend more than the day's budget, or the API said the project's quota is spent (`quota` says which). */
export class QuotaBudgetError extends Error {
  override readonly name = 'QuotaBudgetError';
  readonly resumesAt: number;
  constructor(
    message: string,
    readonly quota: QuotaStop,
  ) {
    super(message);
    this.resumesAt = quota.resumesAt;
  }
}

/** A ledger's day: the units sent, and the API's answer when it said the project's quota is spent. */
export interface QuotaDay {
  used: number;
  exhausted?: string;
}

interface Spent extends QuotaDay {
  day: string;
}

/** How a ledger counts: its day's time zone, and what it counts, in messages. */
export interface QuotaLedgerOptions {
  /** The IANA time zone whose midnight starts the platform's quota day (default Pacific time, YouTube's; TikTok's is `UTC`). */
  timeZone?: string;
  /** What a unit is, in messages (default `units`; TikTok's are `requests`). */
  unit?: string;
  /** The platform's name in messages (default the ledger's: `YouTube`, `TikTok`). */
  name?: string;
  /** The variable that sets the budget, named when the budget stops a run (`SOCIALQUERY_YOUTUBE_DAILY_QUOTA`). */
  variable?: string;
}

/**
 * The units a platform's calls spent today, kept in the store (`settings`, `sync:<platform>-quota`) so
 * every run and replica counts against one budget; each request charged as it is sent (retries too), as
 * the API charges failed calls too. When the API answers that the project's quota is spent, the day's
 * entry keeps that answer beside the units (which stay what was sent): every call is refused until the
 * platform's next quota day (`timeZone`).
 */
export class QuotaLedger {
  private readonly key: string;
  private readonly timeZone: string;
  private readonly unit: string;
  private readonly name: string;
  private readonly variable: string | undefined;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly platform: string,
    readonly budget: number,
    private readonly clock: Clock,
    options: QuotaLedgerOptions = {},
  ) {
    this.key = `sync:${platform}-quota`;
    this.timeZone = options.timeZone ?? PACIFIC;
    this.unit = options.unit ?? 'units';
    this.name = options.name ?? platform;
    this.variable = options.variable;
  }

  private day() {
    return quotaDay(this.clock.now(), this.timeZone);
  }

  /** When the next quota day begins. */
  nextDay(): number {
    return nextQuotaDay(this.clock.now(), this.timeZone);
  }

  /** The current quota day: the units spent, and the API's answer if it said the project's quota is spent. */
  async today(): Promise<QuotaDay> {
    const row = await this.db.selectFrom('settings').select('value').where('key', '=', this.key).executeTakeFirst();
    const spent = row ? (JSON.parse(row.value) as Spent) : undefined;
    if (spent?.day !== this.day()) return { used: 0 };
    return { used: spent.used, ...(spent.exhausted !== undefined ? { exhausted: spent.exhausted } : {}) };
  }

  /** Units spent in the current quota day. */
  async used(): Promise<number> {
    return (await this.today()).used;
  }

  /**
   * Charges `units` for `what` (a request about to be sent); throws QuotaBudgetError, charging nothing, when
   * the budget cannot cover them or the API said today that the project's quota is spent.
   */
  async spend(units: number, what: string): Promise<void> {
    const { used, exhausted } = await this.today();
    if (exhausted !== undefined) throw this.stop({ whose: 'platform', used, answer: exhausted }, true);
    if (used + units > this.budget)
      throw this.stop({
        whose: 'budget',
        used,
        ...(this.variable ? { variable: this.variable } : {}),
        call: what,
        cost: units,
      });
    await this.write({ used: used + units });
  }

  /** Charges `units` sent (a retry the API counts too), past the budget if need be. */
  async charge(units: number): Promise<void> {
    if (units <= 0) return;
    const today = await this.today();
    await this.write({ ...today, used: today.used + units });
  }

  /**
   * The API answered that the project's quota is spent (`answer`: what it said, `403 quotaExceeded`): nothing
   * more is sent today. The units stay what sync sent; the message says so, so a user can tell a project
   * quota shared with other clients (or lower than the budget) from the store's own budget.
   */
  async exhaust(answer: string): Promise<QuotaBudgetError> {
    const { used } = await this.today();
    await this.write({ used, exhausted: answer });
    return this.stop({ whose: 'platform', used, answer });
  }

  /** The stop of a call refused (`earlier`: by an answer the API gave before today's call), its fields in one order. */
  private stop(
    { whose, used, variable, call, cost, answer }: Omit<QuotaStop, 'api' | 'unit' | 'budget' | 'resumesAt'>,
    earlier = false,
  ): QuotaBudgetError {
    const quota: QuotaStop = {
      whose,
      api: this.platform,
      unit: this.unit,
      used,
      budget: this.budget,
      ...(variable !== undefined ? { variable } : {}),
      ...(call !== undefined && cost !== undefined ? { call, cost } : {}),
      ...(answer !== undefined ? { answer } : {}),
      resumesAt: this.nextDay(),
    };
    return new QuotaBudgetError(quotaWords(quota, this.name, earlier), quota);
  }

  private async write(today: QuotaDay) {
    const value = JSON.stringify({ day: this.day(), ...today } satisfies Spent);
    await this.db
      .insertInto('settings')
      .values({ key: this.key, value })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();
  }
}
