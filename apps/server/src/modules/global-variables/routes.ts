import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import {
  GLOBAL_VARIABLE_TYPE_INFO,
  GLOBAL_VARIABLE_TYPES,
  ZCreateGlobalVariableRequest,
  ZCreateGlobalVariableTagRequest,
  ZGlobalVariable,
  ZGlobalVariableListQuery,
  ZGlobalVariableTag,
  ZGlobalVariableTypeInfo,
  ZUpdateGlobalVariableRequest,
} from '@esigns/contracts/global-variables';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import {
  findReadableVariable,
  listGlobalVariables,
  listStandardVariables,
  listTags,
  withValueUrls,
} from './service';
import { STANDARD_GLOBAL_VARIABLES } from './standard';
import { createGlobalVariable, createTag, deleteGlobalVariable, updateGlobalVariable } from './write-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

const VALUE_DOC =
  '`input_type` is one of ' +
  GLOBAL_VARIABLE_TYPES.join(', ') +
  ' (`GET /global-variables/types`). `settings` are the settings of that field type as in form templates ' +
  '(`options` of SELECT and MULTI_SELECT, `currency` and `decimals` of CURRENCY, `default_country_code` of PHONE, ' +
  '`yes_label`/`no_label`, bounds...; problems keyed `settings.<name>`). `value` is required and checked by the ' +
  'same validator as record values (numbers accept `1,00,000` and `₹`, phones become E.164, select values match ' +
  'option values or labels, dates are `YYYY-MM-DD`); IMAGE values are file lists `[{ file_ref_id, name, size, ' +
  "mime_type }]` of files uploaded through `POST /document-assets/` (the company's storage only; problems keyed " +
  '`value.<index>`). `tags` are tag names: missing tags are created. `is_fixed`: the value cannot be overridden ' +
  'where it is used. `label` is unique in the company (ignoring case).';

const STANDARD_DOC = STANDARD_GLOBAL_VARIABLES.map((s) => `\`${s.key}\` (${s.label}, ${s.input_type})`).join(
  ', ',
);

/** Global variables (spec 3 §7 "Global variables"): company values, standard values, types and tags. */
export function registerGlobalVariableRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['global-variables'];
  const security = [{ bearer: [] }];
  const canView = requirePermission(platform, 'global-variables:view');
  const idParams = z.object({ id: z.string().max(64) });

  r.get(
    '/standard/global-variables',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'The built-in variables derived from the company',
        description:
          `Read-only, \`type: STANDARD\`, the same ids in every company, values computed when read: ${STANDARD_DOC}. ` +
          "Address, email and phone are the company owner's profile details (companies have none of their own yet); " +
          'dates are UTC. Needs `global-variables:view`.',
        response: { 200: ZSuccess(z.array(ZGlobalVariable)), ...ERRORS },
      },
    },
    async (request) =>
      ok(await withValueUrls(platform.storage, await listStandardVariables(db, accessOf(request).companyId))),
  );

  r.get(
    '/global-variables',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "The company's global variables, paged",
        description:
          '`search` matches label, key or description (case-insensitive); `tags` (comma-separated or repeated) ' +
          'keeps variables carrying any of them; `input_type` one type; `sort`: label (default), updated_at, `-` ' +
          'first for descending. The start-up cache reads 100 per page. Standard variables are listed by ' +
          '`GET /standard/global-variables`. Needs `global-variables:view`.',
        querystring: ZGlobalVariableListQuery,
        response: { 200: ZSuccess(ZPaged(ZGlobalVariable)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listGlobalVariables(db, accessOf(request).companyId, request.query);
      return ok(toPaged(await withValueUrls(platform.storage, rows), total, request.query));
    },
  );

  r.post(
    '/global-variables',
    {
      onRequest: requirePermission(platform, 'global-variables:create'),
      schema: {
        tags,
        security,
        summary: 'Create a global variable',
        description: `Needs \`global-variables:create\`. \`key\` is made from the label (unique in the company, never a standard key) and stays when the label changes. ${VALUE_DOC}`,
        body: ZCreateGlobalVariableRequest,
        response: { 200: ZSuccess(ZGlobalVariable), ...ERRORS },
      },
    },
    async (request) =>
      ok(await createGlobalVariable(platform, accessOf(request), request.body), 'Global variable created'),
  );

  r.get(
    '/global-variables/types',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'The field types a global variable may have',
        description:
          'The form field types whose value makes sense as one constant, with their labels and groups. Computed ' +
          'types, record links, tables, files and signatures are left out. Needs `global-variables:view`.',
        response: { 200: ZSuccess(z.array(ZGlobalVariableTypeInfo)), ...ERRORS },
      },
    },
    async () => ok([...GLOBAL_VARIABLE_TYPE_INFO]),
  );

  r.get(
    '/global-variables/:id',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "One global variable (the company's or a standard one)",
        description: "Unknown or another company's id: 404. Needs `global-variables:view`.",
        params: idParams,
        response: { 200: ZSuccess(ZGlobalVariable), ...ERRORS },
      },
    },
    async (request) => {
      const variable = await findReadableVariable(db, accessOf(request).companyId, request.params.id);
      const [answer] = await withValueUrls(platform.storage, [variable]);
      return ok(answer!);
    },
  );

  r.patch(
    '/global-variables/:id',
    {
      onRequest: requirePermission(platform, 'global-variables:update'),
      schema: {
        tags,
        security,
        summary: 'Change a global variable',
        description:
          'Needs `global-variables:update`. Only what the body gives changes, but the settings and value are ' +
          'checked again against the (new) type: changing `input_type` without a fitting `value` answers 422 on ' +
          "`value`. Standard variables: 403. Unknown or another company's: 404. " +
          VALUE_DOC,
        params: idParams,
        body: ZUpdateGlobalVariableRequest,
        response: { 200: ZSuccess(ZGlobalVariable), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await updateGlobalVariable(platform, accessOf(request), request.params.id, request.body),
        'Global variable updated',
      ),
  );

  r.delete(
    '/global-variables/:id',
    {
      onRequest: requirePermission(platform, 'global-variables:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a global variable',
        description:
          'Needs `global-variables:delete`. A variable shown by a GLOBAL_VARIABLE field of a live form template ' +
          "answers 409 naming the template(s). Standard variables: 403. Unknown or another company's: 404. Entity " +
          'groups listing it simply stop showing it.',
        params: idParams,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) =>
      ok(await deleteGlobalVariable(db, accessOf(request), request.params.id), 'Global variable deleted'),
  );

  r.get(
    '/global-variable-tags',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: "The company's global variable tags",
        description:
          'Every tag by name, with `variables_count` (how many variables carry it). Needs `global-variables:view`.',
        response: { 200: ZSuccess(z.array(ZGlobalVariableTag)), ...ERRORS },
      },
    },
    async (request) => ok(await listTags(db, accessOf(request).companyId)),
  );

  r.post(
    '/global-variable-tags',
    {
      onRequest: requirePermission(platform, 'global-variables:create'),
      schema: {
        tags,
        security,
        summary: 'Create a global variable tag',
        description:
          'Needs `global-variables:create`. `name`: 1-40 characters without commas, unique in the company ignoring ' +
          'case (422 on `name`). Tags are also created when a variable names one that does not exist.',
        body: ZCreateGlobalVariableTagRequest,
        response: { 200: ZSuccess(ZGlobalVariableTag), ...ERRORS },
      },
    },
    async (request) => ok(await createTag(db, accessOf(request), request.body.name), 'Tag created'),
  );
}
