export { createProgram, runCli } from './program.js';
export type { Io } from './io.js';
