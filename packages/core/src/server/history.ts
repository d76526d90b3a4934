import { z } from 'zod';
import type { HistoryData } from '../history.js';
import { cursorBinding, decodePosition } from './cursor.js';
import type { HandlerContext } from './handler.js';
import { notFound } from './service-error.js';

/** What a page of a record's history is asked with (epoch ms). */
export interface HistoryQuery {
  since?: number;
  until?: number;
  /** The last observation of the page before: the page starts after it. */
  after?: number;
  limit: number;
}

/** One observation as a source reads it: the time (epoch ms), the counts under the API's names. */
export interface HistoryObservation {
  observedAt: number;
  counts: Record<string, number>;
}

/** Where a platform's handler reads histories from (each platform's Source has it). */
export interface HistorySource<K extends string = string> {
  /** A page of the record's observations, oldest first; undefined when the store holds no such record. */
  history(record: K, id: string, query: HistoryQuery): Promise<HistoryObservation[] | undefined>;
}

/** The validated parameters of every history operation (core's historyQuery). */
export interface HistoryParams<K extends string = string> {
  record: K;
  id: string;
  since?: Date | undefined;
  until?: Date | undefined;
  limit: number;
  cursor?: string | undefined;
}

const AfterSchema = z.object({ at: z.number().int() });

/** A history operation's answer (core's HistoryData): one page, the cursor of the next ('' on the last). */
export async function answerHistory<K extends string>(
  operationId: string,
  source: HistorySource<K>,
  { record, id, since, until, limit, cursor }: HistoryParams<K>,
  { cursors }: HandlerContext,
): Promise<HistoryData> {
  const binding = cursorBinding(operationId, { record, id, since: since?.getTime(), until: until?.getTime() }, []);
  const after = cursor ? decodePosition(cursors, cursor, binding, AfterSchema).at : undefined;
  const read = await source.history(record, id, {
    ...(since ? { since: since.getTime() } : {}),
    ...(until ? { until: until.getTime() } : {}),
    ...(after !== undefined ? { after } : {}),
    limit: limit + 1,
  });
  if (!read) throw notFound(`${record} '${id}'`);
  const page = read.slice(0, limit);
  const last = page.at(-1);
  return {
    record,
    id,
    observations: page.map(({ observedAt, counts }) => ({ observedAt: new Date(observedAt).toISOString(), counts })),
    cursor: read.length > limit && last ? cursors.encode({ at: last.observedAt }, binding) : '',
  };
}
