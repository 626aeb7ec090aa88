import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { withPermissions } from '../team/team-test-utils';
import { ContactTypesScreen } from './contact-types-screen';
import { TYPE_ID, makeContactType, renderRoute } from './contacts-test-utils';

staffSessionPerTest();

const buyer = makeContactType();
const render = () => renderRoute(<ContactTypesScreen />, '/contact-types', '/contact-types');

describe('ContactTypesScreen', () => {
  it('adds a type, showing the 422 under the name first', async () => {
    let attempts = 0;
    const api = installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === '/api/contact-types' && call.method === 'GET') return ok([buyer]);
        if (call.path === '/api/contact-types' && call.method === 'POST') {
          attempts += 1;
          return attempts === 1
            ? invalid({ name: 'At most 80 characters' })
            : ok(makeContactType({ _id: 'new', name: 'Tenant', contact_count: 0 }));
        }
        return undefined;
      }),
    );
    render();
    const row = await screen.findByTestId('contact-type-row');
    expect(within(row).getByText('Buyer')).toBeTruthy();
    expect(within(row).getByText('2 contacts')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add contact type' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('Required')).toBeTruthy();
    expect(api.callsTo('/api/contact-types', 'POST')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('New contact type'), { target: { value: 'Tenant' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('At most 80 characters')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(api.callsTo('/api/contact-types', 'POST')).toHaveLength(2));
    expect(api.callsTo('/api/contact-types', 'POST')[1]?.body).toEqual({ name: 'Tenant' });
    await waitFor(() =>
      expect((within(form).getByLabelText('New contact type') as HTMLInputElement).value).toBe(''),
    );
  });

  it('renames inline and shows a duplicate name (409) under the input', async () => {
    let attempts = 0;
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/contact-types') return ok([buyer]);
        if (call.path === `/api/contact-types/${TYPE_ID}/updating_contact`) {
          attempts += 1;
          return attempts === 1
            ? fail(409, 'A contact type named "Seller" already exists')
            : ok(makeContactType({ name: 'Buyers' }));
        }
        return undefined;
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Buyer' }));
    const input = await screen.findByLabelText('Contact type name');
    fireEvent.change(input, { target: { value: 'Seller' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('A contact type named "Seller" already exists')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Contact type name'), { target: { value: 'Buyers' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(screen.queryByLabelText('Contact type name')).toBeNull());
    expect(api.callsTo(`/api/contact-types/${TYPE_ID}/updating_contact`, 'PATCH')[1]?.body).toEqual({
      name: 'Buyers',
    });
  });

  it('shows the refusal to delete a type in use inside the dialog', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/contact-types') return ok([buyer]);
        if (call.path === `/api/contact-types/${TYPE_ID}` && call.method === 'DELETE') {
          return fail(409, '2 contacts have the type "Buyer": change their type first');
        }
        return undefined;
      }),
    );
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Buyer' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('2 contacts have the type "Buyer": change their type first'),
    ).toBeTruthy();
  });

  it('shows an empty list, and read-only rows to a MEMBER', async () => {
    installFakeApi(
      withPermissions('MEMBER', (call) => (call.path === '/api/contact-types' ? ok([]) : undefined)),
    );
    render();
    const empty = await screen.findByTestId('contact-types-empty');
    expect(within(empty).getByText('No contact types yet')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add contact type' })).toBeNull();
    cleanup();

    installFakeApi(
      withPermissions('MEMBER', (call) => (call.path === '/api/contact-types' ? ok([buyer]) : undefined)),
    );
    render();
    await screen.findByTestId('contact-type-row');
    expect(screen.queryByRole('button', { name: 'Rename Buyer' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Buyer' })).toBeNull();
  });
});
