import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { paged, withPermissions } from '../team/team-test-utils';
import { ContactDocumentsScreen } from './contact-documents-screen';
import { CONTACT_ID, makeContact, makeContactDocument, renderRoute } from './contacts-test-utils';

staffSessionPerTest();

const render = (id = CONTACT_ID) =>
  renderRoute(<ContactDocumentsScreen />, '/contacts/documents/:contact_id', `/contacts/documents/${id}`);

describe('ContactDocumentsScreen', () => {
  it("lists the contact's documents with document and recipient status badges, filtered by status", async () => {
    const lease = makeContactDocument({
      _id: 'a9b2c3d4-0000-4000-8000-000000000002',
      name: 'Lease',
      status: 'COMPLETED',
      recipient_status: 'SIGNED',
      completed_at: '2025-03-06T10:00:00.000Z',
      is_archived: true,
    });
    const api = installFakeApi(
      withPermissions('MEMBER', (call) => {
        if (call.path === `/api/contacts/${CONTACT_ID}`) return ok(makeContact());
        if (call.path === `/api/documents/users/${CONTACT_ID}`) {
          const status = new URL(call.url, 'http://x').searchParams.get('status');
          return ok(paged(status === 'COMPLETED' ? [lease] : [makeContactDocument(), lease]));
        }
        return undefined;
      }),
    );
    render();
    expect(await screen.findByRole('heading', { name: 'Asha Rao' })).toBeTruthy();
    expect(screen.getByText('asha.rao@example.com · Rao Estates · Buyer')).toBeTruthy();
    const rows = await screen.findAllByTestId('contact-document-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Sale deed')).toBeTruthy();
    expect(within(rows[0]!).getByText('Waiting')).toBeTruthy();
    expect(within(rows[0]!).getByText('Viewed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Completed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Signed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Archived')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Sale deed' }).getAttribute('href')).toBe(
      `/emp-documents/custom/${makeContactDocument()._id}`,
    );
    // A MEMBER cannot change contacts: no edit button.
    expect(screen.queryByRole('link', { name: 'Edit contact' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Filter by document status'), { target: { value: 'COMPLETED' } });
    await waitFor(() => expect(screen.getAllByTestId('contact-document-row')).toHaveLength(1));
    expect(api.calls.some((c) => c.url.includes('status=COMPLETED'))).toBe(true);
  });

  it('shows an empty state when nothing was sent to the contact', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === `/api/contacts/${CONTACT_ID}`) return ok(makeContact());
        if (call.path === `/api/documents/users/${CONTACT_ID}`) return ok(paged([]));
        return undefined;
      }),
    );
    render();
    const empty = await screen.findByTestId('contact-documents-empty');
    expect(within(empty).getByText('No documents yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit contact' }).getAttribute('href')).toBe(
      `/contacts/edit/${CONTACT_ID}`,
    );
  });

  it('says when the contact does not exist', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path.startsWith('/api/contacts/') || call.path.startsWith('/api/documents/users/')
          ? fail(404, 'Contact not found')
          : undefined,
      ),
    );
    render('e1b2c3d4-0000-4000-8000-0000000000ff');
    expect(await screen.findByText('Contact not found')).toBeTruthy();
    expect(screen.queryByTestId('contact-document-row')).toBeNull();
    expect(screen.queryByLabelText('Filter by document status')).toBeNull();
  });
});
