import {
  type BinaryOperationNode,
  OperatorNode,
  PostgresDialect,
  PostgresQueryCompiler,
  PrimitiveValueListNode,
  type QueryCompiler,
} from 'kysely';

/**
 * PostgreSQL's query compiler, with one change: `where(column, 'in', [a, b, c])` is sent as
 * `column = any($1)`, the list as one array parameter, instead of `column in ($1, $2, $3)`.
 *
 * Statements are prepared under a name per distinct text (copy-client.ts), and every length of an
 * `in` list is a text of its own: a page of 1 to 100 rows read by id was up to 100 prepared
 * statements on each connection. Each costs the server memory for its plan as long as the connection
 * lives (measured: 200 lengths of the video rows' read, 17.4 MB on one connection), and the named
 * texts the process keeps (1,000 at most) went to list lengths before other statements. With the
 * array, any length is one text. PostgreSQL plans `= any(array)` as it plans the list (it turns an
 * `in` list into that itself), types the parameter from the column, and an empty list is an empty
 * array that matches nothing (where `in ()` is a syntax error).
 *
 * A list holding expressions (`eb.val(…)`, tuples) is compiled as before.
 */
export class ArrayListCompiler extends PostgresQueryCompiler {
  protected override visitBinaryOperation(node: BinaryOperationNode): void {
    if (
      OperatorNode.is(node.operator) &&
      node.operator.operator === 'in' &&
      PrimitiveValueListNode.is(node.rightOperand)
    ) {
      this.visitNode(node.leftOperand);
      this.append(' = any(');
      this.appendValue([...node.rightOperand.values]);
      this.append(')');
      return;
    }
    super.visitBinaryOperation(node);
  }
}

/** Kysely's PostgreSQL dialect with `in` lists sent as arrays (ArrayListCompiler). */
export class ArrayListPostgresDialect extends PostgresDialect {
  override createQueryCompiler(): QueryCompiler {
    return new ArrayListCompiler();
  }
}
