#!/usr/bin/env node
// Writes N Reddit submissions as NDJSON (the Pushshift / Arctic Shift dump shape) for the import benchmark.
// Usage: node apps/cli/scripts/generate-reddit-ndjson.mjs <out-file> [lines=1000000]
import { createWriteStream } from 'node:fs';

const [out, linesArg = '1000000'] = process.argv.slice(2);
if (!out) {
  console.error('usage: generate-reddit-ndjson.mjs <out-file> [lines]');
  process.exit(2);
}
const lines = Number(linesArg);
const subreddits = [
  'programming',
  'AskReddit',
  'gardening',
  'science',
  'worldnews',
  'photography',
  'rust',
  'typescript',
];
const words =
  'the quick brown fox jumps over a lazy dog while reading about sqlite indexes and streaming parsers today'.split(' ');
const stream = createWriteStream(out);
let seed = 42;
const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
const text = (n) => Array.from({ length: n }, () => words[Math.floor(random() * words.length)]).join(' ');

let i = 0;
function writeSome() {
  let ok = true;
  while (i < lines && ok) {
    const id = (1_000_000 + i).toString(36);
    const subreddit = subreddits[i % subreddits.length];
    const score = Math.floor(random() * 5000) - 50;
    const record = {
      archived: false,
      author: `user_${i % 50_000}`,
      author_flair_text: null,
      created_utc: 1_600_000_000 + i * 7,
      distinguished: null,
      domain: `self.${subreddit}`,
      downs: 0,
      edited: false,
      gilded: 0,
      id,
      is_self: true,
      link_flair_text: i % 3 === 0 ? 'Discussion' : null,
      locked: false,
      name: `t3_${id}`,
      num_comments: Math.floor(random() * 300),
      over_18: false,
      permalink: `/r/${subreddit}/comments/${id}/post_${i}/`,
      retrieved_on: 1_700_000_000,
      score,
      selftext: text(25),
      stickied: false,
      subreddit,
      subreddit_id: 't5_2fwo',
      title: text(9),
      ups: Math.max(score, 0),
      upvote_ratio: 0.97,
      url: `https://www.reddit.com/r/${subreddit}/comments/${id}/post_${i}/`,
    };
    ok = stream.write(`${JSON.stringify(record)}\n`);
    i += 1;
  }
  if (i < lines) stream.once('drain', writeSome);
  else stream.end();
}
writeSome();
