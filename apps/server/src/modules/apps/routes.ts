import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  APP_EXCEL_MAX_BYTES,
  APP_EXCEL_MAX_ROWS,
  APP_EXCEL_MAX_SHEETS,
  ZApp,
  ZAppDetail,
  ZExcelSheetPreview,
  ZAppListQuery,
  ZCreateApplicationRequest,
  ZIndustryType,
  ZInstallAppRequest,
  ZInstallResult,
  ZInstalledApp,
  ZPublishAppRequest,
  ZUninstallAppQuery,
  ZUpdatePublishedAppRequest,
} from '@esigns/contracts/apps';
import { toPaged, ZErrorBody, ZPaged, ZSuccess } from '@esigns/contracts/envelope';
import { ZId } from '@esigns/contracts/ids';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import { enableMultipart, readUpload } from '../../platform/http/file-upload';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { excelSheets } from './excel';
import {
  createApplication,
  decideApp,
  deleteApp,
  getApp,
  industryTypes,
  installApp,
  listApps,
  listInstalled,
  uninstallApp,
  updatePublishedApp,
} from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const tags = ['apps'];
const security = [{ bearer: [] }];
const ZIdParams = z.object({ _id: ZId('Unknown app') });

const MANIFEST =
  'A manifest (`packages/contracts/src/apps.ts`, format `esigns.app`, manifest_version 1) lists templates, entities, relationships, views, ' +
  'email templates, forms, workflows, dashboards, menu groups and sample records; each component has a `key` and the `body` of its ' +
  "module's create request, where ids of other components are written `@<kind>:<key>` (fields `@template:<key>#<field>`). " +
  'A reference to a key the manifest lacks, or a body its module refuses, is a 422 keyed where it is written (`manifest.views.0.body.config.entities.0.entity_id`). ';

/** The app calls of spec 3 (`/fetchAllApps`, `/create-application`...) and `GET /app-details/{_id}`. */
export function registerAppRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = platform.database;
  const can = (slug: Parameters<typeof requirePermission>[1]) => requirePermission(platform, slug);

  r.get(
    '/fetchAllApps',
    {
      onRequest: can('apps:view'),
      schema: {
        tags,
        security,
        summary: 'The app marketplace (or the company’s own apps, or those waiting for review)',
        description:
          '`scope=marketplace` (default): approved apps and the apps shipped with the product, by industry type and search (name, description); ' +
          '`scope=mine`: the company’s own apps in any status; `scope=pending`: apps waiting for approval (instance operators only: OPERATOR_EMAILS, else 403). ' +
          'Each app says what it contains and the version the caller’s company has installed. Needs `apps:view`.',
        querystring: ZAppListQuery,
        response: { 200: ZSuccess(ZPaged(ZApp)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listApps(platform, accessOf(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/app-details/:_id',
    {
      onRequest: can('apps:view'),
      schema: {
        tags,
        security,
        summary: 'One app with its manifest (not in the spec: the details and install screens read it)',
        description:
          'Shipped and approved apps, the company’s own in any status, and pending ones for operators; anything else 404. Needs `apps:view`.',
        params: ZIdParams,
        response: { 200: ZSuccess(ZAppDetail), ...ERRORS },
      },
    },
    async (request) => ok(await getApp(platform, accessOf(request), request.params._id)),
  );

  r.get(
    '/fetchInstalledApplications',
    {
      onRequest: can('apps:view'),
      schema: {
        tags,
        security,
        summary: 'The apps installed in the company',
        description:
          'With the installed version, the version offered now (`latest_version`: an update when higher), what installing created by manifest reference, and names that got a suffix. Needs `apps:view`.',
        response: { 200: ZSuccess(z.array(ZInstalledApp)), ...ERRORS },
      },
    },
    async (request) => ok(await listInstalled(db, accessOf(request))),
  );

  r.get(
    '/get-all-industry-types',
    {
      onRequest: can('apps:view'),
      schema: {
        tags,
        security,
        summary: 'Industry types of apps, with how many listed apps each has',
        response: {
          200: ZSuccess(
            z.array(z.object({ value: ZIndustryType, label: z.string(), apps: z.number().int() })),
          ),
          ...ERRORS,
        },
      },
    },
    async () => ok(await industryTypes(db)),
  );

  r.post(
    '/create-application',
    {
      onRequest: can('apps:create'),
      schema: {
        tags,
        security,
        summary: 'Package an entity group as an app, or add one from a manifest (DRAFT)',
        description:
          '`entity_group_id`: its entities and their templates, relationships between them, views, email templates, forms using them, ' +
          'the group’s workflows, dashboards over them, and with `include_records` up to 20 records per entity. Something named that is outside ' +
          'the group (a document template, a user) is a 422 keyed where it is written. `manifest`: an uploaded or workbook-built manifest. ' +
          MANIFEST +
          'Needs `apps:create`.',
        body: ZCreateApplicationRequest,
        response: { 200: ZSuccess(ZAppDetail), ...ERRORS },
      },
    },
    async (request) => ok(await createApplication(platform, accessOf(request), request.body)),
  );

  r.post(
    '/createApp/:_id',
    {
      onRequest: can('apps:view'),
      schema: {
        tags,
        security,
        summary: 'Publish an app for review, withdraw it, or (instance operator) approve or reject it',
        description:
          '`PUBLISH` (DRAFT or REJECTED -> PENDING) and `WITHDRAW` (-> DRAFT): the company’s own app, with `apps:publish`. ' +
          '`APPROVE` (PENDING -> APPROVED: listed in every company’s marketplace) and `REJECT` with a `note`: instance operators only ' +
          '(their email in OPERATOR_EMAILS), 403 for anyone else. A move the status does not allow: 409.',
        params: ZIdParams,
        body: ZPublishAppRequest,
        response: { 200: ZSuccess(ZAppDetail), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      if (
        (request.body.action === 'PUBLISH' || request.body.action === 'WITHDRAW') &&
        !access.permissions.has('apps:publish')
      )
        return reply403();
      return ok(await decideApp(platform, access, request.params._id, request.body));
    },
  );

  r.patch(
    '/updatePublishedApp',
    {
      onRequest: can('apps:publish'),
      schema: {
        tags,
        security,
        summary: 'A new version of one of the company’s apps',
        description:
          'Packaged again from its entity group (or `entity_group_id`), or a new `manifest`. The version must be higher; a listed or pending app goes ' +
          'back to PENDING review. Companies that installed it see `latest_version` and update from the installed apps screen. ' +
          MANIFEST +
          'Needs `apps:publish`.',
        body: ZUpdatePublishedAppRequest,
        response: { 200: ZSuccess(ZAppDetail), ...ERRORS },
      },
    },
    async (request) => ok(await updatePublishedApp(platform, accessOf(request), request.body)),
  );

  r.delete(
    '/delete-application-permanently/:_id',
    {
      onRequest: can('apps:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete one of the company’s apps for good',
        description:
          'It leaves the marketplace; companies that installed it keep what they installed. Needs `apps:delete`.',
        params: ZIdParams,
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) => ok(await deleteApp(platform, accessOf(request), request.params._id)),
  );

  r.post(
    '/create-entities-templates',
    {
      onRequest: can('apps:install'),
      schema: {
        tags,
        security,
        summary: 'Install an app (or update the installed one to the version offered now)',
        description:
          'One transaction: templates, entities, relationships, template fields naming them, views, email templates, forms, workflows, dashboards, ' +
          'menu groups (OWNER/ADMIN sidebars) and, on a first install with `include_records`, the sample records; every id remapped. A name the ' +
          'company already uses gets " (2)". Updating keeps the company’s records and changes, adds the new components and the new fields of ' +
          'templates. The same or a lower version installed: 409 `APP_INSTALLED`. Any refusal undoes everything (422 keyed to the manifest). ' +
          'Needs `apps:install`.',
        body: ZInstallAppRequest,
        response: { 200: ZSuccess(ZInstallResult), ...ERRORS },
      },
    },
    async (request) => ok(await installApp(platform, accessOf(request), request.body)),
  );

  r.delete(
    '/uninstallApplication/:_id',
    {
      onRequest: can('apps:uninstall'),
      schema: {
        tags,
        security,
        summary: 'Uninstall an app',
        description:
          '`_id`: the installation’s or the app’s id. One transaction removes what the install created; with `keep_records=true` the entities, ' +
          'their templates, relationships and records stay (views, forms, workflows, dashboards, email templates and menu groups go). Needs `apps:uninstall`.',
        params: ZIdParams,
        querystring: ZUninstallAppQuery,
        response: { 200: ZSuccess(z.object({ _id: z.string(), kept_records: z.boolean() })), ...ERRORS },
      },
    },
    async (request) =>
      ok(await uninstallApp(platform, accessOf(request), request.params._id, request.query.keep_records)),
  );

  void api.register(async (scope) => {
    await enableMultipart(scope, { fileSize: APP_EXCEL_MAX_BYTES, files: 1, fields: 5, parts: 10 });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/apps/excel-sheets',
      {
        onRequest: can('apps:create'),
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          summary: 'Create an app from a workbook: each sheet as an entity to review (nothing is written)',
          description:
            '`multipart/form-data`, the workbook (XLSX or CSV, at most ' +
            `${APP_EXCEL_MAX_BYTES / 1024 / 1024} MB) in \`file\`. Each sheet with a header row and rows (at most ${APP_EXCEL_MAX_SHEETS}) ` +
            'answers its fields, inferred as `template/create-from-excel` infers them, and its first ' +
            `${APP_EXCEL_MAX_ROWS} rows as values by field key. The screen builds a manifest from the reviewed sheets and ` +
            'sends it to `POST /create-application`. Needs `apps:create`. No usable sheet: 422 on `file`.',
          consumes: ['multipart/form-data'],
          response: { 200: ZSuccess(z.array(ZExcelSheetPreview)), ...ERRORS },
        },
      },
      async (request) => {
        const upload = await readUpload(request, APP_EXCEL_MAX_BYTES, 'workbook');
        return ok(await excelSheets(upload.bytes, upload.fileName));
      },
    );
  });
}

function reply403(): never {
  throw new AppError('FORBIDDEN', { message: 'Publishing needs apps:publish' });
}
