export { createProgram, runCli } from './program.js';
export { processIo, type Io } from './io.js';
