#!/usr/bin/env node
// The package's bin: a file that exists before the build (so that installing a workspace links it);
// the program itself is the built entry point.
import '../dist/main.js';
