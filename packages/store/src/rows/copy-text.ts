/**
 * Rows in PostgreSQL's COPY text format: one line per row, columns separated by tabs, `\N` for
 * null, and a backslash, tab, newline or carriage return inside a value escaped with a
 * backslash. Numbers are written as JavaScript prints them (the shortest text that reads back as
 * the same double, so `double precision` columns round-trip exactly); booleans as `t` / `f`.
 */
export function copyText(rows: readonly object[], columns: readonly string[]): string {
  const lines: string[] = [];
  for (const row of rows as readonly Record<string, unknown>[]) {
    const fields: string[] = [];
    for (const column of columns) fields.push(copyField(row[column]));
    lines.push(fields.join('\t'));
  }
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

const SPECIAL = /[\\\t\n\r]/;
const SPECIALS = /[\\\t\n\r]/g;
const ESCAPES: Readonly<Record<string, string>> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

function copyField(value: unknown): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return SPECIAL.test(value) ? value.replace(SPECIALS, (c) => ESCAPES[c]!) : value;
  if (typeof value === 'number' || typeof value === 'bigint') return `${value}`;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  throw new TypeError(`a ${typeof value} cannot be written through COPY`);
}
