import { QueryBuilder } from 'drizzle-orm/pg-core';

/**
 * Builds queries without a database handle, with the database's column casing (`snake_case`, as
 * `openDatabase` sets it). A module uses it to export a typed subquery over its own tables (e.g.
 * `contactDirectory`) that other modules join in their list queries: the table objects stay
 * private, and PostgreSQL flattens such a plain subquery into the join, so the plan is the one a
 * direct join gets.
 */
export const queryBuilder = new QueryBuilder({ casing: 'snake_case' });
