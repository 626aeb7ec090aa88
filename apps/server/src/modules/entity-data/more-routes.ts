import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_NOTIFICATION_RECIPIENTS,
  MAX_PRINT_RECORDS,
  ZDocumentPrintingRequest,
  ZEntityNotificationRequest,
  ZFoundRecord,
  ZNotificationResult,
  ZRecordNotificationRequest,
  ZRowFieldsPage,
  ZRowFieldsRequest,
  ZTemplateDataAllEntities,
  ZTemplateDataAllEntitiesQuery,
  ZUserEntityDataRequest,
} from '@esigns/contracts/entity-actions';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { formatContentDisposition } from '../../platform/storage/storage';
import { loadEntityDefinition } from '../entities';
import { accessOf, requirePermission } from '../permissions';
import { perMinute } from '../signing';
import { dataTableRows } from './data-table-rows-service';
import { sendRecordNotification } from './notify-service';
import { findOrAddPersonRecord } from './person-record-service';
import { printRecords } from './print-service';
import { findRecord } from './service';
import { templateDataAllEntities } from './template-data-all-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

const NOTIFY_DOC =
  '`user_ids` (active users of the workspace; others answer 422 `user_ids.N`) and/or `user_types` (every active ' +
  `user of those types; at most ${MAX_NOTIFICATION_RECIPIENTS} people) get an in-app notification (type ENTITY, ` +
  'pushed live after the commit) with `title` (default "<sender> shared <what> with you"), the `message` and a link ' +
  'to what is shared; with `send_email` also a mail with a button to it. The sender is never notified of their own ' +
  'message; users who cannot open the records (no `entity-data:view`) are skipped and counted in `skipped`; nobody ' +
  "left answers 422 `user_ids`. Delivered whatever the recipient's notification choices (a person chose to tell them). " +
  'Needs `notifications:send`.';

/**
 * Spec 3 calls around records that are not editing them: notifications, printing, the rows of
 * data tables, records of people, and a template's data across entities.
 */
export function registerRecordActionRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const security = [{ bearer: [] }];

  r.post(
    '/entities/send-notification',
    {
      onRequest: requirePermission(platform, 'notifications:send'),
      config: perMinute(30),
      schema: {
        tags: ['entities'],
        security,
        summary: 'Tell workspace users about an entity',
        description: `${NOTIFY_DOC} The link opens the entity's records (\`/entity/{entity_id}\`).`,
        body: ZEntityNotificationRequest,
        response: { 200: ZSuccess(ZNotificationResult), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const def = await loadEntityDefinition(db, access.companyId, request.body.entity_id);
      const result = await sendRecordNotification(platform, access, { def, records: null }, request.body);
      return ok(result, 'Notification sent');
    },
  );

  r.post(
    '/entities-data/send-notification',
    {
      onRequest: requirePermission(platform, 'notifications:send'),
      config: perMinute(30),
      schema: {
        tags: ['entity-data'],
        security,
        summary: 'Tell workspace users about some records',
        description:
          `${NOTIFY_DOC} \`entity_data_ids\`: up to 100 records of the entity (another entity's or workspace's: 404). ` +
          "One record links to its page; several link to the entity's records and are listed (the first 10) in the body. " +
          'A method the spec leaves open: POST.',
        body: ZRecordNotificationRequest,
        response: { 200: ZSuccess(ZNotificationResult), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const def = await loadEntityDefinition(db, access.companyId, request.body.entity_id);
      const records = [];
      for (const id of new Set(request.body.entity_data_ids)) records.push(await findRecord(db, def, id));
      const result = await sendRecordNotification(platform, access, { def, records }, request.body);
      return ok(result, 'Notification sent');
    },
  );

  r.post(
    '/entities-data/document-printing',
    {
      onRequest: requirePermission(platform, 'entity-data:view'),
      config: perMinute(30),
      schema: {
        tags: ['entity-data'],
        security,
        summary: 'Records as a PDF to print',
        description:
          `Up to ${MAX_PRINT_RECORDS} records of the entity (\`entity_data_ids\`, in that order; another entity's or ` +
          "workspace's: 404) as one PDF, `application/pdf` inline (the browser shows it and prints it). With " +
          '`document_id` (a document template, or a draft, the caller sees; otherwise 404): one copy of its PDF per ' +
          'record, each field filled with the value of the entity field of the same key, else of the same label ' +
          '(text as shown in the app; checkboxes ticked for true; signatures, initials and images left empty; fields ' +
          'nothing matches keep their default). Without: a record sheet per record: the title, then each template ' +
          '(`template_ids`, default all non-repeatable ones) with its fields and values; data tables row by row, ' +
          "files by name, linked records by title. Dates print in `date_format` (default: the caller's date format), " +
          "date-times in the caller's saved zone, named.",
        body: ZDocumentPrintingRequest,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('The PDF bytes'), ...ERRORS },
      },
    },
    async (request, reply) => {
      const access = accessOf(request);
      const def = await loadEntityDefinition(db, access.companyId, request.body.entity_id);
      const file = await printRecords(platform, access, def, request.body);
      return reply
        .type('application/pdf')
        .header('content-disposition', formatContentDisposition('inline', file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-page-count', String(file.pages))
        .send(Buffer.from(file.bytes));
    },
  );

  r.post(
    '/entities-data/data-table/row-fields',
    {
      onRequest: requirePermission(platform, 'entity-data:view'),
      schema: {
        tags: ['entity-data'],
        security,
        summary: "The rows of a data table field across an entity's records",
        description:
          "`field`: a DATA_TABLE field (`<template_id>#<key>`; anything else 422 keyed `field`). Answers the table's " +
          "`columns` (the fields of a row) and its rows from every record matching `filters` (the grid's rules) or " +
          'from `entity_data_ids` only, newest records first, each row with its record and position. Paged; ' +
          '`total` is exact up to 10,000 rows (`total_capped` beyond).',
        body: ZRowFieldsRequest,
        response: { 200: ZSuccess(ZRowFieldsPage), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const def = await loadEntityDefinition(db, access.companyId, request.body.entity_id);
      return ok(await dataTableRows(db, access, def, request.body));
    },
  );

  r.post(
    '/user-entity-data',
    {
      onRequest: requirePermission(platform, 'entity-data:create'),
      schema: {
        tags: ['entity-data'],
        security,
        summary: 'Find or add the record of a person (a workspace user or a contact)',
        description:
          '`user_id` (an active user of the workspace) or `contact_id` (a contact of the address book); others 404. ' +
          "The entity's record whose email (the primary template's first EMAIL field) is the person's is answered " +
          "as it is (`created: false`); otherwise one is added: the person's first and last name, full name, email, " +
          "phone and designation fill the primary template's fields of those keys (`first_name`, `last_name`, `name`, " +
          '`email`, `phone`, `mobile`, `designation`...; then EMAIL and PHONE fields by type) unless `values` (by ' +
          "template id) sets them; details a field would refuse are left out. 'Primary fields data required' (422) " +
          'when required fields stay empty: send them in `values`. An entity without an email field: 422 `entity_id`.',
        body: ZUserEntityDataRequest,
        response: { 200: ZSuccess(ZFoundRecord), ...ERRORS },
      },
    },
    async (request) => {
      const found = await findOrAddPersonRecord(db, accessOf(request), request.body);
      return ok(found, found.created ? 'Record added' : 'Record already there');
    },
  );

  r.get(
    '/templates-entity-data-all-entities',
    {
      onRequest: requirePermission(platform, 'entity-data:view'),
      schema: {
        tags: ['entity-data'],
        security,
        summary: "A form template's data in every entity made with it",
        description:
          "`template_id`: a template of the workspace or a STANDARD one (else 404). `entities` are the workspace's " +
          "entities that include it; `data` their records' values of that template (records without them are left " +
          'out), newest change first; for a repeatable template, its entries (`template_data_id`). `search` matches ' +
          'record titles. Paged (`page`, `limit`).',
        querystring: ZTemplateDataAllEntitiesQuery,
        response: { 200: ZSuccess(ZTemplateDataAllEntities), ...ERRORS },
      },
    },
    async (request) => ok(await templateDataAllEntities(db, accessOf(request).companyId, request.query)),
  );
}
