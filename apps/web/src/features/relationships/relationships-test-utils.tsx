import type { ReactElement } from 'react';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import type { TRelatedRecord } from '@esigns/contracts/relationships';
import { makeFormTemplate } from '../form-templates/form-templates-test-utils';
import { makeEntity, makeRecord } from '../entities/entities-test-utils';
import { renderScreenAt } from '../../shared/testing/render-routes';

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
  const record = makeRecord(LEAD_ID, id, name, leadTemplate._id, { name, budget, stage: 'New' });
  return { ...record, linked_at: '2026-03-05T10:00:00.000Z' };
}

/** Renders `ui` inside a router (the tables link to record pages). */
export function renderInRouter(ui: ReactElement) {
  return renderScreenAt(ui, '/', '/');
}
