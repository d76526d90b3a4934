import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { FIRST_RUN_DEMO_SCALES } from '@socialquery/store';

/** The built service entry point, run as a user runs it. */
export const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const running = new Set<ChildProcess>();

/**
 * `--demo-if-empty` seeds the first-run demo's scales (the forum and videos at a tenth, the music
 * catalog at a fiftieth) unless a test says otherwise: what a service process is tested for needs
 * some of every platform's data, not its volume.
 */
const DEMO_SCALES = Object.entries(FIRST_RUN_DEMO_SCALES)
  .map(([name, scale]) => `${name}=${scale}`)
  .join(',');

/** Kills every service process a test left running (call from afterEach or afterAll). */
export function killServiceProcesses() {
  for (const child of running) child.kill('SIGKILL');
  running.clear();
}

/** Starts `node [nodeArgs] dist/main.js` on an ephemeral port; resolves once it logs that it listens. */
export function startServiceProcess(
  args: string[],
  /** Variables over the defaults; `undefined` leaves one unset. */
  env: Record<string, string | undefined>,
  nodeArgs: string[] = [],
): Promise<ServiceProcess> {
  const child = spawn(process.execPath, [...nodeArgs, MAIN, ...args], {
    // spawn leaves out variables whose value is undefined
    env: { PATH: process.env.PATH ?? '', PORT: '0', LOG_LEVEL: 'info', SOCIALQUERY_DEMO_SCALES: DEMO_SCALES, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.on('exit', () => running.delete(child));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`service did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /"url":"(http:\/\/[^"]+)".*"msg":"listening"/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => output });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`service exited with ${code}:\n${output}`));
    });
  });
}

export const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
