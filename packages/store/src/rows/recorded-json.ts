/**
 * A JSON column that holds a source's value, `''` where none was recorded (a demo row, or a row
 * stored before the column existed): the value, or undefined for `''` (and for a column not read).
 */
export const recordedJson = <T>(text: string | null | undefined): T | undefined =>
  text ? (JSON.parse(text) as T) : undefined;
