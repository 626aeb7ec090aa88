import type { ReactElement } from 'react';
import type { TFormBuilder } from '@esigns/contracts/form-builders';
import { ZFormSettings } from '@esigns/contracts/form-builders';
import type { UserType } from '@esigns/contracts/auth';
import { ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';
import { makeFormTemplate } from '../form-templates/form-templates-test-utils';
import { paged, withPermissions } from '../team/team-test-utils';

export const FORM_ID = '3c1b2c3d-0000-4000-8000-000000000001';
export const STEP_IDS = [
  '5c1b2c3d-0000-4000-8000-000000000001',
  '5c1b2c3d-0000-4000-8000-000000000002',
  '5c1b2c3d-0000-4000-8000-000000000003',
] as const;
export const VISITS_TEMPLATE_ID = '1c1b2c3d-0000-4000-8000-000000000001';
export const LEASE_TEMPLATE_ID = '6c1b2c3d-0000-4000-8000-000000000001';

/** A form as the API answers it: a template step and a terms page by default. */
export function makeFormBuilder(overrides: Partial<TFormBuilder> = {}): TFormBuilder {
  return {
    _id: FORM_ID,
    company_id: '2c1b2c3d-0000-4000-8000-000000000001',
    name: 'Tenant application',
    code: 'tenant-application-ab12cd',
    description: 'Apply for a flat',
    owner_type: 'ANYONE',
    status: 'DRAFT',
    steps: [
      {
        id: STEP_IDS[0],
        type: 'TEMPLATE',
        name: 'Applicant',
        template_id: VISITS_TEMPLATE_ID,
        required: true,
        condition: null,
      },
      {
        id: STEP_IDS[1],
        type: 'STATIC',
        name: 'Terms',
        content: 'Rent is due monthly.',
        require_accept: true,
        required: true,
        condition: null,
      },
    ],
    settings: ZFormSettings.parse({}),
    version: 2,
    submissions_count: 4,
    created_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

const visits = makeFormTemplate({
  _id: VISITS_TEMPLATE_ID,
  name: 'Site visits',
  fields: [
    { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
    { key: 'email', label: 'Email', type: 'EMAIL' },
  ],
});

/** The sources steps are chosen from: one company form template, one document template with its roles. */
export function formServer(userType: UserType, next: FakeHandler = () => undefined): FakeHandler {
  return withPermissions(userType, (call) => {
    if (call.path === '/api/template/list')
      return ok(paged(call.url.includes('type=CUSTOM') ? [visits] : []));
    if (call.path === `/api/template/${VISITS_TEMPLATE_ID}`) return ok(visits);
    if (call.path === `/api/configurable-documents/${LEASE_TEMPLATE_ID}`) {
      const roles = [
        ['Tenant', 'SIGNER'],
        ['Landlord', 'SIGNER'],
        ['Agent', 'CC'],
      ];
      return ok({
        _id: LEASE_TEMPLATE_ID,
        document_users: roles.map(([role_name, user_type], i) => ({ key: `r${i}`, role_name, user_type })),
      });
    }
    if (call.path === '/api/document-templates') {
      return ok(
        paged([
          {
            _id: LEASE_TEMPLATE_ID,
            company_document_id: 'company-document-1',
            name: 'Lease deed',
            status: 'ACTIVE',
          },
        ]),
      );
    }
    return next(call);
  });
}

/** Renders `screen` on `pattern` at `path`, with stand-ins for where the screens go. */
export function renderFormsAt(screen: ReactElement, pattern: string, path: string) {
  return renderScreenAt(screen, pattern, path, [
    standIn('/formBuilders/:form_builder_id', 'builder-screen'),
    standIn('*', 'elsewhere'),
  ]);
}
