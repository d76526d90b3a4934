import { type Expression, expressionBuilder, type SqlBool, sql } from 'kysely';

/**
 * `column in (values)` for raw SQL templates, built as the query builder builds its `in` lists, so
 * that each store's compiler writes it as it writes theirs (on PostgreSQL one array parameter, so
 * that every length is one statement text: postgres/array-lists.ts).
 */
export function inList(column: string, values: readonly (string | number)[]): Expression<SqlBool> {
  const eb = expressionBuilder<Record<string, Record<string, unknown>>>();
  return eb(sql.ref(column), 'in', values);
}
