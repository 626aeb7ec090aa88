import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZEntityRecord } from '@esigns/contracts/entities';
import { ZSuccess } from '@esigns/contracts/envelope';
import {
  ZAssignFieldsDataRequest,
  ZAssignResult,
  ZDetachResult,
  ZLinkRecordsRequest,
  ZNestedRecordsPage,
  ZRecordRelationship,
  ZRelatedRecordsPage,
  ZRelatedRecordsQuery,
} from '@esigns/contracts/relationships';
import { ok } from '../../platform/http/envelope';
import { toRecord } from '../entity-data';
import type { Platform } from '../../platform/platform';
import { accessOf } from '../permissions';
import { fillAggregates } from './aggregates';
import { assignNewRecord, assignRecords, detachRecords, resolveLink } from './links';
import { nestedRelatedRecords, recordRelationships, relatedRecords } from './related-records';
import { RELATIONSHIP_ERRORS, requireAll } from './route-common';

const FROM_DOC =
  '`{id}` is the entity of the record whose page is open, `parent_entity_data_id` that record; the relationship ' +
  'is named by `entity_relationship_id` or by the entity on its other side (`child_entity_id`), whichever way the ' +
  "relationship points. Unknown or another company's entity, relationship or record: 404; entities that are not " +
  'related: 422 on `child_entity_id`.';

const CARDINALITY_DOC =
  "A link the relationship's type does not allow answers 409 (`error_code` CARDINALITY_VIOLATION) with a message " +
  'naming the records, also when another user linked at the same moment (the database holds the rule).';

const QUERY_DOC =
  '`search` matches titles; `filters` is the grid\'s filter group as JSON (`{"match":"ALL","rules":[{"field":' +
  '"<template_id>#price","operator":"GREATER_THAN","value":100}]}`); `sort` is comma-separated field references, ' +
  '`-` first for descending (`-<template_id>#price,title`; encode `#` as `%23`). Default: newest records first. ' +
  'Problems answer 422 keyed `filters.rules.N...` (unknown fields) or `querystring.filters`, `querystring.sort.N.field` ' +
  '(malformed values).';

/** Links between records (spec 3 §7 "relationships-data"). */
export function registerRelationshipDataRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['relationships'];
  const security = [{ bearer: [] }];
  const canLink = requireAll(platform, ['relationships:assign-data']);
  const canRead = requireAll(platform, ['relationships:view', 'entity-data:view']);
  const READ_RULE = 'Needs `relationships:view` and `entity-data:view`.';
  const ZIdParam = z.object({ id: z.string().max(64) });

  r.post(
    '/entities/:id/relationships-data/assign',
    {
      onRequest: canLink,
      schema: {
        tags,
        security,
        summary: 'Link existing records to a record',
        description:
          `${FROM_DOC} \`entity_data_ids\` are records of the other entity; one that is not (unknown, another ` +
          "entity's or company's) answers 422 keyed `entity_data_ids.N`. Records already linked are counted in " +
          `\`already_linked\` (assigning twice changes nothing). ${CARDINALITY_DOC} Needs \`relationships:assign-data\`.`,
        params: ZIdParam,
        body: ZLinkRecordsRequest,
        response: { 200: ZSuccess(ZAssignResult), ...RELATIONSHIP_ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const link = await resolveLink(db, access.companyId, request.params.id, request.body);
      const { parent_entity_data_id, entity_data_ids } = request.body;
      return ok(
        await assignRecords(db, access, link, parent_entity_data_id, entity_data_ids),
        'Records linked',
      );
    },
  );

  r.post(
    '/entities/:id/relationships-data/assign-fields-data',
    {
      onRequest: requireAll(platform, ['relationships:assign-data', 'entity-data:create']),
      schema: {
        tags,
        security,
        summary: 'Create a related record and link it, in one transaction',
        description:
          `${FROM_DOC} \`values\` are the new record's values by template id then field key, checked like ` +
          "`POST /entities-data` (422 keyed `values.<template_id>.<key>`, 'Primary fields data required'). " +
          `Nothing is created when the link is refused. ${CARDINALITY_DOC} Needs \`relationships:assign-data\` and ` +
          '`entity-data:create`.',
        params: ZIdParam,
        body: ZAssignFieldsDataRequest,
        response: {
          200: ZSuccess(z.object({ relationship_id: z.string(), record: ZEntityRecord })),
          ...RELATIONSHIP_ERRORS,
        },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const link = await resolveLink(db, access.companyId, request.params.id, request.body);
      const row = await assignNewRecord(
        db,
        access,
        link,
        request.body.parent_entity_data_id,
        request.body.values,
      );
      const [filled] = await fillAggregates(db, link.other, [row]);
      return ok({ relationship_id: link.side.rel.id, record: toRecord(filled!) }, 'Record added and linked');
    },
  );

  r.post(
    '/entities/:id/relationships-data/detach',
    {
      onRequest: canLink,
      schema: {
        tags,
        security,
        summary: 'Unlink records from a record',
        description:
          `${FROM_DOC} Records not linked are ignored; \`detached\` says how many links went. The records ` +
          'themselves stay. Needs `relationships:assign-data`.',
        params: ZIdParam,
        body: ZLinkRecordsRequest,
        response: { 200: ZSuccess(ZDetachResult), ...RELATIONSHIP_ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const link = await resolveLink(db, access.companyId, request.params.id, request.body);
      const { parent_entity_data_id, entity_data_ids } = request.body;
      return ok(await detachRecords(db, link, parent_entity_data_id, entity_data_ids), 'Records unlinked');
    },
  );

  r.get(
    '/entities/:id/relationships-data/:dataId',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: "A record's related records: every relationship with its count and first page",
        description:
          'One entry per relationship of `{id}` (both ways, oldest relationship first): the relationship as seen ' +
          'from this entity, `total` related records and the first `limit` (default 5) of them, newest first, ' +
          `with AGGREGATE fields filled. ${READ_RULE}`,
        params: z.object({ id: z.string().max(64), dataId: z.string().max(64) }),
        querystring: ZRelatedRecordsQuery.pick({ limit: true }),
        response: { 200: ZSuccess(z.array(ZRecordRelationship)), ...RELATIONSHIP_ERRORS },
      },
    },
    async (request) =>
      ok(
        await recordRelationships(
          db,
          accessOf(request).companyId,
          request.params.id,
          request.params.dataId,
          Math.min(request.query.limit, 100),
        ),
      ),
  );

  r.get(
    '/entities/:id/relationships-data/:dataId/:child',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: "A record's related records of one entity, paged",
        description: `The records of \`{child}\` linked to the record, with \`linked_at\`. ${QUERY_DOC} Entities that are not related: 404. ${READ_RULE}`,
        params: z.object({ id: z.string().max(64), dataId: z.string().max(64), child: z.string().max(64) }),
        querystring: ZRelatedRecordsQuery,
        response: { 200: ZSuccess(ZRelatedRecordsPage), ...RELATIONSHIP_ERRORS },
      },
    },
    async (request) => {
      const { id, dataId, child } = request.params;
      return ok(await relatedRecords(db, accessOf(request), id, dataId, child, request.query));
    },
  );

  r.get(
    '/entities/:id/relationships-data/:dataId/:child/:nestedChild',
    {
      onRequest: canRead,
      schema: {
        tags,
        security,
        summary: 'Records two relationships away (through the related records of one entity), paged',
        description:
          'The records of `{nestedChild}` related to any record of `{child}` that is related to the record, each ' +
          `once, with \`via\`: the \`{child}\` records it is reached through. ${QUERY_DOC} Entities that are not ` +
          `related: 404. ${READ_RULE}`,
        params: z.object({
          id: z.string().max(64),
          dataId: z.string().max(64),
          child: z.string().max(64),
          nestedChild: z.string().max(64),
        }),
        querystring: ZRelatedRecordsQuery,
        response: { 200: ZSuccess(ZNestedRecordsPage), ...RELATIONSHIP_ERRORS },
      },
    },
    async (request) => {
      const { id, dataId, child, nestedChild } = request.params;
      return ok(
        await nestedRelatedRecords(db, accessOf(request), id, dataId, child, nestedChild, request.query),
      );
    },
  );
}
