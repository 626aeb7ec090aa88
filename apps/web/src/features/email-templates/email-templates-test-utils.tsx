import type { ReactElement } from 'react';
import type { UserType } from '@esigns/contracts/auth';
import type { TEmailTemplate, TMergeField } from '@esigns/contracts/email';
import { ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';
import { paged, withPermissions } from '../team/team-test-utils';

export const ENTITY_ID = '5e1b2c3d-0000-4000-8000-000000000001';
export const TEMPLATE_ID = '6e1b2c3d-0000-4000-8000-000000000001';
export const FRAME_ID = '6e1b2c3d-0000-4000-8000-000000000002';
export const RECORD_ID = '7e1b2c3d-0000-4000-8000-000000000001';

export function makeTemplate(overrides: Partial<TEmailTemplate> = {}): TEmailTemplate {
  return {
    _id: TEMPLATE_ID,
    type: 'ENTITY',
    name: 'Welcome tenant',
    entity_id: ENTITY_ID,
    entity_name: 'Tenants',
    subject: 'Welcome {{tenant.first_name}}',
    body_html: '<p>Hello {{tenant.first_name}}</p>',
    header_footer_id: null,
    header_html: '',
    footer_html: '',
    is_default: false,
    merge_fields: ['tenant.first_name'],
    created_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

export const frameTemplate = makeTemplate({
  _id: FRAME_ID,
  type: 'HEADER_FOOTER',
  name: 'Brand',
  entity_id: null,
  entity_name: null,
  subject: '',
  body_html: '',
  header_html: '<p>Acme header</p>',
  footer_html: '<p>Acme footer</p>',
  is_default: true,
  merge_fields: [],
});

export const MERGE_FIELDS: TMergeField[] = [
  { name: 'tenant.first_name', label: 'First name', group: 'Tenant' },
  { name: 'tenant.email', label: 'Email', group: 'Tenant' },
  { name: 'company.name', label: 'Company name', group: 'Company' },
];

const entity = { _id: ENTITY_ID, name: 'Tenants' };

/** Answers permissions, the template list and reads, entities, merge fields and records; other calls go to `next`. */
export function templatesServer(
  userType: UserType,
  rows: TEmailTemplate[],
  next: FakeHandler = () => undefined,
): FakeHandler {
  return withPermissions(userType, async (call) => {
    const answer = await next(call);
    if (answer) return answer;
    if (call.method !== 'GET') return undefined;
    if (call.path === '/api/email-template/list') {
      const type = new URLSearchParams(call.url.split('?')[1]).get('type');
      return ok(paged(rows.filter((row) => !type || row.type === type)));
    }
    if (call.path === '/api/entities') return ok(paged([entity]));
    if (call.path === `/api/entity-email-template/merge-fields/${ENTITY_ID}`) return ok(MERGE_FIELDS);
    if (call.path === `/api/entity-email-template/getAll/${ENTITY_ID}`) {
      return ok(rows.filter((row) => row.type === 'ENTITY'));
    }
    if (call.path === `/api/entities/${ENTITY_ID}/list`)
      return ok(paged([{ _id: RECORD_ID, title: 'Jane Doe' }]));
    const one = rows.find((row) => call.path === `/api/entity-email-template/${row._id}`);
    return one ? ok(one) : undefined;
  });
}

/** Renders `screen` on `pattern` at `path`, with the places the screens navigate to. */
export function renderAt(screen: ReactElement, pattern: string, path: string) {
  return renderScreenAt(screen, pattern, path, [
    standIn('/email-template/edit/:id', 'edit-screen'),
    standIn('/email-header-footer-template/edit/:id', 'frame-edit-screen'),
    standIn('/email-template', 'list-screen'),
    standIn('*', 'elsewhere'),
  ]);
}
