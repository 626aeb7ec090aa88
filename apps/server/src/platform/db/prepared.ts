import type { Db } from './database';

/**
 * A Drizzle query built once per database handle (`.prepare(name)` of a query with
 * `sql.placeholder`s, run with `.execute(values)`), for the statements every request of a hot
 * route runs: building a select of two wide tables from Drizzle's chunks cost more CPU than
 * PostgreSQL spent running it. On PostgreSQL the name also makes it a server-prepared statement
 * (parsed and planned once per connection). The pool's handle keeps its query for the process's
 * life; a transaction's handle builds its own once (as every query on it did before).
 */
export function preparedPerHandle<H extends object, Q>(build: (db: H) => Q): (db: H) => Q {
  const built = new WeakMap<H, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}

export type { Db };
