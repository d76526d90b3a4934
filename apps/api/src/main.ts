#!/usr/bin/env node
import { runService } from './run-service.js';
import { runAsProcess } from './start-error.js';

runAsProcess('socialquery-api', () => runService(process.argv.slice(2)));
