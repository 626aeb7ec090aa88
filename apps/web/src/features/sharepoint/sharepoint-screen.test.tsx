import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TSharePointConnection, TSharePointCopy } from '@esigns/contracts/sharepoint';
import { fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreenAt } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { paged, withPermissions } from '../team/team-test-utils';
import { SharePointScreen } from './sharepoint-screen';

const LEGAL = 'contoso.sharepoint.com,site-legal,web-legal';

const connected: TSharePointConnection = {
  _id: 'c0000000-0000-4000-8000-000000000001',
  tenant_id: 'contoso.onmicrosoft.com',
  client_id: '11111111-2222-3333-4444-555555555555',
  has_secret: true,
  site_id: LEGAL,
  site_name: 'Legal',
  site_url: 'https://contoso.sharepoint.com/sites/legal',
  drive_id: 'b!legal-contracts',
  drive_name: 'Signed contracts',
  folder_pattern: '/{year}/{document name}',
  copy_documents: true,
  copy_workflows: true,
  enabled: true,
  is_copying: true,
  verified_at: '2026-11-30T10:00:00.000Z',
  backfill: null,
  created_at: '2026-11-30T10:00:00.000Z',
  updated_at: '2026-11-30T10:00:00.000Z',
};

const failedCopy: TSharePointCopy = {
  _id: 'd0000000-0000-4000-8000-000000000001',
  kind: 'DOCUMENT',
  subject_id: 'e0000000-0000-4000-8000-000000000001',
  name: 'Lease 4B',
  status: 'FAILED',
  tries: 8,
  last_error: 'Graph upload: 503 Try again later',
  next_try_at: null,
  files: [],
  created_at: '2026-11-30T10:00:00.000Z',
  copied_at: null,
};
const copiedCopy: TSharePointCopy = {
  ...failedCopy,
  _id: 'd0000000-0000-4000-8000-000000000002',
  name: 'Lease 7C',
  status: 'COPIED',
  tries: 1,
  last_error: null,
  files: [
    { name: 'Lease 7C.pdf', path: '/2026/Lease 7C/Lease 7C.pdf', size: 100, web_url: 'https://x.test/a' },
  ],
  copied_at: '2026-11-30T10:01:00.000Z',
};

function server(
  userType: 'ADMIN' | 'MANAGER',
  connection: TSharePointConnection | null,
  more: FakeHandler = () => undefined,
): FakeHandler {
  return withPermissions(userType, (call) => {
    const answer = more(call);
    if (answer) return answer;
    if (call.path === '/api/sharepoint/connection' && call.method === 'GET') return ok(connection);
    if (call.path === '/api/sharepoint/sites') {
      return ok([{ id: LEGAL, name: 'Legal', web_url: null }]);
    }
    if (call.path.startsWith('/api/sharepoint/sites/')) {
      return ok([
        { id: 'b!legal-documents', name: 'Documents', web_url: null },
        { id: 'b!legal-contracts', name: 'Signed contracts', web_url: null },
      ]);
    }
    if (call.path === '/api/sharepoint/copies') return ok(paged([failedCopy, copiedCopy]));
    return undefined;
  });
}

const render = () =>
  renderScreenAt(<SharePointScreen />, '/configuration/share_point', '/configuration/share_point');

staffSessionPerTest();

describe('SharePointScreen', { timeout: 20_000 }, () => {
  it('says what is needed before connecting; a refused secret is said on its field', async () => {
    const api = installFakeApi(
      server('ADMIN', null, (call) =>
        call.method === 'PUT'
          ? fail(
              422,
              'Microsoft refused the token request: 401 AADSTS7000215: Invalid client secret provided.',
              {
                errors: {
                  details: [
                    {
                      key: 'client_secret',
                      message: 'AADSTS7000215: Invalid client secret provided.',
                      path: ['client_secret'],
                    },
                  ],
                },
              },
            )
          : undefined,
      ),
    );
    render();
    expect(await screen.findByTestId('sharepoint-needed')).toBeTruthy();
    expect(screen.getByText('Sites.ReadWrite.All')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /tenant/ }), {
      target: { value: 'contoso.onmicrosoft.com' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /client\) id/ }), {
      target: { value: connected.client_id },
    });
    fireEvent.change(screen.getByLabelText(/Client secret/), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByText('AADSTS7000215: Invalid client secret provided.')).toBeTruthy();
    expect(api.callsTo('/api/sharepoint/connection', 'PUT')[0]?.body).toEqual({
      tenant_id: 'contoso.onmicrosoft.com',
      client_id: connected.client_id,
      client_secret: 'wrong',
    });
    expect(screen.queryByText('Copy log')).toBeNull();
  });

  it('shows the library chosen, saves the pattern, tests the connection', async () => {
    const api = installFakeApi(
      server('ADMIN', connected, (call) => {
        if (call.method === 'PATCH') return ok({ ...connected, folder_pattern: '/{kind}/{year}' });
        if (call.path === '/api/sharepoint/connection/test') {
          return ok({
            ok: true,
            message: 'Connected: the library Signed contracts can be reached.',
            drive_name: 'Signed contracts',
          });
        }
        return undefined;
      }),
    );
    render();
    const pattern = (await screen.findByRole('textbox', { name: 'Folder pattern' })) as HTMLInputElement;
    expect(pattern.value).toBe('/{year}/{document name}');
    fireEvent.change(pattern, { target: { value: '/{year}/{nope}' } });
    expect(await screen.findByText(/Unknown token \{nope\}/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(pattern, { target: { value: '/{kind}/{year}' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('/api/sharepoint/connection', 'PATCH')).toHaveLength(1));
    expect(api.callsTo('/api/sharepoint/connection', 'PATCH')[0]?.body).toMatchObject({
      site_id: LEGAL,
      drive_id: 'b!legal-contracts',
      folder_pattern: '/{kind}/{year}',
      copy_documents: true,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    expect((await screen.findByTestId('sharepoint-test-result')).textContent).toContain('Signed contracts');
  });

  it('lists copies; a failed one is copied again; the backfill starts', async () => {
    const api = installFakeApi(
      server('ADMIN', connected, (call) => {
        if (call.path === `/api/sharepoint/copies/${failedCopy._id}/retry`)
          return ok({ ...failedCopy, status: 'PENDING' });
        if (call.path === '/api/sharepoint/backfill') {
          return ok({
            ...connected,
            backfill: { status: 'RUNNING', queued: 3, started_at: connected.created_at, finished_at: null },
          });
        }
        return undefined;
      }),
    );
    render();
    expect(await screen.findByText('Lease 4B')).toBeTruthy();
    expect(screen.getByText('Graph upload: 503 Try again later')).toBeTruthy();
    expect(screen.getByRole('link', { name: '/2026/Lease 7C/Lease 7C.pdf' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Copy again' })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Copy again' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/sharepoint/copies/${failedCopy._id}/retry`, 'POST')).toHaveLength(1),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy all existing sealed documents' }));
    await waitFor(() => expect(screen.getByTestId('sharepoint-backfill').textContent).toMatch(/3 queued/));
  });

  it('hides everything from a user type without the right', async () => {
    const api = installFakeApi(server('MANAGER', connected));
    render();
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(api.callsTo('/api/sharepoint/connection')).toHaveLength(0);
  });
});
