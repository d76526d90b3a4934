import type { ErrorIssue } from '../error-body.js';
import { type Operation, queryParamNames } from '../operation.js';
import { ServiceError } from './service-error.js';
import type { z } from 'zod';

/** A request's parameters: the operation's own, validated with defaults applied, and the raw extension values. */
export interface ParsedParams {
  params: Record<string, unknown>;
  extensions: Record<string, string>;
}

/**
 * Validates a request's path and query parameters with the operation's own schemas:
 * unknown names → `unknown_parameter` (naming the accepted ones), repeated names or bad
 * values → `invalid_parameter`, absent required ones → `missing_parameter`. The extension
 * parameters (`fields`…) are accepted besides the operation's own and handed back as given
 * (an operation that declares a parameter of the same name keeps its own).
 */
export function paramsParser(operation: Operation, extensionNames: readonly string[] = []) {
  const own = queryParamNames(operation);
  const extensions = extensionNames.filter((name) => !own.includes(name));
  const accepted = [...own, ...extensions];
  return (pathValues: Record<string, string>, query: Record<string, unknown>): ParsedParams => {
    const ownQuery: Record<string, unknown> = {};
    const extensionValues: Record<string, string> = {};
    checkNames(accepted, query);
    for (const [name, value] of Object.entries(query)) {
      if (extensions.includes(name)) extensionValues[name] = value as string;
      else ownQuery[name] = value;
    }
    return {
      params: { ...validate(operation.params.path, pathValues), ...validate(operation.params.query, ownQuery) },
      extensions: extensionValues,
    };
  };
}

function checkNames(accepted: readonly string[], query: Record<string, unknown>): void {
  const names = Object.keys(query);
  const unknown = names.filter((name) => !accepted.includes(name));
  if (unknown.length > 0) {
    const takes = accepted.length > 0 ? `accepted: ${accepted.join(', ')}` : 'it takes no query parameters';
    throw new ServiceError(
      'unknown_parameter',
      `unknown parameter ${unknown.map((n) => `'${n}'`).join(', ')}; ${takes}`,
      {
        issues: unknown.map((path) => ({ path, message: 'is not a parameter of this operation' })),
      },
    );
  }
  const repeated = names.filter((name) => typeof query[name] !== 'string');
  if (repeated.length > 0) {
    throw new ServiceError('invalid_parameter', `${repeated.join(', ')} must be given once`, {
      issues: repeated.map((path) => ({ path, message: 'must be given once' })),
    });
  }
}

function validate(schema: z.ZodObject | undefined, values: Record<string, unknown>): Record<string, unknown> {
  if (!schema) return {};
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  const issues: ErrorIssue[] = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const missing = result.error.issues.some((issue) => values[String(issue.path[0])] === undefined);
  throw new ServiceError(
    missing ? 'missing_parameter' : 'invalid_parameter',
    issues.map((issue) => `${issue.path} ${issue.message}`).join('; '),
    { issues },
  );
}
