import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCompanyDetails, ZCreateCompanyRequest, ZFoundRecord } from '@esigns/contracts/entity-actions';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { createCompanyRecord, DEFAULT_COMPANIES_ENTITY, getCompanyDetails } from './company-service';

const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody };

/** Companies (accounts): records of BUSINESS entities (spec 3 §7 "Entities"). */
export function registerCompanyEntityRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['entities'];
  const security = [{ bearer: [] }];

  r.post(
    '/entities/createCompany',
    {
      onRequest: requirePermission(platform, 'entity-data:create'),
      schema: {
        tags,
        security,
        summary: 'Find or add a company (a record of a BUSINESS entity)',
        description:
          'Companies the workspace deals with are records of a BUSINESS entity, named by its display field. ' +
          "`entity_id`: that entity (422 when it is not BUSINESS); default: the workspace's first BUSINESS entity, " +
          `or, when there is none, a new "${DEFAULT_COMPANIES_ENTITY}" entity made from the accounts' primary template ` +
          '(needs `entities:create`, else 422 keyed `entity_id`). A company with the same name (ignoring case) is ' +
          'answered as it is (`created: false`, nothing changes), so repeating the call never adds it twice; otherwise ' +
          'a record is added with `name` in the display field plus `values` (by template id, checked like any new ' +
          "record: 'Primary fields data required', 422 keyed `values...`; problems of the name keyed `name`).",
        body: ZCreateCompanyRequest,
        response: { 200: ZSuccess(ZFoundRecord), ...ERRORS },
      },
    },
    async (request) => {
      const found = await createCompanyRecord(db, accessOf(request), request.body);
      return ok(found, found.created ? 'Company added' : 'Company already there');
    },
  );

  r.get(
    '/entities/getCompany/:CompanyId',
    {
      onRequest: requirePermission(platform, 'entity-data:view'),
      schema: {
        tags,
        security,
        summary: 'A company record with its contacts',
        description:
          "`CompanyId`: the id of a record of one of the workspace's BUSINESS entities (another workspace's, " +
          'a record of another kind of entity, or an unknown id: 404). Answers the record (computed values ' +
          "filled), its entity, the titles of the records its ENTITY fields link to, and the address book's " +
          "contacts whose account name is the company's name (up to 100, by name; `contacts_total` counts all).",
        params: z.object({ CompanyId: z.uuid('Use a company record id') }),
        response: { 200: ZSuccess(ZCompanyDetails), ...ERRORS },
      },
    },
    async (request) => ok(await getCompanyDetails(db, accessOf(request), request.params.CompanyId)),
  );
}
