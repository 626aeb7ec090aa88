import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { makePermissionOverview, withPermissions } from '../team/team-test-utils';
import { AddContactScreen, EditContactScreen } from './contact-form-screen';
import { CONTACT_ID, TYPE_ID, makeContact, makeContactType, renderRoute } from './contacts-test-utils';

staffSessionPerTest();

/** Types and account names every form loads. */
const lookups: FakeHandler = (call) => {
  if (call.path === '/api/contact-types')
    return ok([makeContactType(), makeContactType({ _id: 'x2', name: 'Tenant' })]);
  if (call.path === '/api/entity/account-names') return ok(['Rao Estates']);
  return undefined;
};

const renderAdd = () => renderRoute(<AddContactScreen />, '/contacts/add', '/contacts/add');
const renderEdit = (id = CONTACT_ID) =>
  renderRoute(<EditContactScreen />, '/contacts/edit/:contact_id', `/contacts/edit/${id}`);

const field = (form: HTMLElement, label: RegExp) => within(form).getByLabelText(label);

describe('AddContactScreen', () => {
  it('adds a contact, showing the server 422 under its field first', async () => {
    let attempts = 0;
    const api = installFakeApi(
      withPermissions('MEMBER', (call) => {
        if (call.path === '/api/contacts' && call.method === 'POST') {
          attempts += 1;
          return attempts === 1
            ? invalid({ phone: 'Use digits, spaces and + - ( ) . only' })
            : ok(makeContact());
        }
        if (call.path === '/api/contacts/check-contact-email')
          return ok({ available: true, contact_id: null });
        return lookups(call);
      }),
    );
    const router = renderAdd();
    const form = await screen.findByRole('form', { name: 'Add contact' });
    await waitFor(() => expect(within(form).getByRole('option', { name: 'Buyer' })).toBeTruthy());

    fireEvent.change(field(form, /^Email/), { target: { value: ' Asha.Rao@Example.com ' } });
    fireEvent.blur(field(form, /^Email/));
    expect(await within(form).findByLabelText('Email is free')).toBeTruthy();
    fireEvent.change(field(form, /^First name/), { target: { value: 'Asha' } });
    fireEvent.change(field(form, /^Last name/), { target: { value: 'Rao' } });
    fireEvent.change(field(form, /^Phone/), { target: { value: '123' } });
    fireEvent.change(field(form, /^Contact type/), { target: { value: TYPE_ID } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add contact' }));
    expect(await within(form).findByText('Use digits, spaces and + - ( ) . only')).toBeTruthy();

    fireEvent.change(field(form, /^Phone/), { target: { value: '+91 98765 43210' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add contact' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    const posts = api.callsTo('/api/contacts', 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.body).toEqual({
      email: 'asha.rao@example.com',
      first_name: 'Asha',
      last_name: 'Rao',
      phone: '+91 98765 43210',
      title: '',
      account_name: '',
      contact_type_id: TYPE_ID,
    });
    expect(api.callsTo('/api/contacts/check-contact-email')[0]?.body).toEqual({
      email: 'asha.rao@example.com',
    });
  });

  it('checks required fields and a bad email before sending anything', async () => {
    const api = installFakeApi(withPermissions('OWNER', lookups));
    renderAdd();
    const form = await screen.findByRole('form', { name: 'Add contact' });
    fireEvent.change(field(form, /^Email/), { target: { value: 'not-an-email' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add contact' }));
    expect(await within(form).findByText('Enter a valid email address')).toBeTruthy();
    expect(within(form).getByText('Required')).toBeTruthy();
    expect(api.callsTo('/api/contacts', 'POST')).toHaveLength(0);
  });

  it('says when the email belongs to another contact, on blur (not sending) and on a 409', async () => {
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/contacts/check-contact-email') {
          const taken = (call.body as { email: string }).email === 'taken@example.com';
          return ok({ available: !taken, contact_id: taken ? 'other' : null });
        }
        if (call.path === '/api/contacts' && call.method === 'POST') {
          return fail(409, 'A contact with the email race@example.com already exists', {
            error_code: 'CONTACT_EMAIL_EXISTS',
          });
        }
        return lookups(call);
      }),
    );
    renderAdd();
    const form = await screen.findByRole('form', { name: 'Add contact' });
    fireEvent.change(field(form, /^Email/), { target: { value: 'Taken@example.com' } });
    fireEvent.blur(field(form, /^Email/));
    expect(await within(form).findByText('Another contact already has this email')).toBeTruthy();
    fireEvent.change(field(form, /^First name/), { target: { value: 'T' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add contact' }));
    expect(within(form).getByText('Another contact already has this email')).toBeTruthy();
    expect(api.callsTo('/api/contacts', 'POST')).toHaveLength(0);

    // Taken by someone else between the check and the save: the server's 409 shows under the email.
    fireEvent.change(field(form, /^Email/), { target: { value: 'race@example.com' } });
    expect(within(form).queryByText('Another contact already has this email')).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Add contact' }));
    expect(
      await within(form).findByText('A contact with the email race@example.com already exists'),
    ).toBeTruthy();
  });

  it('tells a user type without contacts:create that it cannot add contacts', async () => {
    installFakeApi((call) =>
      call.path === '/api/permissions'
        ? ok(makePermissionOverview('MEMBER', 'BUSINESS', ['contacts:view']))
        : lookups(call),
    );
    renderAdd();
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add contact' })).toBeNull();
  });
});

describe('EditContactScreen', () => {
  it('loads the contact and saves changes with PATCH', async () => {
    const api = installFakeApi(
      withPermissions('MANAGER', (call) => {
        if (call.path === `/api/contacts/${CONTACT_ID}` && call.method === 'GET') return ok(makeContact());
        if (call.path === `/api/contacts/${CONTACT_ID}` && call.method === 'PATCH') {
          return ok(makeContact({ title: 'Partner', contact_type: null, contact_type_id: null }));
        }
        return lookups(call);
      }),
    );
    const router = renderEdit();
    const form = await screen.findByRole('form', { name: 'Edit contact' });
    expect((field(form, /^Email/) as HTMLInputElement).value).toBe('asha.rao@example.com');
    expect(within(form).getByDisplayValue('Rao Estates').getAttribute('name')).toBe('account_name');
    await waitFor(() => expect((field(form, /^Contact type/) as HTMLSelectElement).value).toBe(TYPE_ID));
    // Its own email is no clash: no check is made for it.
    fireEvent.blur(field(form, /^Email/));

    fireEvent.change(field(form, /^Title/), { target: { value: 'Partner' } });
    fireEvent.change(field(form, /^Contact type/), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(api.callsTo(`/api/contacts/${CONTACT_ID}`, 'PATCH')[0]?.body).toMatchObject({
      email: 'asha.rao@example.com',
      title: 'Partner',
      contact_type_id: null,
    });
    expect(api.callsTo('/api/contacts/check-contact-email')).toHaveLength(0);
  });

  it('shows a contact that does not exist (404)', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path.startsWith('/api/contacts/')) return fail(404, 'Contact not found');
        return lookups(call);
      }),
    );
    renderEdit('e1b2c3d4-0000-4000-8000-0000000000ff');
    expect(await screen.findByText('Contact not found')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Edit contact' })).toBeNull();
  });
});
