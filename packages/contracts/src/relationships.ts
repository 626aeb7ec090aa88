import { z } from 'zod';
import { ZEntityRecord } from './entities';
import { ZPageQuery } from './envelope';
import { ZFilterGroup, ZSorts, type ZSort, type TSort } from './nocode-filters';

/*
 * Relationships between entities and the links between their records (spec 3 §7
 * "Relationships", DOMAIN-NOCODE). A relationship goes from a parent entity to a child entity:
 *
 * - ONE_TO_ONE: a parent record links at most one child record, and a child record one parent;
 * - ONE_TO_MANY: a parent record links many child records, a child record at most one parent;
 * - MANY_TO_MANY: no limit either way.
 *
 * Two entities are related at most once (whichever way round), and never to themselves.
 * `parent_label` is the tab label on the parent's record pages (it names the children: "Leads"),
 * `child_label` the one on the child's pages ("Property").
 *
 * The relationships-data calls work from the record whose page is open: `{id}` is its entity,
 * `parent_entity_data_id` the record, `child_entity_id` the entity on the other side of the
 * relationship, whichever way the relationship points.
 */

export const RELATIONSHIP_TYPES = ['ONE_TO_ONE', 'ONE_TO_MANY', 'MANY_TO_MANY'] as const;
export type TRelationshipType = (typeof RELATIONSHIP_TYPES)[number];

export const RELATIONSHIP_TYPE_LABELS: Record<TRelationshipType, string> = {
  ONE_TO_ONE: 'One to one',
  ONE_TO_MANY: 'One to many',
  MANY_TO_MANY: 'Many to many',
};

/** Relationships created in one call, records linked or unlinked in one call. */
export const MAX_RELATIONSHIPS_PER_CALL = 50;
export const MAX_LINKS_PER_CALL = 200;
export const MAX_LABEL_LENGTH = 60;

export const ZRelationshipType = z.enum(RELATIONSHIP_TYPES, {
  error: `Use one of ${RELATIONSHIP_TYPES.join(', ')}`,
});

const ZLabel = z
  .string({ error: 'Give a label' })
  .trim()
  .min(1, 'Give a label')
  .max(MAX_LABEL_LENGTH, `At most ${MAX_LABEL_LENGTH} characters`);

const newRelationship = {
  child_entity_id: z.uuid('Choose the related entity'),
  relationship_type: ZRelationshipType,
  /** Tab label on the parent's record pages; default: the child entity's name. */
  parent_label: ZLabel.optional(),
  /** Tab label on the child's record pages; default: the parent entity's name. */
  child_label: ZLabel.optional(),
};

/** `POST /entities/{entity_id}/relationships`: `{entity_id}` is the parent. */
export const ZCreateRelationshipRequest = z.object(newRelationship);
export type TCreateRelationshipRequest = z.output<typeof ZCreateRelationshipRequest>;

const relationshipList = <T extends z.ZodType>(item: T) =>
  z
    .array(item, { error: 'Send a list of relationships' })
    .min(1, 'Send at least one relationship')
    .max(MAX_RELATIONSHIPS_PER_CALL, `At most ${MAX_RELATIONSHIPS_PER_CALL} relationships at once`);

/** `POST /entities/{id}/addRelationships`: several children of one parent. */
export const ZAddRelationshipsRequest = z.object({
  relationships: relationshipList(ZCreateRelationshipRequest),
});

export const ZNewRelationshipWithParent = z.object({
  parent_entity_id: z.uuid('Choose the parent entity'),
  ...newRelationship,
});
export type TNewRelationshipWithParent = z.output<typeof ZNewRelationshipWithParent>;

/** `POST /entities/relationships`: several relationships between any of the company's entities. */
export const ZCreateRelationshipsRequest = z.object({
  relationships: relationshipList(ZNewRelationshipWithParent),
});

export const ZRelationship = z
  .object({
    _id: z.string(),
    company_id: z.string(),
    parent_entity_id: z.string(),
    child_entity_id: z.string(),
    relationship_type: ZRelationshipType,
    parent_label: z.string(),
    child_label: z.string(),
    created_by: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({ id: 'Relationship' });
export type TRelationship = z.infer<typeof ZRelationship>;

/** What one side of a relationship sees of it. */
export const ZRelationshipSide = z.object({
  /** The relationship's id. */
  _id: z.string(),
  relationship_type: ZRelationshipType,
  /** The other entity's role: CHILD when this entity is the parent, PARENT otherwise. */
  role: z.enum(['PARENT', 'CHILD']),
  /** The other entity. */
  entity_id: z.string(),
  entity_name: z.string(),
  /** The tab label on this entity's record pages. */
  label: z.string(),
  /** Whether one record of this entity may link several records of the other. */
  allows_many: z.boolean(),
});
export type TRelationshipSide = z.infer<typeof ZRelationshipSide>;

/** `GET /entities/{entity_id}/relationships`: both ways, with names and the number of record links. */
export const ZEntityRelationship = ZRelationship.extend({
  ...ZRelationshipSide.shape,
  links_count: z.number().int(),
}).meta({ id: 'EntityRelationship' });
export type TEntityRelationship = z.infer<typeof ZEntityRelationship>;

/** `GET /entities/{entity_id}/nested-relationships`: a child relationship and the child's own children. */
export const ZNestedRelationship = ZEntityRelationship.extend({
  nested_child_entity_ids: z.array(z.string()),
  /** With `fetchAll=true` only. */
  nested: z.array(ZEntityRelationship).optional(),
});
export type TNestedRelationship = z.infer<typeof ZNestedRelationship>;

export const ZRelationshipExistsRequest = z.object({
  parent_entity_id: z.uuid('Choose the parent entity'),
  child_entity_id: z.uuid('Choose the child entity'),
});

export const ZRelationshipExists = z.object({
  exists: z.boolean(),
  /** The relationship between the two, whichever way it points. */
  relationship: ZRelationship.nullable(),
});

// ---------------------------------------------------------------------------------------------
// Record links

/** Which relationship a records call is about: its id, or the entity on the other side. */
const target = {
  entity_relationship_id: z.uuid('Use a relationship id').optional(),
  child_entity_id: z.uuid('Use an entity id').optional(),
  parent_entity_data_id: z.uuid('Use a record id'),
};

function requireTarget(
  value: { entity_relationship_id?: string | undefined; child_entity_id?: string | undefined },
  ctx: z.RefinementCtx,
) {
  if (!value.entity_relationship_id && !value.child_entity_id) {
    ctx.addIssue({
      code: 'custom',
      message: 'Give the relationship or the related entity',
      path: ['child_entity_id'],
    });
  }
}

export const ZLinkIds = z
  .array(z.uuid('Use a record id'), { error: 'Send a list of record ids' })
  .min(1, 'Choose at least one record')
  .max(MAX_LINKS_PER_CALL, `At most ${MAX_LINKS_PER_CALL} records at once`);

/** `POST .../relationships-data/assign` and `.../detach`. */
export const ZLinkRecordsRequest = z
  .object({ ...target, entity_data_ids: ZLinkIds })
  .superRefine(requireTarget);
export type TLinkRecordsRequest = z.output<typeof ZLinkRecordsRequest>;

/** `POST .../relationships-data/assign-fields-data`: a new related record, by template id then field key. */
export const ZAssignFieldsDataRequest = z
  .object({
    ...target,
    values: z.record(z.string(), z.unknown(), { error: "Give the new record's values by template id" }),
  })
  .superRefine(requireTarget);
export type TAssignFieldsDataRequest = z.output<typeof ZAssignFieldsDataRequest>;

export const ZAssignResult = z.object({
  relationship_id: z.string(),
  /** New links made. */
  linked: z.number().int(),
  /** Records that were linked already (assigning is idempotent). */
  already_linked: z.number().int(),
});
export const ZDetachResult = z.object({ relationship_id: z.string(), detached: z.number().int() });

export const ZRelatedRecord = ZEntityRecord.extend({
  /** When the link was made. */
  linked_at: z.string(),
}).meta({ id: 'RelatedRecord' });
export type TRelatedRecord = z.infer<typeof ZRelatedRecord>;

/** `GET .../relationships-data/{dataId}`: each relationship of the record, its count and first page. */
export const ZRecordRelationship = z.object({
  relationship: ZRelationshipSide,
  total: z.number().int(),
  data: z.array(ZRelatedRecord),
});
export type TRecordRelationship = z.infer<typeof ZRecordRelationship>;

/** `sort=-created_at,<template_id>#price`: comma-separated field references, `-` for descending. */
export function parseSortParam(text: string): z.input<typeof ZSort>[] {
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) =>
      part.startsWith('-')
        ? { field: part.slice(1), direction: 'desc' as const }
        : { field: part, direction: 'asc' as const },
    );
}

export const formatSortParam = (sorts: readonly TSort[]): string =>
  sorts.map((s) => `${s.direction === 'desc' ? '-' : ''}${s.field}`).join(',');

const ZFiltersParam = z
  .string()
  .max(20_000, 'Too long')
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Send the filters as JSON' });
      return z.NEVER;
    }
  })
  .pipe(ZFilterGroup);

/** Query of the related-records pages: paging, search on titles, filters (JSON) and sorts like the grid. */
export const ZRelatedRecordsQuery = ZPageQuery.extend({
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
  filters: ZFiltersParam.optional(),
  sort: z.string().max(2000).transform(parseSortParam).pipe(ZSorts).optional(),
});
export type TRelatedRecordsQuery = z.output<typeof ZRelatedRecordsQuery>;

export const ZRelatedRecordsPage = z.object({
  relationship: ZRelationshipSide,
  data: z.array(ZRelatedRecord),
  total: z.number().int(),
  total_capped: z.boolean(),
  page: z.number().int(),
  total_pages: z.number().int(),
});
export type TRelatedRecordsPage = z.infer<typeof ZRelatedRecordsPage>;

/** A grandchild record, with the child records it is reached through. */
export const ZNestedRelatedRecord = ZEntityRecord.extend({
  via: z.array(z.object({ _id: z.string(), title: z.string() })),
}).meta({ id: 'NestedRelatedRecord' });
export type TNestedRelatedRecord = z.infer<typeof ZNestedRelatedRecord>;

export const ZNestedRecordsPage = z.object({
  relationship: ZRelationshipSide,
  nested_relationship: ZRelationshipSide,
  data: z.array(ZNestedRelatedRecord),
  total: z.number().int(),
  total_capped: z.boolean(),
  page: z.number().int(),
  total_pages: z.number().int(),
});
export type TNestedRecordsPage = z.infer<typeof ZNestedRecordsPage>;
