/**
 * What a kept answer depends on, and what a database change touches (docs/decisions/017-one-cache-owner.md).
 * Rows are named by keys the change notifications carry (migration 0016): `expert:<uuid>` and `expert:<slug>` (an
 * expert as the public API names one), `user:<id>` (an account: its own rows, its sessions as client or as the
 * expert, its payments, its expert profile).
 */

/** The tables a kept answer reads; each has the notification trigger of migration 0016. */
export const watchedTables = ['experts', 'availability_rules', 'availability_exceptions', 'workshops', 'sessions', 'payments', 'user', 'auth_session'] as const;
export type Table = (typeof watchedTables)[number];

/** A row key of the notifications: an expert (by uuid or slug) or an account. */
export type RowKey = `expert:${string}` | `user:${string}`;

/** A kept answer reads `table`: the rows named `row`, or any row when `row` is absent. */
export type Dependency = { table: Table; row?: RowKey };

/** A committed change of `table`: the rows named `rows`, or possibly any row when `rows` is absent (TRUNCATE). */
export type TableChange = { table: Table; rows?: RowKey[] };

/** Whether `change` can alter an answer that depends on `dependency`. */
export function touches(change: TableChange, dependency: Dependency): boolean {
  if (change.table !== dependency.table) return false;
  return !change.rows || !dependency.row || change.rows.includes(dependency.row);
}

/** Every table of `tables`, any row. */
export const anyRowOf = (...tables: Table[]): Dependency[] => tables.map((table) => ({ table }));

/** The rows of `tables` keyed `row`. */
export const rowsOf = (row: RowKey, ...tables: Table[]): Dependency[] => tables.map((table) => ({ table, row }));
