/** A JSON object as an API answered it: its fields not yet checked. */
export type Json = Record<string, unknown>;

/** Whether `value` is a JSON object (not an array, not null): the platforms' answers are read through it. */
export const isJson = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
