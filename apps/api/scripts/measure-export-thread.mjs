#!/usr/bin/env node
// What a bulk export costs the service's own thread (the event loop every other request waits for), against
// the whole process (reader threads included). The service is started as its own process
// (apps/api/dist/main.js) on an existing store, one client takes the export over loopback again and again
// for the given seconds, and the CPU time of the process's main thread (/proc/<pid>/task/<pid>/stat) and of
// the whole process is divided by the requests taken. Linux only
// (any GET works; an export is what it was written for). `--help` prints the usage.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { openStore } from '@socialquery/store';
import { startLocalService } from './local-service.mjs';

const USAGE = `Usage: node apps/api/scripts/measure-export-thread.mjs STORE PATH [seconds=10]
The service's own thread's CPU, and the whole process's, for each request of PATH on STORE, taken again and
again over loopback; e.g. STORE sqlite:$HOME/.cache/socialquery/bench/bench-scale-1.db and
PATH '/api/v1/music/search?keyword=love&format=ndjson'. Linux only; run after \`pnpm build\`.`;
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
const [address, path, secondsArg = '10'] = args;
if (!address || !path) {
  console.error(USAGE);
  process.exit(2);
}
const store = await openStore(address);
const credential = await store.credentials.create('api-key', 'measure-export-thread');
await store.close();

const { child: service, get: getAs } = await startLocalService(address);
const ticks = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;
/** CPU ms of /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat (user + system, fields 14 and 15). */
const cpuMs = (file) => {
  const stat = readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticks;
};
const mainThread = () => cpuMs(`/proc/${service.pid}/task/${service.pid}/stat`);
const wholeProcess = () => cpuMs(`/proc/${service.pid}/stat`);
const get = (target) => getAs(target, { 'x-api-key': credential.secret });
const warm = await get(path);
if (warm.status !== 200) throw new Error(`${path} answered ${warm.status}`);
const [main0, all0, t0] = [mainThread(), wholeProcess(), Date.now()];
let exports = 0;
while (Date.now() - t0 < Number(secondsArg) * 1000) {
  await get(path);
  exports += 1;
}
const [main1, all1, t1] = [mainThread(), wholeProcess(), Date.now()];
service.kill('SIGTERM');
const reopened = await openStore(address);
await reopened.credentials.revoke(credential.id).catch(() => {});
await reopened.close();
console.log('| exports/s | bytes each | service thread CPU ms each | whole process CPU ms each |');
console.log('|---:|---:|---:|---:|');
console.log(
  `| ${(exports / ((t1 - t0) / 1000)).toFixed(2)} | ${warm.bytes} | ${((main1 - main0) / exports).toFixed(1)} | ${((all1 - all0) / exports).toFixed(1)} |`,
);
