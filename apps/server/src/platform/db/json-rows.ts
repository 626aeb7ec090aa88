import { getTableColumns, type Table } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';

/*
 * Rows read as JSON (`to_jsonb(t)` in a statement that joins several tables, or returns a row from
 * a data-modifying CTE) back into the shape Drizzle gives for the table: camelCase keys, dates as
 * `Date`. The table's own column list drives it, so a column added later is mapped too.
 */

const isJson = (columnType: string): boolean => columnType === 'PgJsonb' || columnType === 'PgJson';

type ColumnOf = ReturnType<typeof getTableColumns>[string];
/** Per table: each column's key, its name in the database, the column. */
const layouts = new WeakMap<Table, [string, string, ColumnOf][]>();

function layoutOf(table: Table): [string, string, ColumnOf][] {
  let layout = layouts.get(table);
  if (!layout) {
    layout = Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      column.keyAsName ? toSnakeCase(key) : column.name,
      column,
    ]);
    layouts.set(table, layout);
  }
  return layout;
}

/** The Drizzle row of `table` from the JSON of one of its rows (keys in the database's snake_case). */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): T['$inferSelect'] {
  const out: Record<string, unknown> = {};
  for (const [key, name, column] of layoutOf(table)) {
    const value = json[name];
    // JSON columns come parsed already (mapFromDriverValue would parse a string value again).
    out[key] =
      value === undefined || value === null
        ? null
        : isJson(column.columnType)
          ? value
          : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}
