import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok, seedStaffSession } from '../testing/fake-api';
import { renderWithProviders } from '../testing/render-with-providers';
import { makePermissionOverview } from '../testing/permission-overview';
import { staffSessionPerTest } from '../testing/test-session';
import { useCan } from './use-can';

function Probe() {
  const { can, canActOnUserType, isLoading } = useCan();
  if (isLoading) return <p>loading</p>;
  return (
    <ul>
      <li data-testid="invite">{String(can('company-users:invite'))}</li>
      <li data-testid="transfer">{String(can('company:transfer-account'))}</li>
      <li data-testid="update-owner">{String(canActOnUserType('OWNER', 'company-users:update'))}</li>
      <li data-testid="update-member">{String(canActOnUserType('MEMBER', 'company-users:update'))}</li>
    </ul>
  );
}

staffSessionPerTest({ session: false });

describe('useCan', () => {
  it('loads the permissions once and answers with the contracts rules', async () => {
    seedStaffSession({ user_type: 'ADMIN' });
    const api = installFakeApi((call) =>
      call.path === '/api/permissions' ? ok(makePermissionOverview('ADMIN')) : undefined,
    );
    renderWithProviders(
      <>
        <Probe />
        <Probe />
      </>,
    );
    await waitFor(() => expect(screen.getAllByTestId('invite')[0]?.textContent).toBe('true'));
    expect(screen.getAllByTestId('transfer')[0]?.textContent).toBe('false');
    expect(screen.getAllByTestId('update-owner')[0]?.textContent).toBe('false');
    expect(screen.getAllByTestId('update-member')[0]?.textContent).toBe('true');
    expect(api.callsTo('/api/permissions')).toHaveLength(1);
  });

  it('answers no while signed out, without calling', () => {
    const api = installFakeApi(() => undefined);
    renderWithProviders(<Probe />);
    expect(screen.getByTestId('invite').textContent).toBe('false');
    expect(api.calls).toHaveLength(0);
  });
});
