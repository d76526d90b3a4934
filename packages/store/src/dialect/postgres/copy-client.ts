import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/** `COPY <table> (<columns>) FROM STDIN`, as the row writer sends it (rows/write-rows.ts). */
const COPY_FROM_STDIN = /^copy\s[\s\S]+\sfrom\s+stdin$/i;

/**
 * A pg client that also runs `COPY … FROM STDIN` sent as a plain query whose one parameter is the
 * data (COPY's text format). Kysely sends every statement as `query(text, parameters)` on the
 * connection it holds (a transaction's included), so a bulk write can stream through COPY inside
 * the same transaction as the statements around it; pg-copy-streams does the protocol's copy-in.
 * Anything else goes to pg unchanged (pg itself cannot run a COPY FROM STDIN without a stream).
 */
export class CopyingClient extends pg.Client {}

const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown;

Object.defineProperty(CopyingClient.prototype, 'query', {
  value: function (this: pg.Client, ...args: unknown[]): unknown {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && COPY_FROM_STDIN.test(text) && Array.isArray(values))
      return copyIn(this, text, values);
    return query.apply(this, args);
  },
  writable: true,
  configurable: true,
});

async function copyIn(client: pg.Client, text: string, values: unknown[]): Promise<pg.QueryResult> {
  const [data] = values;
  if (values.length !== 1 || typeof data !== 'string')
    throw new Error('COPY FROM STDIN takes its data as one string parameter');
  const stream = query.call(client, copyFrom(text)) as ReturnType<typeof copyFrom>;
  await pipeline(Readable.from([data]), stream);
  return { command: 'COPY', rowCount: stream.rowCount, rows: [], oid: 0, fields: [] };
}
