import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  /** The server process's id (0 if it has none: it could not be started). */
  pid: number;
  log: () => string;
  /** CPU time (user + system) the process has used so far, in ms; NaN where /proc is not there. */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Clock ticks per second of /proc's CPU times. */
let ticksPerSecond: number | undefined;

/** user + system CPU of a process from /proc/<pid>/stat (fields 14 and 15, in clock ticks). */
function cpuMsOf(pid: number | undefined): number {
  try {
    ticksPerSecond ??= Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) may hold spaces: count fields after its closing parenthesis
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return Number.NaN;
  }
}

const logDir = mkdtempSync(join(tmpdir(), 'sq-bench-'));
let started = 0;

/**
 * Starts a server process whose output goes to a log file (as a deployed service's would, so
 * that reading it costs the measured process nothing) and resolves once it logs a JSON line
 * with msg `listening` and its `url`.
 */
export async function startServer(args: string[], env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const logFile = join(logDir, `server-${++started}.log`);
  const fd = openSync(logFile, 'w');
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', fd, fd] });
  closeSync(fd);
  const log = () => readFileSync(logFile, 'utf8');
  const until = Date.now() + 300_000;
  for (;;) {
    const match = /^.*"msg":"listening".*$/m.exec(log());
    const url = match && /"url":"(http:\/\/[^"]+)"/.exec(match[0])?.[1];
    if (url) {
      return {
        url,
        pid: child.pid ?? 0,
        log,
        cpuMs: () => cpuMsOf(child.pid),
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) {
              done();
              return;
            }
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      };
    }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    if (Date.now() > until) throw new Error(`server did not start:\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
