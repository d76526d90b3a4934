import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import {
  type ExportFormat,
  exportFormats,
  FieldsError,
  locateRecords,
  type Operation,
  parseFields,
  pickFields,
} from '@socialquery/core';
import {
  createCursorCodec,
  exporterFor,
  type OperationExporter,
  paramsParser,
  recordEncoder,
  ServiceError,
} from '@socialquery/core/server';
import { platformNames, platformsByName, type PlatformName } from '@socialquery/store';
import { type Command, Option } from 'commander';
import { formatBytes, progressReporter } from '../progress.js';
import { CliError, type Io } from '../io.js';
import { withStore } from '../store-option.js';

interface ExportOptions {
  format: ExportFormat;
  out: string;
  fields?: string;
}

/**
 * `export <platform> <operation> [name=value…]`: every record of a listing, straight from the
 * store through the same handlers and exporters the service uses (no service, key or rate limit
 * needed), as NDJSON or CSV. The file is written as `<out>.partial` and renamed when complete, so
 * a file under the asked name is always a whole export.
 */
export function exportCommand(program: Command, io: Io) {
  program
    .command('export')
    .description(
      'write every record of a listing operation to a file (or stdout) as NDJSON or CSV, straight from the store',
    )
    .argument('<platform>', `one of ${platformNames.join(', ')}`)
    .argument('<operation>', "the operation's client method name, e.g. communityPosts, userMessages, explore.search")
    .argument('[params...]', "the operation's parameters as name=value, e.g. community=rust sort=top timeframe=week")
    .addOption(new Option('--format <format>', 'output format').choices([...exportFormats]).default('ndjson'))
    .option('--out <file>', 'file to write; - for stdout', '-')
    .option('--fields <paths>', 'comma-separated field paths to keep in each record (id,title,author.name)')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  pnpm cli export forum communityPosts community=rust sort=new --format csv --out rust.csv\n' +
        '  pnpm cli export microblog userMessages username=alice includeReplies=true --out alice.ndjson\n' +
        '  pnpm cli export music artists.getAlbums uri=music:artist:1 --fields id,name,releaseDate',
    )
    .action(async (platformName: string, operationName: string, rawParams: string[], options: ExportOptions) => {
      await withStore(program.opts(), async (store) => {
        if (!(platformNames as readonly string[]).includes(platformName)) {
          throw new CliError(`unknown platform '${platformName}'; one of ${platformNames.join(', ')}`);
        }
        const platform = platformsByName(store)[platformName as PlatformName];
        const handler = Object.hasOwn(platform.handlers, operationName) ? platform.handlers[operationName] : undefined;
        const operation = Object.hasOwn(platform.contract, operationName)
          ? platform.contract[operationName]
          : undefined;
        const exporter =
          operation &&
          handler &&
          exporterFor(
            operation,
            handler,
            platform.exporters?.[operationName] as OperationExporter<Operation> | undefined,
          );
        if (!operation || !exporter) {
          const listings = Object.entries(platform.contract)
            .filter(([, op]) => locateRecords(op.response).many)
            .map(([name]) => name);
          const why = operation
            ? `${operationName} answers one record, not a listing`
            : `no operation '${operationName}' on ${platformName}`;
          throw new CliError(`${why}; the ${platformName} listings: ${listings.join(', ')}`);
        }
        const params = parseParams(operation, rawParams);
        const selection = options.fields === undefined ? undefined : checkedFields(operation, options.fields);
        const cursors = createCursorCodec(process.env.SOCIALQUERY_SECRET ?? (await store.settings.cursorSecret()));
        const batches = exporter(params, { now: new Date(), cursors, requestId: 'cli-export' });
        const encoder = recordEncoder(operation, options.format, selection);
        const target = options.out === '-' ? undefined : options.out;
        const sink: Writable = target ? createWriteStream(`${target}.partial`) : process.stdout;
        const progress = exportProgress(io);
        let rows = 0;
        try {
          await write(sink, encoder.header());
          for await (const batch of batches) {
            const records = selection ? batch.map((record) => pickFields(record, selection)) : batch;
            const text = encoder.rows(records);
            await write(sink, text);
            rows += records.length;
            progress.update(rows, Buffer.byteLength(text));
          }
          if (target) {
            sink.end();
            await once(sink, 'finish');
            await rename(`${target}.partial`, target);
          }
        } catch (error) {
          if (target) await discard(sink, `${target}.partial`);
          if (error instanceof ServiceError) throw new CliError(error.message);
          throw error;
        } finally {
          progress.stop();
        }
        io.err(
          `exported ${rows} records (${options.format}) in ${progress.seconds().toFixed(1)} s${target ? ` to ${target}` : ''}`,
        );
      });
    });
}

/** `name=value` arguments: the command line's own checks, then the service's parameter validation. */
function parseParams(operation: Operation, raw: readonly string[]): Record<string, unknown> {
  const given: Record<string, string> = {};
  for (const pair of raw) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new CliError(`parameter '${pair}' must be name=value`);
    const name = pair.slice(0, eq);
    if (name in given) throw new CliError(`parameter '${name}' is given twice`);
    given[name] = pair.slice(eq + 1);
  }
  const accepted = [...operation.pathParams, ...Object.keys(operation.params.query?.shape ?? {})];
  const unknown = Object.keys(given).filter((name) => !accepted.includes(name));
  if (unknown.length > 0)
    throw new CliError(
      `${operation.id} does not take ${unknown.join(', ')}; it takes ${accepted.join(', ') || 'no parameters'}`,
    );
  // the path parameters and the query's, validated as the service validates a request's
  const pathValues = Object.fromEntries(Object.entries(given).filter(([name]) => operation.pathParams.includes(name)));
  const query = Object.fromEntries(Object.entries(given).filter(([name]) => !operation.pathParams.includes(name)));
  return paramsParser(operation)(pathValues, query).params;
}

function checkedFields(operation: Operation, fields: string) {
  try {
    return parseFields(fields, locateRecords(operation.response).fields);
  } catch (error) {
    if (error instanceof FieldsError) throw new CliError(error.message);
    throw error;
  }
}

/**
 * Closes an abandoned file and removes it. The file is opened asynchronously, so an export that
 * fails at once would otherwise remove nothing and then see the pending open create the file.
 */
async function discard(sink: Writable, path: string): Promise<void> {
  if (!sink.closed) {
    const closed = once(sink, 'close').catch(() => undefined);
    sink.destroy();
    await closed;
  }
  await rm(path, { force: true });
}

async function write(sink: Writable, text: string): Promise<void> {
  if (text !== '' && !sink.write(text)) await once(sink, 'drain');
}

/** Rows, rate and bytes: a bar on a terminal, else a plain line every few seconds. */
function exportProgress(io: Io, now: () => number = Date.now) {
  let bytes = 0;
  const reporter = progressReporter<{ rows: number; rate: number; written: string }>(
    io,
    {
      bar: 'exporting | {rows} records | {rate}/s | {written}',
      line: (values) => `export: ${values.rows} records, ${values.rate}/s, ${values.written}`,
    },
    now,
  );
  return {
    update(rows: number, more: number) {
      bytes += more;
      reporter.report({ rows, rate: reporter.rate(rows), written: formatBytes(bytes) }, { value: 0, total: 0 });
    },
    stop: reporter.stop,
    seconds: reporter.seconds,
  };
}
