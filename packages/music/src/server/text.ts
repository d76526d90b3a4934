/** Lower-cased runs of letters and digits, in order (duplicates kept). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** Search terms: the words of a keyword, de-duplicated, in keyword order. */
export function termsOf(text: string): string[] {
  return [...new Set(wordsOf(text))];
}

/**
 * A name as prefix matching (suggestions) compares it: its words joined by single spaces
 * ("Daft  Punk!" → "daft punk"). Stores compute it with this function when loading data.
 */
export function nameKey(text: string): string {
  return wordsOf(text).join(' ');
}
