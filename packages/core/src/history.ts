import { z } from 'zod';
import { type AuthScheme, defineOperation } from './operation.js';
import { integerParam, optionalString, requiredString, timeBoundParam } from './params.js';
import { Timestamp } from './schemas.js';

/**
 * Metrics over time: each platform's history operation answers one record's counts as the store
 * read them, one observation per reading that changed them (an import or a sync run stores one when
 * it stores the record new or changes a count), oldest first. Its query and answer have the same
 * shape on every platform; the platform names the kinds of record and their counts.
 */

/** Most observations one page answers; the default page. */
export const HISTORY_LIMIT_MAX = 1000;
export const HISTORY_LIMIT_DEFAULT = 100;

/** The counts each kind of record has, by API field name (`post: ['score', 'numComments']`). */
export type HistoryKinds = Readonly<Record<string, readonly string[]>>;

/** Words of each kind's counts, for the operation's description. */
export const historyKindsText = (kinds: HistoryKinds) =>
  Object.entries(kinds)
    .map(([kind, counts]) => `${kind} (${counts.map((count) => `\`${count}\``).join(', ')})`)
    .join('; ');

/** The history operation's query: which record, which span, which page. */
export function historyQuery<const K extends string>(kinds: readonly [K, ...K[]]) {
  return z.object({
    record: z
      .enum(kinds, { error: `must be one of: ${kinds.join(', ')}` })
      .describe('The kind of record (`post`, `video`…: the kinds below).'),
    id: requiredString(200).describe("The record's id, as its other operations answer it."),
    since: timeBoundParam('after', { event: 'observed' }),
    until: timeBoundParam('before', { event: 'observed' }),
    limit: integerParam({ min: 1, max: HISTORY_LIMIT_MAX, default: HISTORY_LIMIT_DEFAULT }).describe(
      `Observations per page (1-${HISTORY_LIMIT_MAX}, default ${HISTORY_LIMIT_DEFAULT}).`,
    ),
    cursor: optionalString().describe("The previous page's cursor (pass the same record, id, since and until)."),
  });
}

/** One reading of a record's counts. */
export const Observation = z.object({
  observedAt: Timestamp.describe('When the store read these counts: the sync run, or the import that stored them.'),
  counts: z
    .record(z.string(), z.number())
    .describe(
      'The counts that reading carried, by field name (a reading from a partial source, such as a search result, carries only some).',
    ),
});
export type Observation = z.infer<typeof Observation>;

/** What a history answers: the record, its observations oldest first, and the next page's cursor ('' on the last). */
export const HistoryData = z.object({
  record: z.string(),
  id: z.string(),
  observations: z.array(Observation),
  cursor: z.string(),
});
export type HistoryData = z.infer<typeof HistoryData>;

/** What the operation's description says of the history, besides its kinds. */
export const HISTORY_DESCRIPTION =
  "A record's counts over time, oldest first: one observation each time an import or a sync run stored the " +
  'record new or changed one of its counts (a reading that found them unchanged adds none, so the counts hold ' +
  'from one observation until the next). `since`/`until` keep observations read strictly between them. A record ' +
  'with no observation (demo data, or stored before the store kept them) answers an empty list; an id the store ' +
  'does not hold, 404. Kinds and their counts: ';

/**
 * A platform's history operation, `GET /api/v1/<platform>/history` (`<platform>.history`): the query
 * and answer above in the platform's own auth and envelope (`wrap` builds the response schema around
 * HistoryData, whose `cursor` sits at `next`), with whatever else its operations declare (`extras`:
 * the professional group's error extras and cost).
 */
export function defineHistoryOperation<
  const Kinds extends HistoryKinds,
  const Auth extends AuthScheme,
  R extends z.ZodType = typeof HistoryData,
>(config: {
  platform: string;
  /** The operation's id (default `<platform>.history`). */
  id?: string;
  kinds: Kinds;
  auth: Auth;
  wrap?: (data: typeof HistoryData) => R;
  next?: readonly string[];
  summary: string;
  extras?: { errorExtras?: Readonly<Record<string, unknown>>; cost?: (params: Record<string, unknown>) => number };
}) {
  const names = Object.keys(config.kinds) as [Extract<keyof Kinds, string>, ...Extract<keyof Kinds, string>[]];
  const next = config.next ?? ['cursor'];
  return defineOperation({
    id: config.id ?? `${config.platform}.history`,
    method: 'GET',
    path: `/api/v1/${config.platform}/history`,
    auth: config.auth,
    params: { query: historyQuery(names) },
    response: (config.wrap ? config.wrap(HistoryData) : HistoryData) as R,
    summary: config.summary,
    description: `An extension. ${HISTORY_DESCRIPTION}${historyKindsText(config.kinds)}. Pass \`${next.join('.')}\` back as \`cursor\` for the next page.`,
    paging: { kind: 'token', param: 'cursor', next, limitParam: 'limit' },
    ...config.extras,
  });
}
