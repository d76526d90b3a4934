/** An error and the errors of its `cause` chain (a failed migration or import wraps the store's error), with their codes. */
export function causes(error: unknown): { code?: unknown }[] {
  const chain: { code?: unknown }[] = [];
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && chain.length < 10) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}
