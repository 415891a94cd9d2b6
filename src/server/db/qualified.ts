/**
 * `qualified(column)` → SQL `"table"."column"`. Drizzle writes bare column names in a select from one table,
 * so a correlated subquery embedded in such a select (e.g. `where availability_rules.expert_id = experts.id`)
 * must name its tables itself or both sides resolve to the inner table.
 */
import { getTableName, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

export function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}
