import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_TYPES } from '@esigns/contracts/auth';
import {
  DASHBOARD_MAX_PER_COMPANY,
  DASHBOARD_MAX_WIDGETS,
  ZCallerCompany,
  ZDashboard,
  ZDashboardCreate,
  ZDashboardListQuery,
  ZDashboardSummary,
  ZDashboardUpdate,
  ZInvoiceInfo,
} from '@esigns/contracts/custom-dashboards';
import { ZErrorBody, ZPaged, ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { contactOf, requireContact } from '../application-users';
import { accessOf, requirePermission } from '../permissions';
import { callerCompany, invoiceInfo } from './lookups';
import {
  createDashboard,
  dashboardsOfContactType,
  dashboardsOfUserType,
  deleteDashboard,
  getContactDashboard,
  getDashboard,
  listDashboards,
  updateDashboard,
} from './service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };
const Dashboard = ZDashboard.meta({ id: 'CustomDashboard' });
const Summary = ZDashboardSummary.meta({ id: 'CustomDashboardSummary' });
const id = z.string().max(64);

const WHO_SEES =
  'OWNER and ADMIN, and whoever holds `custom-dashboards:update`, see every dashboard of the company (to build ' +
  'and assign them); other staff with `custom-dashboards:view` those assigned to their user type. Any other ' +
  "dashboard, and another company's, answers 404.";

const WIDGETS_DOC =
  `At most ${DASHBOARD_MAX_WIDGETS} widgets (ids unique, letters/digits/-/_), each on a 12-column grid ` +
  '(`layout` x + w <= 12, h <= 24 rows). STAT, CHART and CALENDAR read an `entity_id` of the company, optionally a ' +
  "SHARED saved filter of that entity (`filter_id`) and conditions (`filters`, checked like the grid's); STAT and " +
  'CHART SUM/AVG/MIN/MAX need a number, currency or percentage `value_field`; CHART `group_by` cannot be a file, ' +
  'image, signature or data table field, and `date_bucket` needs a date field; CALENDAR `date_field` is a date or ' +
  'date-time field (or created_at, updated_at); TABLE names an entity view of the company; TEXT html is sanitised ' +
  'as email templates are (text formatting, links, images, tables kept; scripts, handlers, frames dropped). Every problem answers 422 keyed `widgets.<i>.<field>`; an ' +
  'entity, view or filter of another company is one of them. `contact_type_ids` must be contact types of the ' +
  'company (422 `contact_type_ids.<i>`).';

/** Custom dashboards (spec 3 §7 "Dashboards") and the two lookups served beside them. */
export function registerCustomDashboardRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['custom-dashboards'];
  const security = [{ bearer: [] }];
  const canView = requirePermission(platform, 'custom-dashboards:view');

  r.get(
    '/custom-dashboard',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'The dashboards the caller sees, by name, paged',
        description: `${WHO_SEES} \`search\` matches names; \`contact_type_id\` and \`user_type\` keep those assigned to one.`,
        querystring: ZDashboardListQuery,
        response: { 200: ZSuccess(ZPaged(Summary)), ...ERRORS },
      },
    },
    async (request) => ok(await listDashboards(db, accessOf(request), request.query)),
  );

  r.post(
    '/custom-dashboard/create',
    {
      onRequest: requirePermission(platform, 'custom-dashboards:create'),
      schema: {
        tags,
        security,
        summary: 'Create a dashboard',
        description: `${WIDGETS_DOC} A company has at most ${DASHBOARD_MAX_PER_COMPANY} dashboards (409 beyond).`,
        body: ZDashboardCreate,
        response: { 200: ZSuccess(Dashboard), ...ERRORS },
      },
    },
    async (request) => ok(await createDashboard(db, accessOf(request), request.body), 'Dashboard created'),
  );

  r.get(
    '/custom-dashboard/user-type/:type',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'The dashboards assigned to a user type (the sidebar)',
        description:
          "`type`: OWNER, ADMIN, MANAGER or MEMBER (any case; another value: 404). The caller's own type, or any " +
          'type for those who see every dashboard (403 otherwise). By name, at most ' +
          `${DASHBOARD_MAX_PER_COMPANY}; without widgets.`,
        params: z.object({ type: z.string().max(64) }),
        response: { 200: ZSuccess(z.array(Summary)), ...ERRORS },
      },
    },
    async (request) => {
      const type = USER_TYPES.find((t) => t === request.params.type.trim().toUpperCase());
      if (!type) throw notFound('User type');
      return ok(await dashboardsOfUserType(db, accessOf(request), type));
    },
  );

  r.get(
    '/custom-dashboard/:id',
    {
      onRequest: canView,
      schema: {
        tags,
        security,
        summary: 'One dashboard with its widgets',
        description: `${WHO_SEES} \`missing_sources\`: widgets whose entity, view or saved filter was deleted since.`,
        params: z.object({ id }),
        response: { 200: ZSuccess(Dashboard), ...ERRORS },
      },
    },
    async (request) => ok(await getDashboard(db, accessOf(request), request.params.id)),
  );

  r.post(
    '/custom-dashboard/:id',
    {
      onRequest: requirePermission(platform, 'custom-dashboards:update'),
      schema: {
        tags,
        security,
        summary: 'Change a dashboard (name, assignment, widgets)',
        description:
          `Only the fields sent change (\`widgets\` replaces the whole list). ${WIDGETS_DOC} \`expected_updated_at\`: ` +
          'the `updated_at` the editor loaded; a newer version saved meanwhile answers 409 (nothing changes).',
        params: z.object({ id }),
        body: ZDashboardUpdate,
        response: { 200: ZSuccess(Dashboard), ...ERRORS },
      },
    },
    async (request) =>
      ok(await updateDashboard(db, accessOf(request), request.params.id, request.body), 'Dashboard saved'),
  );

  r.delete(
    '/custom-dashboard/:id',
    {
      onRequest: requirePermission(platform, 'custom-dashboards:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a dashboard',
        description: "Menu items pointing at it are dropped when menus are read. Another company's id: 404.",
        params: z.object({ id }),
        response: { 200: ZSuccess(z.object({ _id: z.string() })), ...ERRORS },
      },
    },
    async (request) =>
      ok(await deleteDashboard(db, accessOf(request), request.params.id), 'Dashboard deleted'),
  );

  r.get(
    '/ap/custom-dashboard/entity-type/:type',
    {
      onRequest: requireContact(platform),
      schema: {
        tags,
        security,
        summary: "A signed-in contact: the dashboards of their contact type (the /ap menu's dashboards)",
        description:
          "`type`: the contact's own contact type id; any other id (or a contact without a type): 404. By name, " +
          'without widgets; `user_types` and `contact_type_ids` are answered empty.',
        params: z.object({ type: id }),
        response: { 200: ZSuccess(z.array(Summary)), ...ERRORS },
      },
    },
    async (request) => ok(await dashboardsOfContactType(db, contactOf(request), request.params.type)),
  );

  r.get(
    '/ap/custom-dashboard/:id',
    {
      onRequest: requireContact(platform),
      schema: {
        tags,
        security,
        summary: 'A signed-in contact: one dashboard assigned to their contact type',
        description:
          'Any other dashboard: 404. Its widgets read records through the same calls as staff, within the ' +
          "contact type's rule and scope (`/entities-data/count`, `/entities-data/charts`, `/entities-data/entity/data`).",
        params: z.object({ id }),
        response: { 200: ZSuccess(Dashboard), ...ERRORS },
      },
    },
    async (request) => ok(await getContactDashboard(db, contactOf(request), request.params.id)),
  );

  r.get(
    '/entities/getCompany/CompanyId',
    {
      onRequest: requirePermission(platform),
      schema: {
        tags: ['entities'],
        security,
        summary: "The caller's own company as the entities screens show it",
        description:
          'The path is literal (`CompanyId`): `GET /entities/getCompany/{CompanyId}` with a record id answers a company ' +
          "record instead. Name, slug, logo (a short-lived URL), the company's date style (its owner's application " +
          'settings: zone and format), the currency amounts default to, the brand colour. Any member.',
        response: { 200: ZSuccess(ZCallerCompany), ...ERRORS },
      },
    },
    async (request) => ok(await callerCompany(platform, accessOf(request))),
  );

  r.get(
    '/get-form-template-invoice-info',
    {
      onRequest: requirePermission(platform, 'entity-data:view'),
      schema: {
        tags: ['form-templates'],
        security,
        summary: "A form template's invoice fields and the company's invoice header",
        description:
          'The number, currency, percentage and numeric formula fields and the data tables (line items, with their ' +
          "columns) of a template the company may read (its own or a standard one; another company's: 404), in the " +
          "template's order, with the company's name and logo. Needs `entity-data:view`.",
        querystring: z.object({ template_id: z.string().max(64) }),
        response: { 200: ZSuccess(ZInvoiceInfo), ...ERRORS },
      },
    },
    async (request) => ok(await invoiceInfo(platform, accessOf(request), request.query.template_id)),
  );
}
