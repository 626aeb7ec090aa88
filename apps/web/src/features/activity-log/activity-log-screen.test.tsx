import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TActivityEntry } from '@esigns/contracts/activity-log';
import { installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { makePermissionOverview } from '../../shared/testing/permission-overview';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { renderScreens } from '../profile/screen-test-utils';
import { sinceToFrom } from './activity-log-api';
import { targetPathOf } from './entry-parts';
import { ACTIVITY_LOG_SCREENS } from './screens';

// The first render also compiles the lazy screen: allow for a busy machine.
vi.setConfig({ testTimeout: 60_000 });
staffSessionPerTest();

const ENTRY: TActivityEntry = {
  _id: 'e1',
  action: 'document.voided',
  actor: { _id: 'u1', name: 'Ada Admin', email: 'ada@example.com' },
  target_type: 'document',
  target_id: 'd1',
  target_name: 'Lease.pdf',
  ip: '203.0.113.9',
  user_agent: 'Firefox/130',
  occurred_at: '2026-01-05T10:00:00.000Z',
};

const server =
  (userType: 'ADMIN' | 'MEMBER'): FakeHandler =>
  (call) => {
    if (call.path === '/api/permissions') return ok(makePermissionOverview(userType));
    if (call.path === '/api/user/companyUsers')
      return ok({
        data: [{ _id: 'm1', user_id: 'u1', email: 'ada@example.com', first_name: 'Ada', last_name: 'Admin' }],
        total: 1,
        page: 1,
        total_pages: 1,
      });
    if (call.path === '/api/activity-log') return ok({ data: [ENTRY], total: 1, page: 1, total_pages: 1 });
    return undefined;
  };

describe('ActivityLogScreen', () => {
  it('lists entries with actor, action, target link and origin, and filters by who and what', async () => {
    const api = installFakeApi(server('ADMIN'));
    renderScreens(ACTIVITY_LOG_SCREENS, '/logDetails');
    const link = await screen.findByRole('link', { name: 'Lease.pdf' }, { timeout: 30_000 });
    expect(link.getAttribute('href')).toBe('/emp-documents/custom/d1');
    const row = within(screen.getByTestId('activity-row'));
    expect(row.getByText('Document voided')).toBeTruthy();
    expect(row.getByText('Ada Admin')).toBeTruthy();
    expect(row.getByText('ada@example.com')).toBeTruthy();
    expect(row.getByText('203.0.113.9')).toBeTruthy();
    expect(row.getByText('Firefox/130')).toBeTruthy();

    await screen.findByRole('option', { name: 'Ada Admin' });
    fireEvent.change(screen.getByLabelText('Who'), { target: { value: 'u1' } });
    fireEvent.change(screen.getByLabelText('What'), { target: { value: 'document.voided' } });
    await waitFor(() => {
      const last = api.callsTo('/api/activity-log').at(-1);
      expect(last?.url).toContain('actor=u1');
      expect(last?.url).toContain('action=document.voided');
    });
  });

  it('says a member may not see it, and calls nothing', async () => {
    const api = installFakeApi(server('MEMBER'));
    renderScreens(ACTIVITY_LOG_SCREENS, '/logDetails');
    expect(
      await screen.findByText(/Only the company's administrators can see the activity log\./, undefined, {
        timeout: 30_000,
      }),
    ).toBeTruthy();
    expect(api.callsTo('/api/activity-log')).toHaveLength(0);
  });

  it('links targets that still exist and turns "since" into a start time', () => {
    expect(targetPathOf({ ...ENTRY, action: 'document.deleted' })).toBeNull();
    expect(targetPathOf({ ...ENTRY, target_type: 'entity', target_id: 'e 1' })).toBe('/entity/e%201');
    const now = new Date('2026-01-10T00:00:00.000Z');
    expect(sinceToFrom('7', now)).toBe('2026-01-03T00:00:00.000Z');
    expect(sinceToFrom('', now)).toBeUndefined();
  });
});
