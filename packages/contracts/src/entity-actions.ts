import { z } from 'zod';
import { USER_TYPES } from './auth';
import { ZEntityRecord, ZRecordValues } from './entities';
import { MAX_PAGE, ZPageQuery } from './envelope';
import { FORM_FIELD_TYPES } from './nocode-field-types';
import { ZFieldRef, ZFilterGroup } from './nocode-filters';
import { DATE_FORMATS } from './settings';

/*
 * What people do with entities and records beyond editing them (spec 3 §7 "Entities", "Template
 * data"): company (account) records, records of people, notifications about records, printing,
 * the rows of data tables, a template's data across entities, and public record links.
 */

const ZEntityId = z.uuid('Use an entity id');
const ZRecordIds = (max: number) =>
  z
    .array(z.uuid('Use record ids'))
    .min(1, 'Choose at least one record')
    .max(max, `At most ${max} records at once`);

/** The entity a record belongs to, as the answers below name it. */
export const ZEntityRef = z.object({
  _id: z.string(),
  name: z.string(),
  entity_type: z.enum(['GENERAL', 'INDIVIDUAL', 'BUSINESS']),
  primary_template_id: z.string(),
});
export type TEntityRef = z.infer<typeof ZEntityRef>;

// ---------------------------------------------------------------------------------------------
// Companies (accounts) and people

/** `POST /entities/createCompany`: find or add a company (a record of a BUSINESS entity). */
export const ZCreateCompanyRequest = z.object({
  /** A BUSINESS entity; default: the company's first one (created when there is none). */
  entity_id: ZEntityId.optional(),
  /** The company's name: the entity's display field. */
  name: z.string({ error: 'Give the company a name' }).trim().min(1, 'Give the company a name').max(200),
  /** Other values by template id, as for any record. */
  values: ZRecordValues.default({}),
});
export type TCreateCompanyRequest = z.output<typeof ZCreateCompanyRequest>;

/** A record found or added by a find-or-add call. */
export const ZFoundRecord = z.object({
  /** False: a record with the same name (or email) was there already and is answered unchanged. */
  created: z.boolean(),
  entity: ZEntityRef,
  record: ZEntityRecord,
});
export type TFoundRecord = z.infer<typeof ZFoundRecord>;

/** A contact of the address book, as a company's page lists them. */
export const ZCompanyContact = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  title: z.string(),
});

/** `GET /entities/getCompany/{CompanyId}`: a company record, its links and its contacts. */
export const ZCompanyDetails = z.object({
  entity: ZEntityRef,
  record: ZEntityRecord,
  linked_titles: z.record(z.string(), z.string()),
  /** Contacts whose account name is the company's name (at most 100, by name). */
  contacts: z.array(ZCompanyContact),
  contacts_total: z.number().int(),
});
export type TCompanyDetails = z.infer<typeof ZCompanyDetails>;

/** `POST /user-entity-data`: find or add the record of a person (a workspace user or a contact). */
export const ZUserEntityDataRequest = z
  .object({
    entity_id: ZEntityId,
    user_id: z.uuid('Use a user id').optional(),
    contact_id: z.uuid('Use a contact id').optional(),
    /** Values by template id for fields the person's details do not fill. */
    values: ZRecordValues.default({}),
  })
  .refine((body) => Boolean(body.user_id) !== Boolean(body.contact_id), {
    message: 'Choose a user or a contact (one of them)',
    path: ['user_id'],
  });
export type TUserEntityDataRequest = z.output<typeof ZUserEntityDataRequest>;

// ---------------------------------------------------------------------------------------------
// Notifications

export const MAX_NOTIFICATION_RECIPIENTS = 500;

const notificationBody = {
  /** Workspace users to tell, by id. */
  user_ids: z.array(z.uuid('Use user ids')).max(100, 'At most 100 users').default([]),
  /** Every active user of these user types. */
  user_types: z.array(z.enum(USER_TYPES, { error: `Use one of ${USER_TYPES.join(', ')}` })).default([]),
  /** Default: "<sender> shared <what> with you". */
  title: z.string().trim().max(200, 'At most 200 characters').optional(),
  message: z
    .string({ error: 'Write a message' })
    .trim()
    .min(1, 'Write a message')
    .max(2000, 'At most 2000 characters'),
  /** Also by email (the in-app notification is always sent). */
  send_email: z.boolean().default(false),
};

const someoneChosen = <T extends { user_ids: string[]; user_types: string[] }>(body: T) =>
  body.user_ids.length + body.user_types.length > 0;
const chooseSomeone = { message: 'Choose who to notify', path: ['user_ids'] };

/** `POST /entities/send-notification`: tell users about an entity (its records list). */
export const ZEntityNotificationRequest = z
  .object({ entity_id: ZEntityId, ...notificationBody })
  .refine(someoneChosen, chooseSomeone);
export type TEntityNotificationRequest = z.output<typeof ZEntityNotificationRequest>;

/** `POST /entities-data/send-notification`: tell users about some records of an entity. */
export const ZRecordNotificationRequest = z
  .object({ entity_id: ZEntityId, entity_data_ids: ZRecordIds(100), ...notificationBody })
  .refine(someoneChosen, chooseSomeone);
export type TRecordNotificationRequest = z.output<typeof ZRecordNotificationRequest>;

export const ZNotificationResult = z.object({
  /** Users who got the in-app notification. */
  notified: z.number().int(),
  /** Mails queued (when `send_email`). */
  emailed: z.number().int(),
  /** Users left out: they cannot open the entity's records (no `entity-data:view`). */
  skipped: z.number().int(),
});
export type TNotificationResult = z.infer<typeof ZNotificationResult>;

// ---------------------------------------------------------------------------------------------
// Printing

export const MAX_PRINT_RECORDS = 50;

/** `POST /entities-data/document-printing`: records as one PDF to print. */
export const ZDocumentPrintingRequest = z.object({
  entity_id: ZEntityId,
  entity_data_ids: ZRecordIds(MAX_PRINT_RECORDS),
  /**
   * A document template (configurable document) the caller sees: one filled copy per record. Without
   * it, a record sheet: each template's fields and values.
   */
  document_id: z.uuid('Use a document template id').optional(),
  /** Record sheet: the templates to print (default: every non-repeatable one), in this order. */
  template_ids: z.array(z.uuid('Use template ids')).max(30).optional(),
  /** How dates print; default: the caller's application setting (date-times in their saved zone). */
  date_format: z.enum(DATE_FORMATS).optional(),
});
export type TDocumentPrintingRequest = z.output<typeof ZDocumentPrintingRequest>;

// ---------------------------------------------------------------------------------------------
// Data table rows

/** `POST /entities-data/data-table/row-fields`: the rows of a DATA_TABLE field across records. */
export const ZRowFieldsRequest = z.object({
  entity_id: ZEntityId,
  /** The DATA_TABLE field, `<template_id>#<key>`. */
  field: ZFieldRef,
  /** Only these records' rows (default: every record that matches `filters`). */
  entity_data_ids: z.array(z.uuid('Use record ids')).max(500, 'At most 500 records').optional(),
  filters: ZFilterGroup.optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});
export type TRowFieldsRequest = z.output<typeof ZRowFieldsRequest>;

export const ZRowColumn = z.object({
  key: z.string(),
  label: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: z.string().optional() })).optional(),
});
export type TRowColumn = z.infer<typeof ZRowColumn>;

export const ZRowFieldsPage = z.object({
  field: z.object({ ref: z.string(), label: z.string(), template_id: z.string(), key: z.string() }),
  /** The fields of each row (the table's columns). */
  columns: z.array(ZRowColumn),
  data: z.array(
    z.object({
      entity_data_id: z.string(),
      title: z.string(),
      /** Position of the row in its record's table, from 0. */
      row_index: z.number().int(),
      values: z.record(z.string(), z.unknown()),
    }),
  ),
  total: z.number().int(),
  /** True when there are more rows than were counted (total is then a lower bound). */
  total_capped: z.boolean(),
  page: z.number().int(),
  total_pages: z.number().int(),
});
export type TRowFieldsPage = z.infer<typeof ZRowFieldsPage>;

// ---------------------------------------------------------------------------------------------
// A template's data across entities

export const ZTemplateDataAllEntitiesQuery = ZPageQuery.extend({
  template_id: z.uuid('Use a template id'),
  /** Matches record titles. */
  search: z.string().trim().max(100).optional(),
});
export type TTemplateDataAllEntitiesQuery = z.output<typeof ZTemplateDataAllEntitiesQuery>;

export const ZTemplateDataAllEntities = z.object({
  template: z.object({ _id: z.string(), name: z.string(), is_repeatable: z.boolean() }),
  /** Entities made with the template. */
  entities: z.array(z.object({ _id: z.string(), name: z.string() })),
  data: z.array(
    z.object({
      entity_data_id: z.string(),
      entity_id: z.string(),
      entity_name: z.string(),
      title: z.string(),
      /** A repeatable template's entry (null for a non-repeatable template's values). */
      template_data_id: z.string().nullable(),
      values: z.record(z.string(), z.unknown()),
      updated_at: z.string(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  total_pages: z.number().int(),
});
export type TTemplateDataAllEntities = z.infer<typeof ZTemplateDataAllEntities>;

// ---------------------------------------------------------------------------------------------
// Public record links

export const PUBLIC_LINK_MAX_DAYS = 365;

/** `POST /entities-data/public-link`: a link anyone can open to read one template of a record. */
export const ZPublicLinkRequest = z.object({
  entity_data_id: z.uuid('Use a record id'),
  /** Default: the entity's primary template. */
  template_id: z.uuid('Use a template id').optional(),
  expires_in_days: z.coerce
    .number()
    .int()
    .min(1, 'At least 1 day')
    .max(PUBLIC_LINK_MAX_DAYS, `At most ${PUBLIC_LINK_MAX_DAYS} days`)
    .default(30),
});
export type TPublicLinkRequest = z.output<typeof ZPublicLinkRequest>;

export const ZPublicLink = z.object({
  url: z.string(),
  /** The app path (`/view/{entityDataId}/{entityId}/{templateId}?token=...`). */
  path: z.string(),
  token: z.string(),
  expires_at: z.string(),
});
export type TPublicLink = z.infer<typeof ZPublicLink>;

/** `GET /oa_entitydata/{id}`: what a public link shows. */
export const ZPublicRecordView = z.object({
  _id: z.string(),
  title: z.string(),
  company_name: z.string(),
  entity: z.object({ _id: z.string(), name: z.string() }),
  template: z.object({ _id: z.string(), name: z.string() }),
  fields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      type: z.enum(FORM_FIELD_TYPES),
      /** The value as text ('' when empty); files show their names, links the linked titles. */
      text: z.string(),
    }),
  ),
  updated_at: z.string(),
  expires_at: z.string(),
});
export type TPublicRecordView = z.infer<typeof ZPublicRecordView>;
