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
