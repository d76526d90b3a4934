/** The key community and user names are matched by (case-insensitively), stored beside the name as written. */
export const nameKey = (name: string) => name.toLowerCase();
