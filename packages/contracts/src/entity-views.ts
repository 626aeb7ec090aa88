import { z } from 'zod';
import { MAX_PAGE, MAX_PAGE_LIMIT, ZPageQuery } from './envelope';
import { ZFieldRef, ZFilterGroup, ZSorts } from './nocode-filters';

/*
 * Entity views (spec 3 §7 "Entity views", DOMAIN-NOCODE): a saved, named way to look at the
 * records of one or several entities. For each entity the view keeps the columns (field
 * references, in order, with widths), a filter group, sorts and a layout: a TABLE, or a BOARD
 * with one lane per option of a SELECT or RADIO field.
 */

export const MAX_VIEW_ENTITIES = 10;
export const MAX_VIEW_COLUMNS = 100;
export const VIEW_LAYOUTS = ['TABLE', 'BOARD'] as const;
export type TViewLayout = (typeof VIEW_LAYOUTS)[number];

export const ZViewColumn = z.object({
  field: ZFieldRef,
  /** Pixels; absent: the grid's default. */
  width: z
    .number({ error: 'Give a width in pixels' })
    .int('Give a whole number')
    .min(40, 'At least 40 pixels')
    .max(2000, 'At most 2000 pixels')
    .nullable()
    .default(null),
});
export type TViewColumn = z.infer<typeof ZViewColumn>;

export const ZViewEntity = z.object({
  entity_id: z.uuid('Choose an entity'),
  /** In the order shown; empty: the grid's default columns. */
  columns: z.array(ZViewColumn).max(MAX_VIEW_COLUMNS, `At most ${MAX_VIEW_COLUMNS} columns`).default([]),
  filters: ZFilterGroup.default({ match: 'ALL', rules: [] }),
  sort: ZSorts.default([]),
  layout: z.enum(VIEW_LAYOUTS, { error: 'Use TABLE or BOARD' }).default('TABLE'),
  /** BOARD: the SELECT or RADIO field whose options are the lanes. */
  board_field: ZFieldRef.nullable().default(null),
});
export type TViewEntity = z.infer<typeof ZViewEntity>;
export type TViewEntityInput = z.input<typeof ZViewEntity>;

export const ZEntityViewConfig = z.object({
  entities: z
    .array(ZViewEntity)
    .min(1, 'Add at least one entity')
    .max(MAX_VIEW_ENTITIES, `At most ${MAX_VIEW_ENTITIES} entities`),
});
export type TEntityViewConfig = z.infer<typeof ZEntityViewConfig>;

export const ZEntityViewName = z
  .string({ error: 'Name the view' })
  .trim()
  .min(1, 'Name the view')
  .max(100, 'At most 100 characters');

const viewBody = {
  name: ZEntityViewName,
  description: z.string().trim().max(1000, 'At most 1000 characters'),
  config: ZEntityViewConfig,
};

export const ZCreateEntityViewRequest = z.object({
  name: viewBody.name,
  description: viewBody.description.default(''),
  config: viewBody.config,
});
export type TCreateEntityViewRequest = z.output<typeof ZCreateEntityViewRequest>;
export type TEntityViewDraft = z.input<typeof ZCreateEntityViewRequest>;

export const ZUpdateEntityViewRequest = z.object(viewBody).partial();
export type TUpdateEntityViewRequest = z.output<typeof ZUpdateEntityViewRequest>;

export const ZEntityView = z
  .object({
    _id: z.string(),
    company_id: z.string(),
    name: z.string(),
    description: z.string(),
    /** The first entity of the view. */
    entity_id: z.string(),
    config: ZEntityViewConfig,
    /** The view's entities that still exist, in order, with their names. */
    entities: z.array(z.object({ _id: z.string(), name: z.string() })),
    created_by: z.string().nullable(),
    updated_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'EntityView' });
export type TEntityView = z.infer<typeof ZEntityView>;

export const ZEntityViewListQuery = ZPageQuery.extend({
  /** Matches name or description (case-insensitive). */
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
  /** Views that include this entity. */
  entity_id: z.uuid('Use an entity id').optional(),
});
export type TEntityViewListQuery = z.output<typeof ZEntityViewListQuery>;

/** `POST /entities-data/entity/view/data`: a page of one of the view's entities. */
export const ZViewDataQuery = z.object({
  entity_view_id: z.uuid('Use an entity view id'),
  /** Which of the view's entities; default its first. */
  entity_id: z.uuid('Use an entity id').optional(),
  /** Extra rules ANDed with the view's own (the grid's filter bar). */
  filters: ZFilterGroup.optional(),
  /** Replaces the view's sorts when not empty. */
  sort: ZSorts.default([]),
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(20),
});
export type TViewDataQuery = z.output<typeof ZViewDataQuery>;
export type TViewDataQueryInput = z.input<typeof ZViewDataQuery>;
