import { wordsOf } from '@socialquery/core';

/** The words search matches and the de-duplicated terms of a keyword: core's, shared by every platform's search. */
export { termsOf, wordsOf } from '@socialquery/core';

/**
 * A name as prefix matching (suggestions) compares it: its words joined by single spaces
 * ("Daft  Punk!" → "daft punk"). Stores compute it with this function when loading data.
 */
export function nameKey(text: string): string {
  return wordsOf(text).join(' ');
}
