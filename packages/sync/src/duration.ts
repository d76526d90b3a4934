const UNITS: Record<string, number> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `30s`, `10m`, `1h`, `1d` → milliseconds; undefined when not one of those. */
export function parseEvery(text: string): number | undefined {
  const match = /^(\d+)(s|m|h|d)$/.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * UNITS[match[2]!]!;
  return ms > 0 ? ms : undefined;
}
