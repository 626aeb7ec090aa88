import { z } from 'zod';
import { ZPageQuery } from './envelope';

/*
 * A record's history (the record page's Activity tab): `GET /entity-data/{id}/history`. Rows are
 * written with each change of a record after its creation (its creation is told by the record's
 * own `created_by` / `created_at`).
 */

/**
 * UPDATED: the record's values (its page, drawer or the API); BULK_UPDATED: the same values set on
 * many records at once; ENTRY_*: an entry (line item) of a repeatable template added, changed or
 * deleted.
 */
export const RECORD_HISTORY_ACTIONS = [
  'UPDATED',
  'BULK_UPDATED',
  'ENTRY_ADDED',
  'ENTRY_UPDATED',
  'ENTRY_DELETED',
] as const;
export type TRecordHistoryAction = (typeof RECORD_HISTORY_ACTIONS)[number];

/** One changed field as stored: its label and type at the time, the values as they were stored. */
export type TStoredFieldChange = {
  template_id: string;
  key: string;
  label: string;
  type: string;
  before: unknown;
  after: unknown;
};

/** The `changes` column: the fields that changed and, for entry actions, which entry. */
export type TStoredHistoryChanges = {
  entry?: { _id: string; template_id: string };
  fields: TStoredFieldChange[];
};

export const ZRecordHistoryParams = z.object({ id: z.uuid('Use a record id') });
export const ZRecordHistoryQuery = ZPageQuery;

const ZHistoryUser = z.object({ _id: z.string(), name: z.string(), email: z.string() });

/** One changed field, its values as text ('' for empty; files by name, linked records by title). */
export const ZRecordFieldChange = z
  .object({
    template_id: z.string(),
    /** The template's name now; null once it left the entity. */
    template_name: z.string().nullable(),
    key: z.string(),
    /** The field's label now (its label at the time once the field is gone). */
    label: z.string(),
    before: z.string(),
    after: z.string(),
  })
  .meta({ id: 'RecordFieldChange' });
export type TRecordFieldChange = z.infer<typeof ZRecordFieldChange>;

/** One change of a record: what, by whom, when. */
export const ZRecordHistoryItem = z
  .object({
    _id: z.string(),
    entity_data_id: z.string(),
    action: z.enum(RECORD_HISTORY_ACTIONS),
    /** Null once that user was deleted. */
    user: ZHistoryUser.nullable(),
    created_at: z.string(),
    /** For entry actions: the entry and its template. */
    entry: z
      .object({ _id: z.string(), template_id: z.string(), template_name: z.string().nullable() })
      .nullable(),
    changes: z.array(ZRecordFieldChange),
  })
  .meta({ id: 'RecordHistoryItem' });
export type TRecordHistoryItem = z.infer<typeof ZRecordHistoryItem>;

/**
 * `GET /entity-data/{id}/history`: a page of changes, newest first, and the record's creation (who,
 * null once deleted or for records made without a user, and when), told by the record itself.
 */
export const ZRecordHistoryPage = z
  .object({
    data: z.array(ZRecordHistoryItem),
    total: z.number().int(),
    page: z.number().int(),
    total_pages: z.number().int(),
    created_by: ZHistoryUser.nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'RecordHistoryPage' });
export type TRecordHistoryPage = z.infer<typeof ZRecordHistoryPage>;
