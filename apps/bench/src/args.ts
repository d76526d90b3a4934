/** A comma-separated option's items, trimmed, empty ones left out. */
export const list = (value: string) =>
  value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
