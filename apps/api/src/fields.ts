import {
  type FieldSelection,
  FieldsError,
  fieldsParam,
  locateRecords,
  type Operation,
  parseFields,
  trimRecords,
} from '@socialquery/core';
import { ServiceError } from '@socialquery/core/server';

/** A response body transformed before it is sent. */
export type BodyTransform = (body: unknown) => unknown;

/** A request's checked field selection, and the function that trims a response body to it. */
export interface SelectedFields {
  selection: FieldSelection;
  trim: BodyTransform;
}

/**
 * The `fields` extension of an operation (core's fields module has the rules): built once at
 * mount time, it checks a request's value — 400 `invalid_parameter` naming the valid paths — and
 * gives the selection and the function that trims the body, or undefined when the request selects nothing.
 */
export function fieldsSelector(operation: Operation): (raw: unknown) => SelectedFields | undefined {
  const records = locateRecords(operation.response);
  return (raw) => {
    if (raw === undefined) return undefined;
    const checked = fieldsParam.safeParse(raw);
    if (!checked.success) {
      const message = checked.error.issues[0]?.message ?? 'is invalid';
      throw new ServiceError('invalid_parameter', `fields ${message}`, { issues: [{ path: 'fields', message }] });
    }
    try {
      const selection = parseFields(checked.data ?? '', records.fields);
      return { selection, trim: (body) => trimRecords(body, records, selection) };
    } catch (error) {
      if (error instanceof FieldsError)
        throw new ServiceError('invalid_parameter', error.message, { issues: [...error.issues] });
      throw error;
    }
  };
}
