/** Values deeper than this are skipped, not mapped: a target's fields are at depth 3 (`targets[2].every`). */
const MAX_DEPTH = 3;

/**
 * The line each value of a JSON text starts on, by its path (`targets`, `targets[2]`, `targets[2].every`; the
 * root is ``), to the depth a targets file's problems are at. For a text JSON.parse has accepted: the scan
 * trusts it is valid JSON, and it does not recurse past MAX_DEPTH (a deeply nested file cannot exhaust the stack).
 */
export function jsonLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let at = 0;
  let line = 1;
  const space = () => {
    for (; at < text.length && ' \t\r\n'.includes(text[at]!); at++) if (text[at] === '\n') line++;
  };
  /** Past a string (at its opening quote); its value. Strings hold no raw line break in JSON. */
  const string = (): string => {
    const start = at;
    for (at++; text[at] !== '"'; at++) if (text[at] === '\\') at++;
    at++;
    return JSON.parse(text.slice(start, at)) as string;
  };
  /** Past a value too deep to map, counting its lines. */
  const skip = () => {
    let depth = 0;
    do {
      const c = text[at];
      if (c === '"') {
        string();
        continue;
      }
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') depth--;
      else if (c === '\n') line++;
      at++;
    } while (depth > 0 && at < text.length);
  };
  const value = (path: string, depth: number) => {
    space();
    lines.set(path, line);
    const c = text[at];
    if ((c === '{' || c === '[') && depth >= MAX_DEPTH) {
      skip();
      return;
    }
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      at++;
      space();
      if (text[at] === close) {
        at++;
        return;
      }
      for (let n = 0; ; n++) {
        let inner = `${path}[${n}]`;
        if (c === '{') {
          space();
          const name = string();
          inner = path === '' ? name : `${path}.${name}`;
          space();
          at++; // the colon
        }
        value(inner, depth + 1);
        space();
        if (text[at++] === close) return;
      }
    }
    if (c === '"') string();
    else while (at < text.length && !' \t\r\n,]}'.includes(text[at]!)) at++;
  };
  value('', 0);
  return lines;
}

/** The line of `path` or of the nearest value holding it (a missing field's: its object's). */
export function lineOf(lines: ReadonlyMap<string, number>, path: string): number | undefined {
  for (let at = path; ;) {
    const line = lines.get(at);
    if (line !== undefined || at === '') return line;
    const parent = at.replace(/(\.[^.[\]]*|\[\d+\])$/, '');
    at = parent === at ? '' : parent;
  }
}
