import { isAbsolute, relative, sep } from 'node:path';
import { runService, serviceEnvironmentHelp } from '@socialquery/api';
import { createProgram, type Io, processIo, runCli } from '@socialquery/cli';

const PROGRAM = 'socialquery-server';
const START_FLAGS = ['--no-demo', '--full-demo', '--'];

/**
 * How the user who started this process runs the admin commands, for the hints the service prints:
 * through npx when npx started it, else as the bin they ran (a `pnpm deploy`ed folder's
 * `bin/socialquery-server.js`, relative to where they are when it is below it).
 */
export function adminInvocation(env: NodeJS.ProcessEnv = process.env, script = process.argv[1] ?? PROGRAM): string {
  if (env.npm_command === 'exec') return 'npx @socialquery/server';
  const path = relative(process.cwd(), script);
  if (path.split(sep).includes('.bin') || path.startsWith('..') || isAbsolute(path)) return PROGRAM;
  return `${path.startsWith('.') ? '' : `.${sep}`}${path}`;
}

/** The admin commands, as the CLI declares them (seed, keys, import, export, …). */
const adminCommands = () => createProgram().commands.map((command) => command.name());

export const serverUsage = () => `Usage: ${PROGRAM} [start] [--no-demo] [--full-demo]
       ${PROGRAM} <command> [options]

socialquery in one package: the read-only HTTP+JSON API over a SQLite store in this folder
(./data/socialquery.db; SOCIALQUERY_STORE names another store, a file or postgres://…), and the admin
commands over the same store.

Commands:
  start          (the default) serve the API on http://127.0.0.1:8080 (PORT, HOST); an empty store is
                 seeded with the demo data first and gets a first API key and token, printed once
                   --no-demo    leave an empty store empty (import your own data)
                   --full-demo  seed every demo set whole (else a first-try demo of about a hundred MB)
  ${adminCommands().join(', ')}
                 the admin commands: ${PROGRAM} <command> --help

${serviceEnvironmentHelp()}`;

/**
 * Runs `socialquery-server` with `argv` (without `node script`): an admin command, or the service
 * (`start`, the default), writing to `io`. Resolves to an exit code, or to undefined while the service runs.
 */
export async function runServer(argv: string[], io: Io = processIo): Promise<number | undefined> {
  const [first, ...rest] = argv;
  if (first === undefined || first === 'start' || first.startsWith('--')) {
    const flags = first === 'start' ? rest : argv;
    if (flags.includes('--help') || flags.includes('-h')) {
      io.out(serverUsage());
      return 0;
    }
    const unknown = flags.filter((flag) => !START_FLAGS.includes(flag));
    if (unknown.length > 0) {
      io.err(`${PROGRAM}: unknown option ${unknown.join(' ')}\n\n${serverUsage()}`);
      return 2;
    }
    const demo = flags.includes('--no-demo') ? [] : ['--demo-if-empty'];
    return runService([...demo, ...flags.filter((flag) => flag !== '--no-demo')], { adminCommand: adminInvocation() });
  }
  if (first === 'help' || first === '-h') {
    io.out(serverUsage());
    return 0;
  }
  if (!adminCommands().includes(first)) {
    io.err(`${PROGRAM}: unknown command '${first}'\n\n${serverUsage()}`);
    return 2;
  }
  return runCli(argv, io);
}
