#!/usr/bin/env node
// The package's bin: a file that exists before the build, so that installing the workspace links it
// without a warning; the service itself is the built entry point.
import '../dist/main.js';
