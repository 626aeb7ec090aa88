import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TEntityRecord } from '@esigns/contracts/entities';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { makeFormTemplate } from '../form-templates/form-templates-test-utils';
import { RecordValuesView } from './record-values-view';

const PROPERTY_ENTITY = '3c1b2c3d-0000-4000-8000-0000000000aa';
const FLAT = '5a1b2c3d-0000-4000-8000-000000000001';
const PLOT = '5b1b2c3d-0000-4000-8000-000000000002';
const GONE = '5c1b2c3d-0000-4000-8000-000000000003';

const template = makeFormTemplate({
  name: 'Lead',
  fields: [
    { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT' },
    { key: 'property', label: 'Property', type: 'ENTITY', entity_id: PROPERTY_ENTITY },
    {
      key: 'shortlist',
      label: 'Shortlist',
      type: 'ENTITY',
      entity_id: PROPERTY_ENTITY,
      allow_multiple: true,
    },
  ],
});

const record = (values: Record<string, unknown>): TEntityRecord => ({
  _id: '6e1b2c3d-0000-4000-8000-000000000001',
  entity_id: '3c1b2c3d-0000-4000-8000-000000000001',
  title: 'Ravi',
  values: { [template._id]: values },
  created_by: null,
  updated_by: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
});

describe('RecordValuesView', () => {
  it('shows the titles of linked records, and an id prefix for one that is gone', () => {
    renderWithProviders(
      <RecordValuesView
        record={{
          ...record({ name: 'Ravi', property: FLAT, shortlist: [PLOT, GONE] }),
          linked_titles: { [FLAT]: 'Sea view flat', [PLOT]: 'Corner plot' },
        }}
        templates={[template]}
      />,
    );
    expect(screen.getByText('Sea view flat')).toBeTruthy();
    expect(screen.getByText('Corner plot')).toBeTruthy();
    expect(screen.getByText(GONE.slice(0, 8))).toBeTruthy();
    expect(screen.queryByText(FLAT.slice(0, 8))).toBeNull();
  });
});
