import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TRecordShareLink } from '@esigns/contracts/record-share-links';
import { sessionStore } from '../../shared/session/session-store';
import { fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { renderAt } from '../form-templates/form-templates-test-utils';
import { paged } from '../team/team-test-utils';
import { PublicRecordScreen } from './public-record-screen';
import { ShareLinkDialog } from './share-link-dialog';
import { staffSessionPerTest } from '../../shared/testing/test-session';

/* The share dialog: making a link and copying it, the record's links and revoking one. */

const ENTITY_ID = '3c1b2c3d-0000-4000-8000-0000000000e1';
const RECORD_ID = '3c1b2c3d-0000-4000-8000-0000000000a1';
const LINKS = '/api/entities-data/public-links';

function makeLink(overrides: Partial<TRecordShareLink> = {}): TRecordShareLink {
  return {
    _id: '5d1b2c3d-0000-4000-8000-000000000001',
    entity_data_id: RECORD_ID,
    entity_id: ENTITY_ID,
    template: { _id: 't1', name: 'Company details' },
    created_by: { _id: 'u1', name: 'Grace Hopper', email: 'grace@example.com' },
    created_at: '2026-03-01T10:00:00.000Z',
    expires_at: '2026-03-31T10:00:00.000Z',
    revoked_at: null,
    revoked_by: null,
    last_used_at: null,
    status: 'ACTIVE',
    ...overrides,
  };
}

const active = makeLink();
const revoked = makeLink({
  _id: '5d1b2c3d-0000-4000-8000-000000000002',
  created_by: { _id: 'u2', name: 'Alan Turing', email: 'alan@example.com' },
  created_at: '2026-02-01T10:00:00.000Z',
  revoked_at: '2026-02-03T10:00:00.000Z',
  revoked_by: { _id: 'u1', name: 'Grace Hopper', email: 'grace@example.com' },
  status: 'REVOKED',
});
const expired = makeLink({
  _id: '5d1b2c3d-0000-4000-8000-000000000003',
  created_by: null,
  created_at: '2026-01-01T10:00:00.000Z',
  expires_at: '2026-01-02T10:00:00.000Z',
  status: 'EXPIRED',
});

/** The links call answers `rows()` each time (so a test can change them); `next` answers the rest. */
function server(rows: () => TRecordShareLink[], next: FakeHandler = () => undefined): FakeHandler {
  return (call) => {
    if (call.path === `/api/entities/${ENTITY_ID}`) return fail(404, 'Entity not found');
    if (call.path === LINKS && call.method === 'GET') return ok(paged(rows(), 1, 5));
    return next(call);
  };
}

const open = () =>
  renderWithProviders(
    <ShareLinkDialog opened onClose={() => undefined} entityId={ENTITY_ID} recordId={RECORD_ID} />,
  );

staffSessionPerTest({ restoreMocks: true });

describe('ShareLinkDialog', () => {
  it("lists the record's links with who made them, when, until when and their state", async () => {
    const api = installFakeApi(server(() => [active, revoked, expired]));
    open();
    const table = await screen.findByRole('table', { name: 'Links to this record' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Created byCreatedExpiresStatusActions',
      'Grace Hopper03-01-202603-31-2026ActiveRevoke',
      'Alan Turing02-01-202603-31-2026Revoked',
      'A removed user01-01-202601-02-2026Expired',
    ]);
    expect(within(table).getAllByRole('button', { name: /^Revoke the link/ })).toHaveLength(1);
    const url = new URL(api.callsTo(LINKS)[0]!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      entity_data_id: RECORD_ID,
      page: '1',
      limit: '5',
    });
  });

  it('says so when the record has no links yet', async () => {
    installFakeApi(server(() => []));
    open();
    expect(await screen.findByText(/No links yet/)).toBeTruthy();
  });

  it('revokes a link after a confirmation and shows it revoked', async () => {
    let rows = [active, revoked];
    const api = installFakeApi(
      server(
        () => rows,
        (call) => {
          if (call.path === `/api/entities-data/public-link/${active._id}/revoke` && call.method === 'POST') {
            const done = { ...active, status: 'REVOKED' as const, revoked_at: '2026-03-05T10:00:00.000Z' };
            rows = [done, revoked];
            return ok(done, 'Link revoked');
          }
          return undefined;
        },
      ),
    );
    open();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Revoke the link Grace Hopper created 03-01-2026' }),
    );
    const confirm = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    expect(api.callsTo(`/api/entities-data/public-link/${active._id}/revoke`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke link' }));

    await waitFor(() =>
      expect(api.callsTo(`/api/entities-data/public-link/${active._id}/revoke`)).toHaveLength(1),
    );
    const table = await screen.findByRole('table', { name: 'Links to this record' });
    await waitFor(() => expect(within(table).queryByRole('button', { name: /^Revoke the link/ })).toBeNull());
    expect(within(table).getAllByText('Revoked')).toHaveLength(2);
    expect(await screen.findByText('Link revoked: it no longer opens')).toBeTruthy();
  });

  it('keeps the confirmation open with the error when revoking fails, and cancels without a call', async () => {
    const api = installFakeApi(
      server(
        () => [active],
        (call) => (call.path.endsWith('/revoke') ? fail(404, 'Link not found') : undefined),
      ),
    );
    open();
    const revokeButton = await screen.findByRole('button', { name: /^Revoke the link/ });
    fireEvent.click(revokeButton);
    let confirm = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revoke this link?' })).toBeNull());
    expect(api.calls.filter((c) => c.path.endsWith('/revoke'))).toHaveLength(0);

    fireEvent.click(revokeButton);
    confirm = await screen.findByRole('dialog', { name: 'Revoke this link?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Revoke link' }));
    expect(await within(confirm).findByText('Link not found')).toBeTruthy();
  });

  it('makes a link, shows it to copy and adds it to the list', async () => {
    const made = makeLink({
      _id: '5d1b2c3d-0000-4000-8000-000000000009',
      created_at: '2026-03-06T10:00:00.000Z',
    });
    let rows: TRecordShareLink[] = [];
    const api = installFakeApi(
      server(
        () => rows,
        (call) => {
          if (call.path !== '/api/entities-data/public-link') return undefined;
          rows = [made];
          return ok({
            _id: made._id,
            url: 'http://localhost:3000/view/x/y/z?token=t',
            path: '/view/x/y/z?token=t',
            token: 't',
            expires_at: made.expires_at,
          });
        },
      ),
    );
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Share a read-only link' });
    expect(await within(dialog).findByText(/No links yet/)).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Valid for (days)'), { target: { value: '7' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByDisplayValue('http://localhost:3000/view/x/y/z?token=t')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(api.callsTo('/api/entities-data/public-link')[0]?.body).toEqual({
      entity_data_id: RECORD_ID,
      expires_in_days: 7,
    });
    expect(
      await within(dialog).findByRole('button', { name: 'Revoke the link Grace Hopper created 03-06-2026' }),
    ).toBeTruthy();
  });

  it('shows why the list could not load', async () => {
    installFakeApi((call) =>
      call.path === LINKS ? fail(403, 'You do not have permission to do this') : undefined,
    );
    open();
    expect(await screen.findByText('You do not have permission to do this')).toBeTruthy();
  });
});

describe('PublicRecordScreen with a revoked link', () => {
  it('says the link was revoked (410 LINK_REVOKED), not that it expired', async () => {
    sessionStore.clear();
    installFakeApi(() => fail(410, 'This link was revoked by the workspace', { error_code: 'LINK_REVOKED' }));
    renderAt(
      <PublicRecordScreen />,
      '/view/:entityDataId/:entityId/:templateId',
      `/view/${RECORD_ID}/${ENTITY_ID}/t1?token=abc`,
    );
    expect(await screen.findByText('This link was revoked')).toBeTruthy();
    expect(screen.queryByText('This link has expired')).toBeNull();
    expect(screen.getByText('Ask the person who shared it for a new link.')).toBeTruthy();
  });
});
