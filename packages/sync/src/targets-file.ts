import { readFile } from 'node:fs/promises';
import { jsonLines, lineOf } from './json-lines.js';
import { checkTargets, problemText, type Target, TargetError, targetsError } from './targets.js';

/**
 * Reads and checks a targets file (JSON). A file with problems is refused whole, with every problem at once,
 * each where it is: `sync.json:7: targets[2].every: expected a duration …` (its line, its target and field).
 */
export async function readTargetsFile(path: string): Promise<Target[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new TargetError(`${path}: no such file`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new TargetError(`${path}: not JSON (${(error as Error).message})`);
  }
  const { targets, problems } = checkTargets(value);
  if (problems.length === 0) return targets;
  const lines = jsonLines(text);
  /** `sync.json:7`: the file and the line of `where` (the file alone for a problem of the whole file). */
  const at = (where: string) => {
    const line = where === '' ? undefined : lineOf(lines, where);
    return line === undefined ? path : `${path}:${line}`;
  };
  throw targetsError(
    problems.map((problem) => {
      const first = problem.first && `${problem.first}, line ${lineOf(lines, problem.first) ?? '?'}`;
      return `${at(problem.where)}: ${problemText(problem, first)}`;
    }),
    problems.length === 1 ? undefined : path,
  );
}
