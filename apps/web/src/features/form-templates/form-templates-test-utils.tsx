import type { ReactElement } from 'react';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import { ZFormFields } from '@esigns/contracts/nocode-template-check';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';

export const TEMPLATE_ID = '1c1b2c3d-0000-4000-8000-000000000001';

/** A company template as the API answers it; `fields` go through the shared check (defaults, places). */
export function makeFormTemplate(
  overrides: Partial<Omit<TFormTemplate, 'fields'>> & { fields?: unknown[] } = {},
): TFormTemplate {
  const { fields, ...rest } = overrides;
  return {
    _id: TEMPLATE_ID,
    company_id: '2c1b2c3d-0000-4000-8000-000000000001',
    name: 'Site visits',
    code: 'site-visits',
    type: 'CUSTOM',
    description: 'Visits booked by buyers',
    fields: ZFormFields.parse(
      fields ?? [
        { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
        { key: 'budget', label: 'Budget', type: 'CURRENCY' },
      ],
    ),
    is_repeatable: false,
    max_entries: null,
    primary_for_user_type: null,
    icon: null,
    version: 3,
    created_by: null,
    updated_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-04T10:00:00.000Z',
    ...rest,
  };
}

/** Renders `screen` on `pattern` at `path`, with the routes the screens navigate to. */
export function renderAt(screen: ReactElement, pattern: string, path: string) {
  return renderScreenAt(screen, pattern, path, [
    standIn('/template/:template_id/edit', 'edit-screen'),
    standIn('*', 'elsewhere'),
  ]);
}
