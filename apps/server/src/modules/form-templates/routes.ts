import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import {
  ZCreateFormTemplateRequest,
  ZDuplicateFormTemplateRequest,
  ZDuplicateTitle,
  ZDuplicateTitleRequest,
  ZFormTemplate,
  ZFormTemplateListQuery,
  ZUpdateFormTemplateRequest,
} from '@esigns/contracts/form-templates';
import { notFound } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { requireStaffOrContact } from '../application-users';
import { requireAnyPermission } from '../contacts';
import { accessOf, requirePermission } from '../permissions';
import {
  findDefaultTemplate,
  findPrimaryTemplate,
  findReadableTemplate,
  findTemplateByCode,
  listDefaultTemplates,
  listFormTemplates,
  toFormTemplate,
} from './service';
import { contactMayReadTemplate } from './contact-access';
import { registerFormTemplateUploadRoutes } from './upload-routes';
import {
  checkDuplicateTitle,
  createFormTemplate,
  deleteFormTemplate,
  duplicateFormTemplate,
  updateFormTemplate,
} from './write-service';

export const FORM_TEMPLATE_ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  422: ZErrorBody,
};

const FIELDS_DOC =
  '`fields` is the list of fields: `key` (lowercase slug, unique), `label`, `type` (SINGLE_LINE_TEXT, ' +
  'MULTI_LINE_TEXT, NUMBER, CURRENCY, PERCENTAGE, DATE, TIME, DATE_TIME, YES_OR_NO, CHECKBOX, SELECT, MULTI_SELECT, ' +
  'RADIO, EMAIL, PHONE, URL, FILE, IMAGE, SIGNATURE, ENTITY, AUTO_INCREMENT, FORMULA, AGGREGATE, GLOBAL_VARIABLE, ' +
  'LOCATION, RICH_TEXT, DATA_TABLE, PAY_BUTTON, BARCODE), `required`, `help_text`, `placeholder`, `default_value`, ' +
  "`visibility` (rules on other fields' values), `layout` (x, y, w, h on a 12-column grid; absent: placed below, " +
  'full width) and the settings of its type (bounds, decimals, currency (INR), options, file types and size, ' +
  'pattern, formula `expression`...). The whole list is checked together: unique keys, consistent bounds, valid ' +
  'defaults, rules and formulas that name existing fields without loops, no overlapping places. Problems answer ' +
  '422 keyed by their path (`fields.2.options.0.value`).';

/** Form templates (spec 3 §7 "Templates"): reading, building, copying and deleting them. */
export function registerFormTemplateRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['form-templates'];
  const security = [{ bearer: [] }];
  // Records are filled from templates: whoever may see records may read their templates.
  const canRead = requireAnyPermission(platform, ['form-templates:view', 'entity-data:view']);
  const READ_RULE = 'Needs `form-templates:view` or `entity-data:view`.';

  r.get(
    '/template/list',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: "The company's form templates, paged",
        description:
          "`search` matches name, code or description (case-insensitive). `type=CUSTOM`: the company's own; " +
          "`type=STANDARD`: the built-in ones; no `type`: the company's own, plus the built-in ones first with " +
          '`include_standard=true` (the start-up cache asks 50 per page). `sort`: name, created_at or updated_at, ' +
          `\`-\` first for descending (default \`-updated_at\`). ${READ_RULE}`,
        querystring: ZFormTemplateListQuery,
        response: { 200: ZSuccess(ZPaged(ZFormTemplate)), ...FORM_TEMPLATE_ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listFormTemplates(db, accessOf(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/template/:id',
    {
      // The contact area opens templates of its menu (contact-access.ts).
      onRequest: requireStaffOrContact(platform, canRead),
      schema: {
        tags,
        security,
        summary: "One form template (the company's or a standard one)",
        description:
          `Unknown, deleted or another company's template: 404. ${READ_RULE} A signed-in contact reads a ` +
          'template of an entity their contact type has a rule for; any other is 404.',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: ZSuccess(ZFormTemplate), ...FORM_TEMPLATE_ERRORS },
      },
    },
    async (request) => {
      const { contact } = request;
      if (contact && !(await contactMayReadTemplate(db, contact, request.params.id))) {
        throw notFound('Template');
      }
      const companyId = contact ? contact.companyId : accessOf(request).companyId;
      return ok(toFormTemplate(await findReadableTemplate(db, companyId, request.params.id)));
    },
  );

  r.get(
    '/templates/code/:code',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: 'A form template by its code (slug)',
        description: `The company's live template with that code, else the standard one; none: 404. ${READ_RULE}`,
        params: z.object({ code: z.string().max(80) }),
        response: { 200: ZSuccess(ZFormTemplate), ...FORM_TEMPLATE_ERRORS },
      },
    },
    async (request) => ok(await findTemplateByCode(db, accessOf(request), request.params.code)),
  );

  r.get(
    '/templates/primary-template/:user_type',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: 'The template holding the primary fields of contacts or accounts',
        description:
          '`user_type`: INDIVIDUAL (or CONTACT) for people, BUSINESS (or COMPANY, ACCOUNT) for organisations. ' +
          "The company's template marked `primary_for_user_type` when there is one, else the standard one " +
          `(Contact details, Company details). Other user types: 404. ${READ_RULE}`,
        params: z.object({ user_type: z.string().max(40) }),
        response: { 200: ZSuccess(ZFormTemplate), ...FORM_TEMPLATE_ERRORS },
      },
    },
    async (request) => ok(await findPrimaryTemplate(db, accessOf(request), request.params.user_type)),
  );

  r.get(
    '/default-templates',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: 'The standard (built-in) templates',
        description:
          'Contact details, Company details, Address, Bank details, Property, Invoice...: read-only, the same ' +
          `for every company; copy one with \`template/duplicateFormTemplate\` to change it. ${READ_RULE}`,
        response: { 200: ZSuccess(z.array(ZFormTemplate)), ...FORM_TEMPLATE_ERRORS },
      },
    },
    async () => ok(await listDefaultTemplates(db)),
  );

  r.get(
    '/default-templates/:id',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: 'One standard template, by id or code',
        description: `Not a standard template: 404. ${READ_RULE}`,
        params: z.object({ id: z.string().max(80) }),
        response: { 200: ZSuccess(ZFormTemplate), ...FORM_TEMPLATE_ERRORS },
      },
    },
    async (request) => ok(await findDefaultTemplate(db, request.params.id)),
  );

  r.post(
    '/template/create',
    {
      onRequest: requirePermission(platform, 'form-templates:create'),
      schema: {
        tags,
        security,
        summary: 'Create a form template',
        description:
          'Needs `form-templates:create`. `name` is unique in the company (ignoring case); `code` defaults to a ' +
          'slug of the name made unique (a given one must be free and not a standard code); `primary_for_user_type` ' +
          'makes it the primary template of contacts (INDIVIDUAL) or accounts (BUSINESS), one per type. ' +
          FIELDS_DOC,
        body: ZCreateFormTemplateRequest,
        response: { 200: ZSuccess(ZFormTemplate), ...FORM_TEMPLATE_ERRORS },
      },
    },
    async (request) => ok(await createFormTemplate(db, accessOf(request), request.body), 'Template created'),
  );

  r.put(
    '/template',
    {
      onRequest: requirePermission(platform, 'form-templates:update'),
      schema: {
        tags,
        security,
        summary: 'Change a form template',
        description:
          'Needs `form-templates:update`. `_id` names the template; only the settings given change. With ' +
          '`version` (the one read), a template saved by someone else meanwhile answers 409. Standard templates: 403 ' +
          '(copy one to change it). Modules that keep data in a template (records) may refuse field changes their ' +
          `data cannot take (422). ${FIELDS_DOC}`,
        body: ZUpdateFormTemplateRequest,
        response: { 200: ZSuccess(ZFormTemplate), ...FORM_TEMPLATE_ERRORS },
      },
    },
    async (request) => ok(await updateFormTemplate(db, accessOf(request), request.body), 'Template updated'),
  );

  r.delete(
    '/template/:id',
    {
      onRequest: requirePermission(platform, 'form-templates:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a form template',
        description:
          'Needs `form-templates:delete`. A template that entities or forms still use answers 409 with what ' +
          "uses it. Standard templates: 403. Unknown or another company's: 404. The template disappears from lists; " +
          'its name and code become free.',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...FORM_TEMPLATE_ERRORS },
      },
    },
    async (request) =>
      ok(await deleteFormTemplate(db, accessOf(request), request.params.id), 'Template deleted'),
  );

  r.post(
    '/template/duplicateFormTemplate',
    {
      onRequest: requirePermission(platform, 'form-templates:duplicate'),
      schema: {
        tags,
        security,
        summary: "Copy a form template (the company's or a standard one)",
        description:
          'Needs `form-templates:duplicate`. The copy is a CUSTOM template of the company with the same fields, ' +
          'named `name` (must be free: 422) or the next free "Copy of <name>", "Copy of <name> (2)"...; its code ' +
          "is made from the name. It is nobody's primary template.",
        body: ZDuplicateFormTemplateRequest,
        response: { 200: ZSuccess(ZFormTemplate), ...FORM_TEMPLATE_ERRORS },
      },
    },
    async (request) =>
      ok(await duplicateFormTemplate(db, accessOf(request), request.body), 'Template copied'),
  );

  r.post(
    '/template/duplicateFormTemplateTitle',
    {
      onRequest: requireAnyPermission(platform, ['form-templates:duplicate', 'form-templates:create']),
      schema: {
        tags,
        security,
        summary: 'Check a title for a new or copied template, and suggest a free one',
        description:
          'Needs `form-templates:duplicate` or `form-templates:create`. With `name`: whether it is free in the ' +
          'company; with only `template_id`: about "Copy of <its name>". `suggested_name` is the name when free, ' +
          'else the first free "<name> (2)", "<name> (3)"...',
        body: ZDuplicateTitleRequest,
        response: { 200: ZSuccess(ZDuplicateTitle), ...FORM_TEMPLATE_ERRORS },
      },
    },
    async (request) => ok(await checkDuplicateTitle(db, accessOf(request), request.body)),
  );

  registerFormTemplateUploadRoutes(api, platform);
}
