/** Where commands write: stdout for results, stderr for progress and diagnostics. Tests capture both. */
export interface Io {
  out(text: string): void;
  err(text: string): void;
  /** Whether stderr is a terminal (progress bars only then). */
  interactive: boolean;
}

export const processIo: Io = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
  interactive: Boolean(process.stderr.isTTY),
};

/** A failure to report as one line and a non-zero exit, without a stack trace. */
export class CliError extends Error {
  override readonly name = 'CliError';
}
