import type { QueryTerm } from './query-language.js';

/** Terms of a parsed query as the tests spell them: in any field unless one is given. */
export const word = (text: string, field?: string): QueryTerm => ({ kind: 'word', word: text, field });
export const phrase = (words: string[], field?: string): QueryTerm => ({ kind: 'phrase', words, field });
export const prefix = (text: string, field?: string): QueryTerm => ({ kind: 'prefix', prefix: text, field });
