/** `1 page`, `3 pages`: a count with its noun, as plans and reports write it. */
export const count = (n: number, noun: string, plural = `${noun}s`): string => `${n} ${n === 1 ? noun : plural}`;
