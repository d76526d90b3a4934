import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  log: () => string;
  stop(): Promise<void>;
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
        log,
        stop: () =>
          new Promise((done) => {
            if (child.exitCode !== null) return done();
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
