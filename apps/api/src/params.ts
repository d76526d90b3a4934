import type { ErrorIssue, Operation } from '@socialquery/core';
import { queryParamNames } from '@socialquery/core';
import { ServiceError } from '@socialquery/core/server';
import type { z } from 'zod';

/**
 * Validates a request's path and query parameters with the operation's own schemas:
 * unknown names → `unknown_parameter` (naming the accepted ones), repeated names or bad
 * values → `invalid_parameter`, absent required ones → `missing_parameter`.
 */
export function paramsParser(operation: Operation) {
  const accepted = queryParamNames(operation);
  return (pathValues: Record<string, string>, query: Record<string, unknown>) => parseParams(operation, accepted, pathValues, query);
}

function parseParams(
  operation: Operation,
  accepted: readonly string[],
  pathValues: Record<string, string>,
  query: Record<string, unknown>,
): Record<string, unknown> {
  const names = Object.keys(query);
  const unknown = names.filter((name) => !accepted.includes(name));
  if (unknown.length > 0) {
    const takes = accepted.length > 0 ? `accepted: ${accepted.join(', ')}` : 'it takes no query parameters';
    throw new ServiceError('unknown_parameter', `unknown parameter ${unknown.map((n) => `'${n}'`).join(', ')}; ${takes}`, {
      issues: unknown.map((path) => ({ path, message: 'is not a parameter of this operation' })),
    });
  }
  const repeated = names.filter((name) => typeof query[name] !== 'string');
  if (repeated.length > 0) {
    throw new ServiceError('invalid_parameter', `${repeated.join(', ')} must be given once`, {
      issues: repeated.map((path) => ({ path, message: 'must be given once' })),
    });
  }
  return { ...validate(operation.params.path, pathValues), ...validate(operation.params.query, query) };
}

function validate(schema: z.ZodObject | undefined, values: Record<string, unknown>): Record<string, unknown> {
  if (!schema) return {};
  const result = schema.safeParse(values);
  if (result.success) return result.data as Record<string, unknown>;
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
