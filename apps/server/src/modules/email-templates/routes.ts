import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_RECORD_MAILS,
  ZEmailTemplate,
  ZEmailTemplateCreate,
  ZEmailTemplateDuplicate,
  ZEmailTemplateListQuery,
  ZEmailTemplatePreviewRequest,
  ZEmailTemplateUpdate,
  ZMergeField,
  ZRecordMailBatch,
  ZRecordMailRequest,
  ZRenderedEmail,
} from '@esigns/contracts/email';
import { ZErrorBody, ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { loadEntityDefinition } from '../entities';
import { allGlobalVariables } from '../global-variables';
import { accessOf, requirePermission } from '../permissions';
import { mergeFieldList } from './merge-fields';
import { previewTemplate } from './preview';
import { recordMailBatch, startRecordMails } from './record-mails';
import { entityTemplates, findTemplate, listTemplates, withEntityNames } from './service';
import { createTemplate, deleteTemplate, duplicateTemplate, updateTemplate } from './write-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

const MERGE_DOC =
  'Merge fields are `{{<template code>.<field key>}}` (a field of the entity), `{{global.<variable key>}}` and ' +
  '`{{record.id}}`, `{{record.created_at}}`, `{{record.updated_at}}`, `{{record.url}}`, `{{company.name}}`, ' +
  '`{{company.email}}`, `{{user.name}}`, `{{user.email}}` (the sender), `{{today}}`; a header/footer may use ' +
  'the company ones, `{{today}}` and global variables only. An unknown one is a 422 keyed by where it is ' +
  '(`subject`, `body_html`, `header_html`, `footer_html`). Rich text is sanitised when saved: paragraphs, line ' +
  'breaks, bold, italic, underline, strike, links (http, https, mailto), headings 1-3, lists, quotes, images ' +
  '(http(s) or data:image), tables, and colour, background, alignment and size styles are kept; anything else ' +
  '(scripts, event handlers, frames, forms, other URLs) is dropped.';

/** Email templates (spec 3 §7 "Email templates") and mailing records with them. */
export function registerEmailTemplateRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['email-templates'];
  const security = [{ bearer: [] }];
  const canView = requirePermission(platform, 'email-templates:view');
  const canSend = requirePermission(platform, 'email-templates:send');
  const id = z.string().max(64);

  r.get(
    '/email-template/list',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "The company's email templates, paged",
        description:
          'Entity templates and header/footer templates, newest change first. `type` (ENTITY, HEADER_FOOTER), ' +
          '`entity_id` and `search` (name) narrow the list. Needs `email-templates:view`.',
        querystring: ZEmailTemplateListQuery,
        response: { 200: ZSuccess(ZPaged(ZEmailTemplate)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listTemplates(db, accessOf(request).companyId, request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/entity-email-template/getAll/:entity_id',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "An entity's email templates",
        description:
          "Every template of the entity, by name. Another company's or an unknown entity: 404. Needs `email-templates:view`.",
        params: z.object({ entity_id: id }),
        response: { 200: ZSuccess(z.array(ZEmailTemplate)), ...ERRORS },
      },
    },
    async (request) => ok(await entityTemplates(db, accessOf(request).companyId, request.params.entity_id)),
  );

  r.get(
    '/entity-email-template/merge-fields/:entity_id',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'The merge fields an entity template may use (product addition: the editor picker)',
        description:
          "`name` goes between `{{` and `}}`; `group` is the entity template's name, `Global variables`, `Record`, " +
          '`Company`, `Sender` or `Date`. Fields of repeatable templates, signatures and pay buttons are not offered. ' +
          'Needs `email-templates:view`.',
        params: z.object({ entity_id: id }),
        response: { 200: ZSuccess(z.array(ZMergeField)), ...ERRORS },
      },
    },
    async (request) => {
      const { companyId } = accessOf(request);
      const [def, globals] = await Promise.all([
        loadEntityDefinition(db, companyId, request.params.entity_id),
        allGlobalVariables(db, companyId),
      ]);
      return ok(mergeFieldList(def, globals));
    },
  );

  r.get(
    '/entity-email-template/:template_id',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'One email template',
        description: "Either type. Another company's or an unknown id: 404. Needs `email-templates:view`.",
        params: z.object({ template_id: id }),
        response: { 200: ZSuccess(ZEmailTemplate), ...ERRORS },
      },
    },
    async (request) => {
      const { companyId } = accessOf(request);
      const row = await findTemplate(db, companyId, request.params.template_id);
      return ok((await withEntityNames(db, companyId, [row]))[0]!);
    },
  );

  r.post(
    '/entity-email-template/create',
    {
      onRequest: requirePermission(platform, 'email-templates:create'),
      schema: {
        tags,
        security,
        summary: 'Create an entity template or a header/footer template',
        description:
          '`type: ENTITY`: `entity_id`, `subject`, `body_html` and an optional `header_footer_id` (one of the ' +
          "company's HEADER_FOOTER templates; null: the company default). `type: HEADER_FOOTER`: `header_html`, " +
          "`footer_html`, `is_default` (making it the default clears the previous default). Another company's " +
          `entity or header/footer: 404. ${MERGE_DOC} Needs \`email-templates:create\`.`,
        body: ZEmailTemplateCreate,
        response: { 200: ZSuccess(ZEmailTemplate), ...ERRORS },
      },
    },
    async (request) =>
      ok(await createTemplate(db, accessOf(request), request.body), 'Email template created'),
  );

  r.post(
    '/entity-email-template/duplicate',
    {
      onRequest: requirePermission(platform, 'email-templates:create'),
      schema: {
        tags,
        security,
        summary: 'Copy a template',
        description:
          'A copy named `Copy of <name>`; a header/footer copy is never the default. Needs `email-templates:create`.',
        body: ZEmailTemplateDuplicate,
        response: { 200: ZSuccess(ZEmailTemplate), ...ERRORS },
      },
    },
    async (request) =>
      ok(await duplicateTemplate(db, accessOf(request), request.body.id), 'Email template duplicated'),
  );

  r.patch(
    '/entity-email-template/update',
    {
      onRequest: requirePermission(platform, 'email-templates:update'),
      schema: {
        tags,
        security,
        summary: 'Change a template',
        description:
          '`id` and the fields to change; the type cannot change, and a field of the other type is a 422 on it. ' +
          '`is_default: true` makes a header/footer the default (clearing the previous one), `false` leaves the ' +
          `company without a default. ${MERGE_DOC} Needs \`email-templates:update\`.`,
        body: ZEmailTemplateUpdate,
        response: { 200: ZSuccess(ZEmailTemplate), ...ERRORS },
      },
    },
    async (request) =>
      ok(await updateTemplate(db, accessOf(request), request.body), 'Email template updated'),
  );

  r.delete(
    '/entity-email-template/delete/:id',
    {
      onRequest: requirePermission(platform, 'email-templates:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a template',
        description:
          'Deleted for good. A header/footer in use is deleted all the same: the templates that named it use the ' +
          "company default from then on. Another company's or an unknown id: 404. Needs `email-templates:delete`.",
        params: z.object({ id: id }),
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) => {
      await deleteTemplate(db, accessOf(request), request.params.id);
      return ok({ _id: request.params.id }, 'Email template deleted');
    },
  );

  r.post(
    '/entity-email-template/preview',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'Render a template with a real record (product addition: the editor preview)',
        description:
          "A saved entity template (`id`) or the editor's unsaved `draft` (checked as saving checks it), rendered " +
          'with `record_id` (a record of its entity; else the newest record the caller sees; none: record fields ' +
          'empty) into the subject, HTML and plain text a recipient gets; `empty_fields` lists merge fields that ' +
          'had no value. `send_to_me: true` also mails it to the caller. Needs `email-templates:view`.',
        body: ZEmailTemplatePreviewRequest,
        response: { 200: ZSuccess(ZRenderedEmail), ...ERRORS },
      },
    },
    async (request) => ok(await previewTemplate(platform, accessOf(request), request.body)),
  );

  r.post(
    '/entities/emails',
    {
      onRequest: canSend,
      schema: {
        tags,
        security,
        summary: "Mail an entity's records with one of its templates",
        description:
          `\`record_ids\` (at most ${MAX_RECORD_MAILS.toLocaleString('en')}; ids that are not records of the entity ` +
          'answer 422 keyed `record_ids.N`), or `all: true` with an optional saved `filter_id` (the records the ' +
          "caller sees in the grid; more than the limit: 422 `all`). Each record's address is `to_field` " +
          "(`<template_id>#<field_key>` of an EMAIL field) or the entity's first EMAIL field; records without a " +
          'valid address are skipped and counted. One durable job mails them in chunks, each record once; the ' +
          'answer is the batch (`GET /entities/emails/{batch_id}` for progress; the `record-mails.progress` ' +
          'socket event after each chunk). Needs `email-templates:send`.',
        body: ZRecordMailRequest,
        response: { 200: ZSuccess(ZRecordMailBatch), ...ERRORS },
      },
    },
    async (request) => ok(await startRecordMails(platform, accessOf(request), request.body), 'Mails queued'),
  );

  r.get(
    '/entities/emails/:batch_id',
    {
      onRequest: canSend,
      schema: {
        tags,
        security,
        summary: 'Progress of a mailing (product addition)',
        description:
          "`queued` and `skipped` grow chunk by chunk until `status` is DONE. Another company's: 404. Needs " +
          '`email-templates:send`.',
        params: z.object({ batch_id: id }),
        response: { 200: ZSuccess(ZRecordMailBatch), ...ERRORS },
      },
    },
    async (request) => ok(await recordMailBatch(platform, accessOf(request), request.params.batch_id)),
  );
}
