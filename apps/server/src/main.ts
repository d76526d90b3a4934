#!/usr/bin/env node
import { runAsProcess } from '@socialquery/api';
import { runServer } from './run-server.js';

// A reader that goes away (`… | head`) ends the output, as it does for any Unix tool: no stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});

runAsProcess('socialquery-server', () => runServer(process.argv.slice(2)));
