import type { ReactElement } from 'react';
import type { UserType } from '@esigns/contracts/auth';
import type { TEntityGroup } from '@esigns/contracts/entity-groups';
import { ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreenAt } from '../../shared/testing/render-routes';
import { paged, withPermissions } from '../team/team-test-utils';

export const ENTITY_ID = '8e1b2c3d-0000-4000-8000-000000000001';

export function makeGroup(overrides: Partial<TEntityGroup> = {}): TEntityGroup {
  return {
    _id: '9a1b2c3d-0000-4000-8000-000000000001',
    company_id: '2c1b2c3d-0000-4000-8000-000000000001',
    name: 'Real estate',
    description: 'Listings and buyers',
    icon: null,
    position: 0,
    entity_ids: [ENTITY_ID],
    form_template_ids: ['5a0e7e11-0000-4000-8000-000000000005'],
    doc_template_ids: ['3d1b2c3d-0000-4000-8000-000000000001'],
    global_variable_ids: ['7a1b2c3d-0000-4000-8000-000000000001'],
    workflow_ids: [],
    entities: [{ _id: ENTITY_ID, name: 'Properties', entity_type: 'GENERAL' }],
    formTemplates: [{ _id: '5a0e7e11-0000-4000-8000-000000000005', name: 'Property', type: 'STANDARD' }],
    docTemplates: [
      {
        _id: '3d1b2c3d-0000-4000-8000-000000000001',
        name: 'Rental agreement',
        company_document_id: '3e1b2c3d-0000-4000-8000-000000000001',
      },
    ],
    globalVariables: [
      { _id: '7a1b2c3d-0000-4000-8000-000000000001', name: 'Booking fee', input_type: 'CURRENCY' },
    ],
    workflows: [],
    created_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

/** Permissions, the groups, one group, and the lists the dialog picks from; the rest goes to `next`. */
export function groupsServer(
  userType: UserType,
  groups: TEntityGroup[],
  next: FakeHandler = () => undefined,
): FakeHandler {
  return withPermissions(userType, async (call) => {
    const answer = await next(call);
    if (answer) return answer;
    if (call.method !== 'GET') return undefined;
    switch (call.path) {
      case '/api/entity-groups':
        return ok(paged(groups, 1, 500));
      case '/api/entities':
        return ok(
          paged([
            { _id: ENTITY_ID, name: 'Properties' },
            { _id: '8e1b2c3d-0000-4000-8000-000000000002', name: 'Leads' },
          ]),
        );
      case '/api/template/list':
        return ok(
          paged([{ _id: '5a0e7e11-0000-4000-8000-000000000005', name: 'Property', type: 'STANDARD' }]),
        );
      case '/api/document-templates':
        return ok(paged([]));
      case '/api/global-variables':
        return ok(paged([]));
      case '/api/standard/global-variables':
        return ok([{ _id: '6a0b7a11-0000-4000-8000-000000000001', label: 'Company name' }]);
      case '/api/icons/getAllIcons':
        return ok([]);
      default: {
        const one = groups.find((g) => call.path === `/api/entity-groups/${g._id}`);
        return one ? ok(one) : undefined;
      }
    }
  });
}

export function renderAt(screen: ReactElement, pattern: string, path: string) {
  return renderScreenAt(screen, pattern, path);
}
