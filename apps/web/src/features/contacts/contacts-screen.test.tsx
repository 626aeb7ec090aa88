import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { paged, withPermissions } from '../team/team-test-utils';
import { ContactsScreen } from './contacts-screen';
import { CONTACT_ID, makeContact, makeContactType, renderRoute } from './contacts-test-utils';
import { SAMPLE_CSV } from './import-contacts-dialog';

const asha = makeContact();
const vikram = makeContact({
  _id: 'e1b2c3d4-0000-4000-8000-000000000002',
  email: 'vikram@example.com',
  first_name: 'Vikram',
  last_name: 'Shah',
  name: 'Vikram Shah',
  account_name: '',
  phone: '',
  contact_type: null,
  contact_type_id: null,
});

staffSessionPerTest();

const render = () => renderRoute(<ContactsScreen />, '/contacts', '/contacts');

describe('ContactsScreen', () => {
  it('lists contacts, searches, filters by type and deletes after asking', async () => {
    let deleted = false;
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/contact-types') return ok([makeContactType()]);
        if (call.path === '/api/contacts' && call.method === 'GET') {
          const url = new URL(call.url, 'http://x');
          if (url.searchParams.get('search') === 'vik') return ok(paged([vikram]));
          return ok(paged(deleted ? [vikram] : [asha, vikram]));
        }
        if (call.path === `/api/contacts/${CONTACT_ID}` && call.method === 'DELETE') {
          deleted = true;
          return ok({ _id: CONTACT_ID });
        }
        return undefined;
      }),
    );
    render();
    const rows = await screen.findAllByTestId('contact-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Asha Rao')).toBeTruthy();
    expect(within(rows[0]!).getByText('asha.rao@example.com')).toBeTruthy();
    expect(within(rows[0]!).getByText('Buyer')).toBeTruthy();
    expect(within(rows[0]!).getByText('Rao Estates')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add contact' }).getAttribute('href')).toBe('/contacts/add');
    expect(screen.getByRole('link', { name: 'Edit Asha Rao' }).getAttribute('href')).toBe(
      `/contacts/edit/${CONTACT_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Documents of Asha Rao' }).getAttribute('href')).toBe(
      `/contacts/documents/${CONTACT_ID}`,
    );

    fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: 'vik' } });
    await waitFor(() => expect(screen.getAllByTestId('contact-row')).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Search contacts'), { target: { value: '' } });
    await waitFor(() => expect(screen.getAllByTestId('contact-row')).toHaveLength(2));

    const typeFilter = screen.getByLabelText('Filter by contact type');
    await waitFor(() => expect(within(typeFilter).getByText('Buyer')).toBeTruthy());
    fireEvent.change(typeFilter, { target: { value: makeContactType()._id } });
    await waitFor(() =>
      expect(api.calls.some((c) => c.url.includes(`contact_type=${makeContactType()._id}`))).toBe(true),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Delete Asha Rao' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Documents already sent to them are kept/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`/api/contacts/${CONTACT_ID}`, 'DELETE')).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('hides what a MEMBER may not do (edit, delete, import, types)', async () => {
    installFakeApi(
      withPermissions('MEMBER', (call) => {
        if (call.path === '/api/contact-types') return ok([]);
        if (call.path === '/api/contacts') return ok(paged([asha]));
        return undefined;
      }),
    );
    render();
    await screen.findByTestId('contact-row');
    expect(screen.getByRole('link', { name: 'Add contact' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Documents of Asha Rao' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Edit Asha Rao' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Asha Rao' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Contact types' })).toBeNull();
  });

  it('shows an empty address book with its actions', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/contact-types') return ok([]);
        if (call.path === '/api/contacts') return ok(paged([]));
        return undefined;
      }),
    );
    render();
    const empty = await screen.findByTestId('contacts-empty');
    expect(within(empty).getByText('No contacts yet')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Add contact' })).toBeTruthy();
    expect(within(empty).getByRole('button', { name: 'Import' })).toBeTruthy();
  });

  it('imports a file and shows the summary with the skipped rows', async () => {
    const api = installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === '/api/contact-types') return ok([]);
        if (call.path === '/api/contacts') return ok(paged([asha]));
        if (call.path === '/api/bulk-users-add') {
          return ok({
            created: 3,
            updated: 1,
            skipped: 1,
            errors: [{ row: 4, message: 'Email: Enter a valid email address' }],
          });
        }
        return undefined;
      }),
    );
    render();
    await screen.findByTestId('contact-row');
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog');
    const sample = within(dialog).getByRole('link', { name: /Download a sample CSV/ });
    expect(sample.getAttribute('download')).toBe('contacts-sample.csv');
    expect(decodeURIComponent(sample.getAttribute('href')!.split(',').slice(1).join(','))).toContain(
      SAMPLE_CSV.split('\r\n')[0],
    );
    const importButton = within(dialog).getByRole('button', { name: 'Import' });
    expect((importButton as HTMLButtonElement).disabled).toBe(true);

    // A wrong file type is refused before any upload.
    fireEvent.change(within(dialog).getByLabelText('Contacts file'), {
      target: { files: [new File(['x'], 'contacts.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(dialog).findByText('Choose a CSV or XLSX file.')).toBeTruthy();

    const file = new File(['Email,First Name\na@b.co,A\n'], 'contacts.csv', { type: 'text/csv' });
    fireEvent.change(within(dialog).getByLabelText('Contacts file'), { target: { files: [file] } });
    expect(within(dialog).getByTestId('chosen-file').textContent).toContain('contacts.csv');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));

    const summary = await within(dialog).findByTestId('import-summary');
    expect(within(summary).getByText('3 added')).toBeTruthy();
    expect(within(summary).getByText('1 updated')).toBeTruthy();
    expect(within(summary).getByText('1 skipped')).toBeTruthy();
    const problems = within(summary).getByRole('table', { name: 'Rows not imported' });
    expect(within(problems).getByText('Email: Enter a valid email address')).toBeTruthy();
    const upload = api.callsTo('/api/bulk-users-add', 'POST')[0];
    expect(upload?.body).toBeInstanceOf(FormData);
    expect(((upload?.body as FormData).get('file') as File).name).toBe('contacts.csv');
  });

  it("shows the server's refusal of an import file", async () => {
    installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === '/api/contact-types') return ok([]);
        if (call.path === '/api/contacts') return ok(paged([]));
        if (call.path === '/api/bulk-users-add') {
          return invalid({ file: 'The first row must name the columns, one of them "Email"' });
        }
        return undefined;
      }),
    );
    render();
    await screen.findByTestId('contacts-empty');
    fireEvent.click(screen.getAllByRole('button', { name: 'Import' })[0]!);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Contacts file'), {
      target: { files: [new File(['Name\nA\n'], 'people.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Import' }));
    expect(
      await within(dialog).findByText('The first row must name the columns, one of them "Email"'),
    ).toBeTruthy();
  });

  it('shows no access when the server refuses the list (403)', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/contact-types') return ok([]);
        if (call.path === '/api/contacts')
          return fail(403, 'You do not have permission to do this (contacts:view)');
        return undefined;
      }),
    );
    render();
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });
});
