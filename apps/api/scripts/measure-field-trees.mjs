#!/usr/bin/env node
// Time to build every operation's records location (path, field tree, record schema) and its CSV
// columns, as the service does at startup, over all six contracts. Median of the rounds; each round
// walks every operation once (nothing is cached across calls). Usage, after `pnpm build`:
//   node apps/api/scripts/measure-field-trees.mjs [rounds=200]
// With --dump, prints what is built instead (to compare two implementations: diff the outputs).
import { fieldPaths, locateRecords, recordColumns } from '@socialquery/core';
import { forumContract } from '@socialquery/forum';
import { microblogContract } from '@socialquery/microblog';
import { musicOperations } from '@socialquery/music';
import { professionalContract } from '@socialquery/professional';
import { shortvideoContract } from '@socialquery/shortvideo';
import { videoContract } from '@socialquery/video';

const operations = [
  ...Object.values(forumContract),
  ...Object.values(microblogContract),
  ...Object.values(musicOperations),
  ...Object.values(professionalContract),
  ...Object.values(shortvideoContract),
  ...Object.values(videoContract),
];
if (process.argv.includes('--dump')) {
  for (const operation of operations) {
    const { path, many, fields, record } = locateRecords(operation.response);
    const columns = recordColumns(record);
    console.log(JSON.stringify({ id: operation.id, path, many, fields: fieldPaths(fields), columns }));
  }
  process.exit(0);
}
const rounds = Number(process.argv[2] ?? 200);
const walk = () => {
  let paths = 0;
  for (const operation of operations) {
    const location = locateRecords(operation.response);
    paths += fieldPaths(location.fields).length + recordColumns(location.record).length;
  }
  return paths;
};
const cold = process.hrtime.bigint();
const paths = walk(); // the first walk, as at startup; then warm-up
const first = (Number(process.hrtime.bigint() - cold) / 1e6).toFixed(1);
for (let i = 0; i < 20; i += 1) walk();
const times = [];
for (let i = 0; i < rounds; i += 1) {
  const start = process.hrtime.bigint();
  walk();
  times.push(Number(process.hrtime.bigint() - start) / 1e6);
}
times.sort((a, b) => a - b);
const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
console.log(
  `${operations.length} operations, ${paths} field paths + columns: first walk ${first} ms, then ${at(0.5)} ms median ` +
    `(p10 ${at(0.1)}, p90 ${at(0.9)}) over ${rounds} rounds; node ${process.version}`,
);
