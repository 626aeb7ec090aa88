import { defineConfig } from 'drizzle-kit';

// One migrations folder serves PGlite and PostgreSQL: keep the SQL PostgreSQL-15 compatible.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/**/schema.ts',
  out: './apps/server/drizzle',
  casing: 'snake_case',
});
