#!/usr/bin/env node
import { runCli } from './program.js';

// A reader that goes away (`… | head`) ends the output, as it does for any Unix tool: no stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

process.exitCode = await runCli(process.argv.slice(2));
