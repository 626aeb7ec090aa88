import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TDocumentAction } from '@esigns/contracts/document-actions';
import type { TDocumentStatus } from '@esigns/contracts/documents';
import { fail, installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { makeDocumentUser, makeEmployeeDocument, renderRoute } from '../documents/documents-test-utils';
import { DocumentActionsMenu } from './document-actions-menu';
import { staffSessionPerTest } from '../../shared/testing/test-session';

const ID = '0a1b2c3d-0000-4000-8000-00000000e0d1';

function renderMenu(
  actions: TDocumentAction[],
  options: { status?: TDocumentStatus; variant?: 'row' | 'detail'; onDone?: () => void } = {},
) {
  const document = {
    _id: ID,
    name: 'Lease 12B',
    status: options.status ?? 'WAITING',
    archived_at: null,
    actions,
  };
  return renderRoute(
    <DocumentActionsMenu document={document} variant={options.variant ?? 'row'} onDone={options.onDone} />,
    '/documents/all',
    '/documents/all',
  );
}

async function openMenu() {
  fireEvent.click(screen.getByRole('button', { name: 'Actions for Lease 12B' }));
  return screen.findByRole('menu');
}

staffSessionPerTest();

describe('DocumentActionsMenu', { timeout: 20_000 }, () => {
  it('shows exactly the actions it is given, grouped, and nothing when there are none', async () => {
    installFakeApi(() => undefined);
    renderMenu(['view', 'void', 'correct', 'resend', 'rename']);
    const menu = await openMenu();
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Open', 'Correct', 'Resend', 'Rename', 'Void']);
    cleanup();
    renderMenu([]);
    expect(screen.queryByRole('button', { name: 'Actions for Lease 12B' })).toBeNull();
  });

  it('leaves out Open and Notes on the detail screen', async () => {
    installFakeApi(() => undefined);
    renderMenu(['view', 'notes', 'archive'], { status: 'COMPLETED', variant: 'detail' });
    const menu = await openMenu();
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Archive']);
  });

  it('voids with a reason: checks it, shows the server refusal, then succeeds and calls onDone', async () => {
    let attempt = 0;
    const api = installFakeApi((call) => {
      if (call.path === `/api/documents/${ID}/void` && call.method === 'POST') {
        attempt += 1;
        if (attempt === 1) return invalid({ reason: 'Give a reason' });
        if (attempt === 2) return fail(409, 'Only a document that is out for signature can be voided');
        return ok(makeEmployeeDocument({ status: 'VOIDED' }));
      }
      return undefined;
    });
    const onDone = vi.fn();
    renderMenu(['void'], { onDone });
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Void' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByText('Give a reason: it is mailed to the recipients')).toBeTruthy();
    expect(api.callsTo(`/api/documents/${ID}/void`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'x' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    expect(
      await within(dialog).findByText('Only a document that is out for signature can be voided'),
    ).toBeTruthy();

    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Wrong rent amount' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(api.callsTo(`/api/documents/${ID}/void`).at(-1)?.body).toEqual({ reason: 'Wrong rent amount' });
    expect(await screen.findByText('Document voided')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('creates a signing link for a due recipient and shows it to copy', async () => {
    const due = makeDocumentUser({ _id: '0a1b2c3d-0000-4000-8000-0000000000b1', email: 'due@example.com' });
    const later = makeDocumentUser({
      _id: '0a1b2c3d-0000-4000-8000-0000000000b2',
      email: 'later@example.com',
      status: 'PENDING',
    });
    const handler: FakeHandler = (call) => {
      if (call.path === `/api/documents/${ID}` && call.method === 'GET') {
        return ok(makeEmployeeDocument({ document_users: [due, later] }));
      }
      if (call.path === `/api/documents/${ID}/document-users/generate-document-link`) {
        return ok({
          document_user_id: due._id,
          email: due.email,
          link: 'http://localhost/emp-documents/preview/x?token=abc',
        });
      }
      return undefined;
    };
    const api = installFakeApi(handler);
    renderMenu(['generate-link']);
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Signing link' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(await within(dialog).findByRole('combobox', { name: /Recipient/ }));
    expect(screen.queryByRole('option', { name: /later@example.com/ })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: /due@example.com/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(
      await within(dialog).findByDisplayValue('http://localhost/emp-documents/preview/x?token=abc'),
    ).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(api.callsTo(`/api/documents/${ID}/document-users/generate-document-link`)[0]?.body).toEqual({
      document_user_id: due._id,
    });
  });

  it('archives after a confirmation and refreshes the document queries', async () => {
    const api = installFakeApi((call) =>
      call.path === `/api/documents/${ID}/archive` && call.method === 'DELETE'
        ? ok(makeEmployeeDocument({ status: 'COMPLETED', archived_at: '2026-03-01T00:00:00.000Z' }))
        : undefined,
    );
    const onDone = vi.fn();
    renderMenu(['archive'], { status: 'COMPLETED', onDone });
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Archive' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(api.callsTo(`/api/documents/${ID}/archive`, 'DELETE')).toHaveLength(1);
  });

  it('changes the status to one the table allows', async () => {
    const api = installFakeApi((call) =>
      call.path.startsWith(`/api/documents/${ID}/status/`)
        ? ok(makeEmployeeDocument({ status: 'EXPIRED' }))
        : undefined,
    );
    renderMenu(['change-status']);
    fireEvent.click(within(await openMenu()).getByRole('menuitem', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Change status' }));
    await waitFor(() => expect(api.callsTo(`/api/documents/${ID}/status/EXPIRED`, 'PATCH')).toHaveLength(1));
  });
});
