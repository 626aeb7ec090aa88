import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import type { TRelatedRecord } from '@esigns/contracts/relationships';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { makeFormTemplate } from '../form-templates/form-templates-test-utils';

/** Two entities (Property -> Lead) as the API answers them, for the relationship screens' tests. */

export const PROPERTY_ID = '3c1b2c3d-0000-4000-8000-000000000001';
export const LEAD_ID = '3c1b2c3d-0000-4000-8000-000000000002';
export const REL_ID = '5c1b2c3d-0000-4000-8000-000000000001';
export const VILLA_ID = '6c1b2c3d-0000-4000-8000-000000000001';

export const leadTemplate: TFormTemplate = makeFormTemplate({
  _id: '1c1b2c3d-0000-4000-8000-0000000000aa',
  name: 'Lead',
  code: 'lead',
  fields: [
    { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
    { key: 'budget', label: 'Budget', type: 'CURRENCY', min: 0 },
    { key: 'stage', label: 'Stage', type: 'SELECT', options: [{ value: 'New' }, { value: 'Won' }] },
  ],
});

export function makeEntity(id: string, name: string, template: TFormTemplate): TEntity {
  return {
    _id: id,
    company_id: template.company_id!,
    name,
    slug: name.toLowerCase(),
    description: '',
    entity_type: 'GENERAL',
    icon: null,
    templates: [
      {
        template_id: template._id,
        is_primary: true,
        hidden_on_add: false,
        name: template.name,
        code: template.code,
        is_repeatable: false,
      },
    ],
    primary_template_id: template._id,
    primary_fields: ['name'],
    display_field: 'name',
    duplicate_rules: [],
    records_count: 0,
    version: 1,
    created_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
  };
}

export const property = makeEntity(PROPERTY_ID, 'Property', makeFormTemplate());
export const lead = makeEntity(LEAD_ID, 'Leads', leadTemplate);

/** `GET /template-fields?entity_id=<lead>`. */
export const leadFields = leadTemplate.fields.map((f) => ({
  ref: `${leadTemplate._id}#${f.key}`,
  template_id: leadTemplate._id,
  template_name: leadTemplate.name,
  key: f.key,
  label: f.label,
  type: f.type,
  is_primary: true,
  required: Boolean(f.required),
  ...('options' in f ? { options: f.options } : {}),
}));

export function makeLead(id: string, name: string, budget: number): TRelatedRecord {
  const record: TEntityRecord = {
    _id: id,
    entity_id: LEAD_ID,
    title: name,
    values: { [leadTemplate._id]: { name, budget, stage: 'New' } },
    created_by: null,
    updated_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
  };
  return { ...record, linked_at: '2026-03-05T10:00:00.000Z' };
}

/** Renders `ui` inside a router (the tables link to record pages). */
export function renderInRouter(ui: ReactElement) {
  const router = createMemoryRouter(
    [
      { path: '/', element: ui },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: ['/'] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}
