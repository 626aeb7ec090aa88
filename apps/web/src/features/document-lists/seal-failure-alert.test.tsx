import { fireEvent, render as renderPlain, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MantineProvider } from '@mantine/core';
import type { TSealFailure } from '@esigns/contracts/signing';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { paged, withPermissions } from '../team/team-test-utils';
import { DocumentStatusBadge } from './document-badges';
import { DocumentDetailScreen } from './document-detail-screen';
import { DOC_ID, makeDetail, makeListItem, renderRoute } from './document-lists-test-utils';

// pdf.js cannot run in jsdom: the preview draws through a stand-in.
vi.mock('../editor/pdf/pdf-document', () => ({
  openPdfDocument: async () => ({
    numPages: 1,
    renderPage: () => ({ promise: Promise.resolve(), cancel: () => {} }),
    destroy: () => {},
  }),
}));

staffSessionPerTest();

const REASON =
  'The signature of Asha Rao (field "Buyer signature") could not be stamped: the image data is damaged; ask Asha Rao to sign again';

function valueFailure(overrides: Partial<TSealFailure> = {}): TSealFailure {
  return {
    status: 'FAILED',
    kind: 'VALUE',
    permanent: true,
    reason: REASON,
    failures: 1,
    failed_at: '2026-01-08T10:00:00.000Z',
    fix: 'SIGN_AGAIN',
    recipients: [
      {
        _id: 'r1',
        name: 'Asha Rao',
        email: 'asha@example.com',
        fields: [{ key: 'sig', label: 'Buyer signature', type: 'SIGNATURE' }],
      },
    ],
    ...overrides,
  };
}

const completion = (requeued: boolean) => ({
  document_id: DOC_ID,
  status: 'WAITING',
  completed: false,
  completed_at: null,
  pending: [],
  seal: null,
  sealing: null,
  requeued,
});

/** The document screen of a document whose seal failed with `sealing`; fixed after the first fix call. */
function installFailed(sealing: TSealFailure, userType: 'OWNER' | 'MEMBER' = 'OWNER') {
  let fixed = false;
  const failedDetail = () =>
    makeDetail({
      document: makeListItem({
        seal_failed: true,
        actions: ['view', 'download', 'sign-again', 'retry-seal'],
      }),
      sealing,
    });
  return installFakeApi(
    withPermissions(userType, (call) => {
      if (call.path === `/api/documents/${DOC_ID}/recipients`) {
        return ok(fixed ? makeDetail() : failedDetail());
      }
      if (call.path === `/api/documents/${DOC_ID}/document-users/sign-again` && call.method === 'POST') {
        fixed = true;
        return ok(completion(false), 'Asked to sign again');
      }
      if (call.path === `/api/documents/e-sign-completed/${DOC_ID}` && call.method === 'POST') {
        fixed = true;
        return ok(completion(true));
      }
      if (call.path === `/api/documents/${DOC_ID}/users/logs`)
        return ok({ chain_ok: true, broken_at: null, logs: [] });
      if (call.path.endsWith('/notes')) return ok(paged([]));
      if (call.path.includes('/preview/')) return fail(404, 'Not here');
      return undefined;
    }),
  );
}

const renderScreen = () =>
  renderRoute(
    <DocumentDetailScreen />,
    '/emp-documents/custom/:employee_document_id',
    `/emp-documents/custom/${DOC_ID}`,
  );

describe('a document whose sealing failed', () => {
  it('shows a red alert with the reason and asks the signer to sign again after confirming', async () => {
    const api = installFailed(valueFailure());
    renderScreen();
    const alert = await screen.findByTestId('seal-failure');
    expect(within(alert).getByText('Sealing failed: the document is not completed')).toBeTruthy();
    expect(alert.textContent).toContain(
      'signature of Asha Rao (field "Buyer signature") could not be stamped',
    );
    expect(within(alert).queryByRole('button', { name: 'Retry sealing' })).toBeNull();
    // The status reads "Sealing failed", never just "Waiting".
    expect(screen.getByText('Sealing failed')).toBeTruthy();
    expect(screen.queryByText('Waiting')).toBeNull();

    fireEvent.click(within(alert).getByRole('button', { name: 'Ask Asha Rao to sign again' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Asha Rao to sign again?' });
    expect(dialog.textContent).toContain('signature (Buyer signature) could not be used');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask to sign again' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/documents/${DOC_ID}/document-users/sign-again`, 'POST')).toHaveLength(1),
    );
    expect(api.callsTo(`/api/documents/${DOC_ID}/document-users/sign-again`, 'POST')[0]!.body).toEqual({
      document_user_id: 'r1',
    });
    // Refreshed: the document waits for the signer again, the alert is gone.
    await waitFor(() => expect(screen.queryByTestId('seal-failure')).toBeNull());
    expect(api.callsTo(`/api/documents/e-sign-completed/${DOC_ID}`)).toHaveLength(0);
  });

  it('keeps a refusal of the fix visible in the dialog', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === `/api/documents/${DOC_ID}/recipients`) {
          return ok(
            makeDetail({
              document: makeListItem({ seal_failed: true, actions: ['sign-again'] }),
              sealing: valueFailure(),
            }),
          );
        }
        if (call.path.endsWith('/sign-again')) return fail(409, 'The document’s expiry date has passed');
        if (call.path.endsWith('/notes')) return ok(paged([]));
        return undefined;
      }),
    );
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Ask Asha Rao to sign again' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ask to sign again' }));
    expect(await within(dialog).findByText('The document’s expiry date has passed')).toBeTruthy();
  });

  it('offers "Retry sealing" when no signer can fix it', async () => {
    const api = installFailed(
      valueFailure({
        kind: 'RETRY',
        permanent: false,
        fix: 'RETRY',
        reason: 'The document file could not be read from storage',
        recipients: [],
        failures: 5,
      }),
    );
    renderScreen();
    const alert = await screen.findByTestId('seal-failure');
    expect(alert.textContent).toContain('The document file could not be read from storage.');
    expect(within(alert).queryByRole('button', { name: /sign again/ })).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry sealing' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/documents/e-sign-completed/${DOC_ID}`, 'POST')).toHaveLength(1),
    );
    await waitFor(() => expect(screen.queryByTestId('seal-failure')).toBeNull());
  });

  it('shows the reason without buttons to a user who may not fix it', async () => {
    installFakeApi(
      withPermissions('MEMBER', (call) => {
        if (call.path === `/api/documents/${DOC_ID}/recipients`) {
          // The server leaves out the fixes the caller may not take.
          return ok(
            makeDetail({
              document: makeListItem({ seal_failed: true, actions: ['view'] }),
              sealing: valueFailure(),
            }),
          );
        }
        if (call.path.endsWith('/notes')) return ok(paged([]));
        return undefined;
      }),
    );
    renderScreen();
    const alert = await screen.findByTestId('seal-failure');
    expect(alert.textContent).toContain('could not be stamped');
    expect(within(alert).queryByRole('button')).toBeNull();
    expect(within(alert).getByText(/Only the document’s sender/)).toBeTruthy();
  });
});

describe('DocumentStatusBadge', () => {
  it('reads "Sealing failed" in red for a waiting document whose seal failed', () => {
    renderPlain(
      <MantineProvider>
        <DocumentStatusBadge status="WAITING" sealFailed />
        <DocumentStatusBadge status="COMPLETED" sealFailed />
      </MantineProvider>,
    );
    expect(screen.getByText('Sealing failed')).toBeTruthy();
    expect(screen.getByText('Completed')).toBeTruthy();
    expect(screen.queryByText('Waiting')).toBeNull();
  });
});
