import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import {
  SUBMISSION_FILTER_OPERATORS,
  SUBMISSION_SYSTEM_COLUMNS,
  ZFormExportQuery,
  ZFormExportRequest,
  ZTemplateDataPage,
  ZTemplateDataQuery,
  ZTemplateDataRequest,
} from '@esigns/contracts/form-sends';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { exportSubmissions, exportZone } from './export-csv';
import { SEND_ERRORS, SEND_TAGS, security } from './send-schemas';
import { templateDataPage } from './template-data-service';

const tags = SEND_TAGS;
const ERRORS = SEND_ERRORS;

const ROWS_NOTE =
  "Rows: the submissions of the company's form (404 for another company's), each with its status, filler, " +
  'times and the values of one TEMPLATE or ENTITY step (`step_id`; default the first such step; 422 `step_id` ' +
  "for another step), newest first. `columns` are that step's fields. `search` matches the filler's name or " +
  'email. Needs `form-builders:view-submissions`.';

const FILTER_NOTE =
  `\`filters\` (\`match\` ALL or ANY) name a field key of the step or a column (${SUBMISSION_SYSTEM_COLUMNS.join(', ')}) ` +
  `with an operator (${SUBMISSION_FILTER_OPERATORS.join(', ')}); times compare as greater or less with an ISO date. ` +
  '`sort`: up to 5 `{ field, direction }`. 422 `filters.{i}.field|operator|value`, `sort.{i}.field`.';

/** Submission data out: the data list's rows (`template-data`), sorted, and the CSV export. */
export function registerTemplateDataRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const view = requirePermission(platform, 'form-builders:view-submissions');
  const page = { 200: ZSuccess(ZTemplateDataPage), ...ERRORS };

  r.get(
    '/template-data',
    {
      onRequest: view,
      schema: {
        tags,
        summary: "One step's values of a form's submissions",
        description: ROWS_NOTE,
        security,
        querystring: ZTemplateDataQuery,
        response: page,
      },
    },
    async (request) => ok(await templateDataPage(platform, accessOf(request), request.query)),
  );

  r.post(
    '/template-data',
    {
      onRequest: view,
      schema: {
        tags,
        summary: "One step's values of a form's submissions, filtered",
        description: `${ROWS_NOTE} ${FILTER_NOTE}`,
        security,
        body: ZTemplateDataRequest,
        response: page,
      },
    },
    async (request) => ok(await templateDataPage(platform, accessOf(request), request.body)),
  );

  r.post(
    '/sort-template-data',
    {
      onRequest: view,
      schema: {
        tags,
        summary: "One step's values of a form's submissions, sorted",
        description: `The same as \`POST /template-data\`, for the grid's column sorts. ${ROWS_NOTE} ${FILTER_NOTE}`,
        security,
        body: ZTemplateDataRequest,
        response: page,
      },
    },
    async (request) => ok(await templateDataPage(platform, accessOf(request), request.body)),
  );

  r.post(
    '/export',
    {
      onRequest: requirePermission(platform, 'form-builders:export'),
      schema: {
        tags,
        summary: "A form's submissions as CSV",
        description:
          'A UTF-8 CSV attachment named after the form (and the step, with `step_id`), streamed: submission id, ' +
          'status, name, email, created and submitted times in `tz` (an IANA zone or `usertimezone` minutes; ' +
          'default the `usertimezone` header, else UTC; named in the headers), then every field of every TEMPLATE ' +
          'or ENTITY step (or of `step_id`), values as the grid prints them. Cells a spreadsheet would run as a ' +
          "formula start with `'`. 404 for a form of another company; 422 `tz`, `step_id`. Needs " +
          '`form-builders:export`.',
        security,
        querystring: ZFormExportQuery,
        body: ZFormExportRequest,
        produces: ['text/csv'],
        response: ERRORS,
      },
    },
    async (request, reply) => {
      const zone = exportZone(request.query.tz, request.headers.usertimezone);
      const { fileName, body } = await exportSubmissions(platform, accessOf(request), request.body, zone);
      const ascii = fileName.replace(/[^\w .-]+/g, '_').trim() || 'submissions.csv';
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header(
            'content-disposition',
            `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
          )
          // A stream is sent as it is: the response schemas describe the error answers only.
          .send(body as never)
      );
    },
  );
}
