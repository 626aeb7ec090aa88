import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { rowWithText } from '../../shared/testing/user-input';
import { withPermissions } from '../team/team-test-utils';
import { renderRoute } from '../documents/documents-test-utils';
import type { TDocumentRequest } from './request-documents-api';
import { EditRequestScreen, RequestDocumentScreen } from './request-form-screen';
import { RequestListScreen } from './request-list-screen';
import { SelectCardTypeScreen } from './select-card-type-screen';

const CONTACT_ID = '5c1b2c3d-0000-4000-8000-000000000001';
const contact = { _id: CONTACT_ID, email: 'priya@example.com', first_name: 'Priya', last_name: 'Nair' };

function makeRequest(overrides: Partial<TDocumentRequest> = {}): TDocumentRequest {
  return {
    _id: '6c1b2c3d-0000-4000-8000-000000000001',
    card_type: 'PAN card',
    message: 'Both sides please',
    status: 'REQUESTED',
    contact,
    requested_by: { _id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
    file: null,
    due_at: '2999-01-31T18:29:59.000Z',
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

const pan = makeRequest();
const deed = makeRequest({
  _id: '6c1b2c3d-0000-4000-8000-000000000002',
  card_type: 'Sale deed',
  status: 'UPLOADED',
  contact: {
    ...contact,
    _id: '5c1b2c3d-0000-4000-8000-000000000002',
    email: 'arun@example.com',
    first_name: 'Arun',
    last_name: 'Rao',
  },
});
const late = makeRequest({
  _id: '6c1b2c3d-0000-4000-8000-000000000003',
  card_type: 'Aadhaar',
  due_at: '2020-01-01T00:00:00.000Z',
  contact: {
    ...contact,
    _id: '5c1b2c3d-0000-4000-8000-000000000003',
    email: 'kiran@example.com',
    first_name: 'Kiran',
    last_name: 'Das',
  },
});

function server(next: FakeHandler = () => undefined): FakeHandler {
  return withPermissions('OWNER', next);
}

const rowOf = (name: string) => rowWithText('request-row', name);

staffSessionPerTest();

describe('Request documents', { timeout: 20_000 }, () => {
  it('lists requests by card type, marks overdue ones and approves an uploaded document', async () => {
    const api = installFakeApi(
      server((call) => {
        if (call.path.startsWith('/api/request-documents-list/')) {
          const type = decodeURIComponent(call.path.split('/').pop()!);
          const rows =
            type === 'all' ? [pan, deed, late] : [pan, deed, late].filter((r) => r.card_type === type);
          return ok({ data: rows, total: rows.length, page: 1, total_pages: 1 });
        }
        if (call.path === `/api/request-documents/${deed._id}` && call.method === 'PATCH') {
          return ok({ ...deed, status: 'APPROVED' });
        }
        return undefined;
      }),
    );
    const router = renderRoute(
      <RequestListScreen />,
      '/request-documents/all/:card_type?',
      '/request-documents/all',
    );

    await screen.findAllByTestId('request-row');
    expect(screen.getAllByTestId('request-row')).toHaveLength(3);
    expect(api.callsTo('/api/request-documents-list/all')[0]?.url).toBe(
      '/api/request-documents-list/all?page=1&limit=10',
    );
    expect(within(rowOf('Kiran Das')).getByText('Overdue')).toBeTruthy();
    expect(within(rowOf('Priya Nair')).getByText('Requested')).toBeTruthy();
    expect(within(rowOf('Arun Rao')).getByText('To review')).toBeTruthy();

    fireEvent.click(
      within(rowOf('Arun Rao')).getByRole('button', { name: /Actions for the request to Arun Rao/ }),
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo(`/api/request-documents/${deed._id}`, 'PATCH')).toHaveLength(1));
    expect(api.callsTo(`/api/request-documents/${deed._id}`, 'PATCH')[0]?.body).toEqual({
      status: 'APPROVED',
    });

    fireEvent.click(screen.getByRole('tab', { name: 'PAN card' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/request-documents/all/pan-card'));
    await waitFor(() => expect(api.callsTo('/api/request-documents-list/PAN%20card')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByTestId('request-row')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Request a document' }).getAttribute('href')).toBe(
      '/request-documents/upload?card_type=pan-card',
    );
  });

  it('shows an empty state with a call to action', async () => {
    installFakeApi(
      server((call) =>
        call.path.startsWith('/api/request-documents-list/')
          ? ok({ data: [], total: 0, page: 1, total_pages: 1 })
          : undefined,
      ),
    );
    renderRoute(
      <RequestListScreen />,
      '/request-documents/all/:card_type?',
      '/request-documents/all/sale-deed',
    );
    const empty = await screen.findByTestId('requests-empty');
    expect(within(empty).getByText('No Sale deed requests yet')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Request a document' }).getAttribute('href')).toBe(
      '/request-documents/upload?card_type=sale-deed',
    );
  });

  it('chooses a card type and carries the contact on to the request form', async () => {
    installFakeApi(server());
    const router = renderRoute(
      <SelectCardTypeScreen />,
      '/request-documents/select-card-type/:contact_id?',
      `/request-documents/select-card-type/${CONTACT_ID}`,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Rent agreement' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/request-documents/upload'));
    expect(router.state.location.search).toBe(`?card_type=rent-agreement&contact_id=${CONTACT_ID}`);
  });

  it('sends a request for the contact of the address with a message and due date', async () => {
    const api = installFakeApi(
      server((call) => {
        if (call.path === `/api/contacts/${CONTACT_ID}`) return ok({ ...contact, name: 'Priya Nair' });
        if (call.path === '/api/request-documents' && call.method === 'POST') return ok(pan);
        return undefined;
      }),
    );
    const router = renderRoute(
      <RequestDocumentScreen />,
      '/request-documents/upload',
      `/request-documents/upload?card_type=pan-card&contact_id=${CONTACT_ID}`,
    );
    const chosen = await screen.findByTestId('chosen-contact');
    expect(within(chosen).getByText('Priya Nair')).toBeTruthy();
    expect((screen.getByLabelText(/^Document/) as HTMLSelectElement).value).toBe('pan-card');
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Both sides please' } });
    fireEvent.change(screen.getByLabelText(/^Due date/), { target: { value: '2999-01-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/request-documents/all/pan-card'));
    const body = api.callsTo('/api/request-documents', 'POST')[0]?.body as Record<string, string>;
    expect(body).toMatchObject({
      contact_id: CONTACT_ID,
      card_type: 'PAN card',
      message: 'Both sides please',
    });
    expect(new Date(body.due_at!).getFullYear()).toBe(2999);
  });

  it('asks for a contact and a name for "Other", picks a contact, and shows a 422 at its input', async () => {
    let attempt = 0;
    const api = installFakeApi(
      server((call) => {
        if (call.path === '/api/contact-users') {
          return ok([
            {
              _id: CONTACT_ID,
              contact_id: CONTACT_ID,
              email: contact.email,
              first_name: 'Priya',
              last_name: 'Nair',
              name: 'Priya Nair',
              account_name: '',
              contact_type: null,
            },
          ]);
        }
        if (call.path === '/api/request-documents' && call.method === 'POST') {
          attempt += 1;
          return attempt === 1
            ? invalid({ card_type: 'At most 100 characters' })
            : ok(makeRequest({ card_type: 'Electricity bill' }));
        }
        return undefined;
      }),
    );
    const router = renderRoute(
      <RequestDocumentScreen />,
      '/request-documents/upload',
      '/request-documents/upload?card_type=other',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Name the document')).toBeTruthy();
    expect(screen.getByText('Choose a contact')).toBeTruthy();
    expect(api.callsTo('/api/request-documents')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/Name of the document/), {
      target: { value: 'Electricity bill' },
    });
    const picker = screen.getByRole('textbox', { name: 'Contact' });
    fireEvent.focus(picker);
    fireEvent.change(picker, { target: { value: 'pri' } });
    // The picker searches once typing pauses; choose from that answer.
    await waitFor(() =>
      expect(api.calls.some((call) => call.url.includes('/contact-users?search=pri'))).toBe(true),
    );
    fireEvent.click(await screen.findByRole('option', { name: /Priya Nair/ }));
    expect(within(await screen.findByTestId('chosen-contact')).getByText('priya@example.com')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('At most 100 characters')).toBeTruthy();
    expect(screen.getByLabelText(/Name of the document/).getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/request-documents/all/Electricity%20bill'),
    );
    expect(api.callsTo('/api/request-documents', 'POST')[1]?.body).toMatchObject({
      contact_id: CONTACT_ID,
      card_type: 'Electricity bill',
    });
  });

  it('edits a request: card type, due date cleared and status', async () => {
    const api = installFakeApi(
      server((call) => {
        if (call.path === `/api/request-documents/${deed._id}` && call.method === 'GET') return ok(deed);
        if (call.path === `/api/request-documents/${deed._id}` && call.method === 'PATCH') {
          return ok({ ...deed, status: 'REJECTED', card_type: 'Rent agreement' });
        }
        return undefined;
      }),
    );
    const router = renderRoute(
      <EditRequestScreen />,
      '/request-documents/:request_document_id/edit',
      `/request-documents/${deed._id}/edit`,
    );
    const form = await screen.findByRole('form', { name: 'Edit request' });
    // The contact of an existing request cannot change.
    expect(within(form).getByTestId('chosen-contact').textContent).toContain('Arun Rao');
    expect(within(form).queryByRole('button', { name: 'Choose another contact' })).toBeNull();
    fireEvent.change(within(form).getByLabelText(/^Document/), { target: { value: 'rent-agreement' } });
    fireEvent.change(within(form).getByLabelText(/^Due date/), { target: { value: '' } });
    fireEvent.change(within(form).getByLabelText('Status'), { target: { value: 'REJECTED' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/request-documents/all/rent-agreement'));
    expect(api.callsTo(`/api/request-documents/${deed._id}`, 'PATCH')[0]?.body).toEqual({
      card_type: 'Rent agreement',
      message: 'Both sides please',
      due_at: null,
      status: 'REJECTED',
    });
  });

  it('refuses users without the right', async () => {
    installFakeApi(withPermissions('MEMBER'));
    renderRoute(<RequestListScreen />, '/request-documents/all/:card_type?', '/request-documents/all');
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });
});
