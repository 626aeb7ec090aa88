import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../auth/schema';
import { companies } from '../company/schema';
import { employeeDocuments } from '../documents/schema';
import { entities } from '../entities/schema';

/**
 * Records of every entity (DOMAIN-NOCODE "Storage"): `values[template_id][field_key]` in JSONB,
 * with a GIN index (jsonb_path_ops) for equality filters and a btree on (entity, created_at, id)
 * for the first pages and keyset scrolling. `title` is the display text of the record (its
 * primary display field), kept for sorting, search and links.
 */
export const entityData = pgTable(
  'entity_data',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entityId: uuid()
      .notNull()
      .references(() => entities.id, { onDelete: 'cascade' }),
    values: jsonb().$type<Record<string, Record<string, unknown>>>().notNull().default({}),
    title: text().notNull().default(''),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /**
     * The staged import that wrote the record (README "Imports on PGlite"): hidden while that import
     * is in `entity_data_imports`, visible once it is not. Null for every other record.
     */
    importId: uuid(),
  },
  (t) => [
    index('entity_data_entity_created_idx').on(t.entityId, t.createdAt.desc(), t.id.desc()),
    index('entity_data_entity_updated_idx').on(t.entityId, t.updatedAt.desc(), t.id.desc()),
    index('entity_data_entity_title_idx').on(t.entityId, sql`lower(${t.title})`, t.id),
    index('entity_data_values_gin_idx').using('gin', sql`${t.values} jsonb_path_ops`),
  ],
);

/**
 * Entries of repeatable templates (line items): many value sets of one template per record
 * (`templates-data/repeatable-template`). Their id is the `template_data_id` of the spec.
 */
export const templateDataEntries = pgTable(
  'template_data_entries',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entityDataId: uuid()
      .notNull()
      .references(() => entityData.id, { onDelete: 'cascade' }),
    templateId: uuid().notNull(),
    position: integer().notNull().default(0),
    values: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('template_data_entries_record_idx').on(t.entityDataId, t.templateId, t.position)],
);

/**
 * Files uploaded for FILE and IMAGE fields (`templates-data/file-upload-url`): PENDING until
 * `file-upload-status` has checked the stored bytes, then UPLOADED and usable as a value.
 */
export const entityDataFiles = pgTable(
  'entity_data_files',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entityId: uuid().references(() => entities.id, { onDelete: 'cascade' }),
    templateId: uuid().notNull(),
    fieldKey: text().notNull(),
    storageKey: text().notNull(),
    name: text().notNull(),
    mimeType: text().notNull(),
    size: bigint({ mode: 'number' }).notNull(),
    status: text().$type<'PENDING' | 'UPLOADED'>().notNull().default('PENDING'),
    /** Hex SHA-256 of the bytes, taken when the upload is confirmed; a download must match it. */
    sha256: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('entity_data_files_company_idx').on(t.companyId, t.createdAt)],
);

/** Documents attached to a record (`/entities/uploadDocuments`, `/entities/getDocuments/...`). */
export const entityDataDocuments = pgTable(
  'entity_data_documents',
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    entityDataId: uuid()
      .notNull()
      .references(() => entityData.id, { onDelete: 'cascade' }),
    employeeDocumentId: uuid().references(() => employeeDocuments.id, { onDelete: 'cascade' }),
    /** A plain file (no signing) kept with the record. */
    storageKey: text(),
    name: text().notNull(),
    mimeType: text(),
    size: bigint({ mode: 'number' }),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('entity_data_documents_record_idx').on(t.entityDataId, t.createdAt)],
);

/**
 * The changes of an entity's records, as the data grid counts and caches them (README "Totals and
 * snapshots"). Written only by statement triggers on `entity_data` (migration 0019): per entity,
 * how many records a statement added (+) or removed (-), 0 for a statement that changed records.
 * Rows are only inserted; `compactRecordChanges` folds them. The sum of `delta` is the entity's
 * record count; `count(*)` and `max(id)` together move with every committed change.
 */
export const entityDataChanges = pgTable(
  'entity_data_changes',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    // No foreign key: deleting an entity deletes its records, whose trigger then writes rows for
    // the entity being deleted; the compaction job drops rows of entities that are gone.
    entityId: uuid().notNull(),
    delta: integer().notNull().default(0),
  },
  (t) => [index('entity_data_changes_entity_idx').on(t.entityId, t.id)],
);

/**
 * Staged imports in progress (README "Imports on PGlite"): an import writes its records in short
 * transactions, each tagged with the import's id, and they stay hidden from every read while the
 * import's row is here; deleting the row (one statement) shows them all at once. A row left by a
 * server that stopped mid-import is removed with its records when the server starts again.
 */
export const entityDataImports = pgTable('entity_data_imports', {
  id: uuid().primaryKey(),
  companyId: uuid()
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  entityId: uuid()
    .notNull()
    .references(() => entities.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
