import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok, shellHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { PortalAccessPanel } from './portal-access-panel';

staffSessionPerTest();

const access = (status: string, extra: object = {}) => ({
  contact_id: 'k1',
  status,
  email: 'tara@example.com',
  account_data_id: null,
  invited_at: status === 'NONE' ? null : '2026-01-02T10:00:00.000Z',
  activated_at: null,
  revoked_at: null,
  last_signin_at: null,
  ...extra,
});

describe('PortalAccessPanel (staff contact screen)', () => {
  it('gives portal access, then offers to invite again or revoke', async () => {
    const api = installFakeApi(async (call) => {
      if (call.path === '/api/contacts/k1/portal-access') {
        if (call.method === 'POST') return ok(access('INVITED'));
        if (call.method === 'DELETE')
          return ok(access('REVOKED', { revoked_at: '2026-01-03T10:00:00.000Z' }));
        return ok(access('NONE'));
      }
      return (await shellHandler(call)) ?? ok({});
    });
    renderWithProviders(<PortalAccessPanel contactId="k1" canUpdate />);
    const panel = await screen.findByTestId('portal-access');
    expect(await within(panel).findByText('No access')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Give portal access' }));
    expect(await within(panel).findByText('Invited')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Invite again' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Revoke access' }));
    expect(await within(panel).findByText('Revoked')).toBeTruthy();
    await waitFor(() =>
      expect(api.callsTo('/api/contacts/k1/portal-access').map((c) => c.method)).toEqual([
        'GET',
        'POST',
        'DELETE',
      ]),
    );
  });

  it('shows the last sign-in of active access and a refusal in place; read-only without the right', async () => {
    installFakeApi(async (call) => {
      if (call.path === '/api/contacts/k1/portal-access') {
        return call.method === 'POST'
          ? fail(409, 'tara@example.com is a staff member of this company')
          : ok(access('ACTIVE', { last_signin_at: '2026-01-05T10:00:00.000Z' }));
      }
      return (await shellHandler(call)) ?? ok({});
    });
    renderWithProviders(<PortalAccessPanel contactId="k1" canUpdate={false} />);
    const panel = await screen.findByTestId('portal-access');
    expect(await within(panel).findByText('Active')).toBeTruthy();
    expect(within(panel).getByText('Last sign-in')).toBeTruthy();
    expect(within(panel).queryByRole('button')).toBeNull();
  });
});
