/**
 * Decimal message ids (up to 20 digits, beyond 2^53) compared numerically without ever
 * becoming JS numbers: left-padded with zeros to 20 digits, text order is numeric order.
 */
export const MESSAGE_ID_DIGITS = 20;

/** The id without leading zeros (`"007"` → `"7"`, `"000"` → `"0"`): how ids are stored and looked up. */
export function canonicalMessageId(id: string): string {
  return id.replace(/^0+(?=[0-9])/, '');
}

/** The id as 20 digits (leading zeros): the store's sort key; equal for `"007"` and `"7"`. */
export function messageIdKey(id: string): string {
  return id.padStart(MESSAGE_ID_DIGITS, '0');
}

/** Numeric comparison of two decimal ids: negative, zero or positive. */
export function compareMessageIds(a: string, b: string): number {
  const ka = messageIdKey(a);
  const kb = messageIdKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
}

/** The numerically smaller of two ids, or the one given when the other is absent. */
export function minMessageId(a: string | undefined, b: string | undefined): string | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return compareMessageIds(a, b) <= 0 ? a : b;
}
