#!/usr/bin/env node
import { runService } from './run-service.js';
import { startErrorMessage } from './start-error.js';

runService(process.argv.slice(2)).then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (error) => {
    console.error(`socialquery-api: ${startErrorMessage(error)}`);
    process.exitCode = 1;
  },
);
