import { cpus, loadavg } from 'node:os';

/** A comma-separated option's items, trimmed, empty ones left out. */
export const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A positive integer option (`--duration 5`), base-10 digits without a leading zero. */
export function positive(value: string, name: string): number {
  if (!/^[1-9][0-9]*$/.test(value)) throw new Error(`--${name} must be a positive integer`);
  return Number(value);
}

/** The machine a run measured on, for its report: cores, CPU model, Node, and the load average at the end. */
export const machineLine = () =>
  `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} at the end`;

/** `--stores sqlite,postgres`: the store kinds to measure, checked. */
export const storeKinds = (value: string): ('sqlite' | 'postgres')[] =>
  list(value).map((kind) => {
    if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`unknown store ${kind}`);
    return kind;
  });
