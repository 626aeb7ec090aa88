import type { ReactElement } from 'react';
import type { UserType } from '@esigns/contracts/auth';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TEntityView } from '@esigns/contracts/entity-views';
import { ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';
import { paged, withPermissions } from '../team/team-test-utils';
import type { TTemplateField } from './entity-views-api';

export const ENTITY_ID = '5e1b2c3d-0000-4000-8000-000000000001';
export const TEMPLATE_ID = '6e1b2c3d-0000-4000-8000-000000000001';
export const VIEW_ID = '7e1b2c3d-0000-4000-8000-000000000001';
export const ref = (key: string) => `${TEMPLATE_ID}#${key}`;

/** The fields of the Property entity as `GET /template-fields` answers them. */
export const PROPERTY_FIELDS: TTemplateField[] = [
  {
    ref: ref('title'),
    label: 'Title',
    type: 'SINGLE_LINE_TEXT',
    template_id: TEMPLATE_ID,
    template_name: 'Property',
    key: 'title',
  },
  {
    ref: ref('price'),
    label: 'Price',
    type: 'CURRENCY',
    template_id: TEMPLATE_ID,
    template_name: 'Property',
    key: 'price',
  },
  {
    ref: ref('status'),
    label: 'Status',
    type: 'SELECT',
    template_id: TEMPLATE_ID,
    template_name: 'Property',
    key: 'status',
    options: [{ value: 'Available' }, { value: 'Sold' }],
  },
  {
    ref: ref('listed'),
    label: 'Listed on',
    type: 'DATE',
    template_id: TEMPLATE_ID,
    template_name: 'Property',
    key: 'listed',
  },
];

export function makeEntity(overrides: Partial<TEntity> = {}): TEntity {
  return {
    _id: ENTITY_ID,
    company_id: 'c1',
    name: 'Property',
    slug: 'property',
    description: '',
    entity_type: 'GENERAL',
    icon: null,
    templates: [
      {
        template_id: TEMPLATE_ID,
        is_primary: true,
        hidden_on_add: false,
        name: 'Property',
        code: 'property',
        is_repeatable: false,
      },
    ],
    primary_template_id: TEMPLATE_ID,
    primary_fields: ['title'],
    display_field: 'title',
    duplicate_rules: [],
    records_count: 2,
    version: 1,
    created_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function makeView(overrides: Partial<TEntityView> = {}): TEntityView {
  return {
    _id: VIEW_ID,
    company_id: 'c1',
    name: 'Available homes',
    description: 'What we can still sell',
    entity_id: ENTITY_ID,
    config: {
      entities: [
        {
          entity_id: ENTITY_ID,
          columns: [
            { field: 'title', width: 240 },
            { field: ref('price'), width: null },
            { field: ref('status'), width: null },
          ],
          filters: {
            match: 'ALL',
            rules: [{ field: ref('status'), operator: 'EQUALS', value: 'Available' }],
          },
          sort: [{ field: ref('price'), direction: 'desc' }],
          layout: 'TABLE',
          board_field: null,
        },
      ],
    },
    entities: [{ _id: ENTITY_ID, name: 'Property' }],
    created_by: null,
    updated_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export function makeRecord(id: string, values: Record<string, unknown>): TEntityRecord {
  return {
    _id: id,
    entity_id: ENTITY_ID,
    title: String(values.title ?? ''),
    values: { [TEMPLATE_ID]: values },
    created_by: null,
    updated_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
  };
}

export const RECORDS = [
  makeRecord('r1', { title: 'Garden house', price: 4000000, status: 'Available' }),
  makeRecord('r2', { title: 'City loft', price: 6500000, status: 'Sold' }),
];

/** Answers permissions, fields, entities, views and view data; other calls go to `next` first. */
export function viewsServer(
  userType: UserType,
  views: TEntityView[],
  next: FakeHandler = () => undefined,
): FakeHandler {
  return withPermissions(userType, async (call) => {
    const answer = await next(call);
    if (answer) return answer;
    if (call.path === '/api/template-fields') return ok(PROPERTY_FIELDS);
    if (call.path === '/api/entities') return ok(paged([makeEntity()]));
    if (call.path === '/api/entity-view-configuration' && call.method === 'GET') return ok(paged(views));
    if (
      call.path === '/api/entities-data/entity/view/data' ||
      call.path === '/api/entities-data/entity/data'
    ) {
      return ok({ data: RECORDS, total: RECORDS.length, total_capped: false, page: 1, total_pages: 1 });
    }
    const one = views.find((v) => call.path === `/api/entity-view-configuration/${v._id}`);
    return one && call.method === 'GET' ? ok(one) : undefined;
  });
}

/** Renders `screen` on `pattern` at `path`, with the places the screens navigate to. */
export function renderAt(screen: ReactElement, pattern: string, path: string) {
  return renderScreenAt(screen, pattern, path, [
    standIn('/entity-views/view/:id', 'view-screen'),
    standIn('/entity-views', 'list-screen'),
    standIn('*', 'elsewhere'),
  ]);
}
