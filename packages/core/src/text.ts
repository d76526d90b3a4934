/** Lower-cased runs of letters and digits, in order (duplicates kept): the words search matches. */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** Search terms: the words of a text, de-duplicated, in order. */
export function termsOf(text: string): string[] {
  return [...new Set(wordsOf(text))];
}

/** A byte count as people read it: `512 B`, `1.5 KiB`, `73.0 MiB`, `1.2 GiB` (binary units, one decimal). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
