import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from './database';

/*
 * Insert-only change rows (`document_list_changes`, `entity_data_changes`): statement triggers add
 * a row per scope (company, entity) and group (status...) with how many rows a statement added or
 * removed. Their sums are totals; their `count(*)` and `max(id)` together are a version that moves
 * with every committed change. Nothing ever updates them, so writers never wait on one another.
 */

export type ChangeRows = {
  table: string;
  /** The scope column (e.g. `company_id`) and the table whose `id` it names. */
  scope: string;
  owners: string;
  /** Columns that split a scope's totals (e.g. `status`, `archived`); may be empty. */
  groups: string[];
};

/**
 * Folds the rows of each scope with at least `minRows` into one row per group whose sum is not 0
 * (marker rows, groups null, just go). The version moves: new rows are numbered past every row
 * they replace, and with none the count drops. Rows of scopes whose owner is gone are dropped. Rows of transactions still open are not
 * seen, so not folded: they count when they commit. Two folds at once each fold what they deleted.
 * Answers how many rows fewer there are.
 */
export async function foldChangeRows(
  db: Pick<Db, 'execute'>,
  rows: ChangeRows,
  minRows: number,
): Promise<number> {
  const table = sql.identifier(rows.table);
  const scope = sql.identifier(rows.scope);
  const owners = sql.identifier(rows.owners);
  const groups = rows.groups.map((g) => sql`${sql.identifier(g)}`);
  const list = (items: SQL[], prefix = sql``) =>
    sql.join(
      items.map((g) => sql`${prefix}${g}`),
      sql`, `,
    );
  const groupColumns = groups.length > 0 ? sql`, ${list(groups)}` : sql``;
  const goneColumns = groups.length > 0 ? sql`, ${list(groups, sql`c.`)}` : sql``;
  const notNull =
    groups.length > 0
      ? sql.join(
          groups.map((g) => sql`${g} is not null`),
          sql` and `,
        )
      : sql`true`;
  const [result] = await rowsOf<{ folded: number }>(
    db,
    sql`with busy as (
        select ${scope} from ${table} group by ${scope} having count(*) >= ${minRows}
        union
        select distinct ${scope} from ${table} c where not exists (select 1 from ${owners} o where o.id = c.${scope})
      ), gone as (
        delete from ${table} c using busy b where c.${scope} = b.${scope}
        returning c.${scope}${goneColumns}, c.delta
      ), sums as (
        select ${scope}${groupColumns}, sum(delta)::int as delta from gone where ${notNull}
        group by ${scope}${groupColumns} having sum(delta) <> 0
      ), kept as (
        insert into ${table} (${scope}${groupColumns}, delta)
        select s.* from sums s where exists (select 1 from ${owners} o where o.id = s.${scope})
        returning 1
      )
      select (select count(*)::int from gone) - (select count(*)::int from kept) as folded`,
  );
  return result?.folded ?? 0;
}
