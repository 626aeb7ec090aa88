import type { ReactElement } from 'react';
import type { UserType } from '@esigns/contracts/auth';
import { GLOBAL_VARIABLE_TYPE_INFO, type TGlobalVariable } from '@esigns/contracts/global-variables';
import { ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';
import { paged, withPermissions } from '../team/team-test-utils';

export const VARIABLE_ID = '7a1b2c3d-0000-4000-8000-000000000001';

/** A company variable as the API answers it. */
export function makeVariable(overrides: Partial<TGlobalVariable> = {}): TGlobalVariable {
  return {
    _id: VARIABLE_ID,
    company_id: '2c1b2c3d-0000-4000-8000-000000000001',
    type: 'CUSTOM',
    label: 'Booking fee',
    key: 'booking_fee',
    input_type: 'CURRENCY',
    settings: { currency: 'INR', decimals: 2 },
    value: 25000,
    value_urls: [],
    is_fixed: true,
    tags: ['Finance'],
    description: 'Charged on every booking',
    created_by: null,
    updated_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-04T10:00:00.000Z',
    ...overrides,
  };
}

/** Answers permissions, the list, one variable, types and tags; other calls go to `next`. */
export function variablesServer(
  userType: UserType,
  rows: TGlobalVariable[],
  next: FakeHandler = () => undefined,
): FakeHandler {
  return withPermissions(userType, async (call) => {
    const answer = await next(call);
    if (answer) return answer;
    if (call.method !== 'GET') return undefined;
    if (call.path === '/api/global-variables') return ok(paged(rows));
    if (call.path === '/api/global-variables/types') return ok(GLOBAL_VARIABLE_TYPE_INFO);
    if (call.path === '/api/global-variable-tags') {
      return ok([{ _id: 't1', name: 'Finance', variables_count: 1, created_at: '2026-03-01T10:00:00.000Z' }]);
    }
    const one = rows.find((row) => call.path === `/api/global-variables/${row._id}`);
    return one ? ok(one) : undefined;
  });
}

/** Renders `screen` on `pattern` at `path`, with the places the screens navigate to. */
export function renderAt(screen: ReactElement, pattern: string, path: string) {
  return renderScreenAt(screen, pattern, path, [
    standIn('/global-variables/view/:id', 'view-screen'),
    standIn('/global-variables', 'list-screen'),
    standIn('*', 'elsewhere'),
  ]);
}
