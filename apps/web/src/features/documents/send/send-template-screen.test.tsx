import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, invalid, ok, type FakeHandler } from '../../../shared/testing/fake-api';
import { withPermissions } from '../../team/team-test-utils';
import {
  COMPANY_DOC_ID,
  CONFIG_ID,
  makeConfigurableDocument,
  makeEmployeeDocument,
  makeField,
  makeRecipient,
  renderRoute,
} from '../documents-test-utils';
import { SendTemplateScreen } from './send-template-screen';
import { staffSessionPerTest } from '../../../shared/testing/test-session';

const PATTERN = '/send-template/mail/:id/:document_id';
const PATH = `/send-template/mail/${CONFIG_ID}/${COMPANY_DOC_ID}`;

const template = makeConfigurableDocument({
  name: 'Rent agreement',
  is_template: true,
  document_users: [
    makeRecipient({ key: 'buyer', role_name: 'Buyer', email: '', first_name: '', last_name: '' }),
    makeRecipient({
      key: 'seller',
      role_name: 'Seller',
      email: '',
      first_name: '',
      last_name: '',
      color: '#1C7ED6',
    }),
  ],
  fields: [
    makeField({ key: 'sig-b', recipient_key: 'buyer' }),
    makeField({ key: 'sig-s', recipient_key: 'seller' }),
    makeField({ key: 'flat', type: 'TEXT', label: 'Flat number', recipient_key: 'buyer' }),
    makeField({
      key: 'rent',
      type: 'NUMBER',
      label: 'Monthly rent',
      recipient_key: 'seller',
      default_value: '25000',
    }),
    makeField({ key: 'pets', type: 'CHECKBOX', label: 'Pets allowed', recipient_key: 'seller' }),
    makeField({
      key: 'city',
      type: 'DROPDOWN',
      label: 'City',
      recipient_key: 'buyer',
      options: ['Pune', 'Mumbai'],
    }),
  ],
});

function server(next: FakeHandler, document = template): FakeHandler {
  return withPermissions('OWNER', (call) => {
    if (call.path === `/api/configurable-documents/${CONFIG_ID}` && call.method === 'GET')
      return ok(document);
    return next(call);
  });
}

function role(name: string) {
  return screen.getByRole('region', { name: `Role ${name}` });
}

function fillPerson(name: string, email: string, first: string, last: string) {
  fireEvent.change(screen.getByLabelText(`Email of ${name}`), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(`First name of ${name}`), { target: { value: first } });
  fireEvent.change(screen.getByLabelText(`Last name of ${name}`), { target: { value: last } });
}

staffSessionPerTest();

describe('SendTemplateScreen', { timeout: 20_000 }, () => {
  it('takes a person per role and the prefilled fields, and sends them with a send key', async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/document-templates/documents/send-template'
          ? ok(makeEmployeeDocument({ name: 'Rent agreement – 4B' }))
          : undefined,
      ),
    );
    renderRoute(<SendTemplateScreen />, PATTERN, PATH);

    await screen.findByLabelText('Email of Buyer');
    expect(screen.getAllByTestId('role-card')).toHaveLength(2);
    // Only the fillable fields of each role are offered, under that role.
    expect(within(role('Buyer')).getByLabelText('Flat number')).toBeTruthy();
    expect(within(role('Buyer')).getByLabelText('City')).toBeTruthy();
    expect(within(role('Seller')).getByLabelText('Monthly rent')).toHaveProperty('value', '25000');
    expect(within(role('Seller')).getByLabelText('Pets allowed')).toBeTruthy();

    fillPerson('Buyer', 'Ravi@Example.com', 'Ravi', 'Kumar');
    fillPerson('Seller', 'meera@example.com', 'Meera', 'Shah');
    fireEvent.change(screen.getByLabelText('Flat number'), { target: { value: '4B' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Pune' } });
    fireEvent.click(screen.getByLabelText('Pets allowed'));
    fireEvent.change(screen.getByLabelText(/Document name/), { target: { value: 'Rent agreement – 4B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByTestId('send-success')).toBeTruthy();
    const sends = api.callsTo('/api/document-templates/documents/send-template', 'POST');
    expect(sends).toHaveLength(1);
    expect(sends[0]?.body).toEqual({
      configurable_document_id: CONFIG_ID,
      name: 'Rent agreement – 4B',
      document_users: [
        { key: 'buyer', email: 'ravi@example.com', first_name: 'Ravi', last_name: 'Kumar' },
        { key: 'seller', email: 'meera@example.com', first_name: 'Meera', last_name: 'Shah' },
      ],
      // The rent kept its default, so it is not sent.
      prefill: { flat: '4B', city: 'Pune', pets: 'true' },
      settings: {
        ...template.settings,
        email_subject: 'Please sign',
        email_message: 'Hello',
        expire_after_days: 30,
      },
      send_key: expect.any(String),
    });
  });

  it('checks every role has a valid email and a name before calling', async () => {
    const api = installFakeApi(server(() => undefined));
    renderRoute(<SendTemplateScreen />, PATTERN, PATH);
    await screen.findByLabelText('Email of Buyer');
    fillPerson('Buyer', 'ravi@example', 'Ravi', '');
    fillPerson('Seller', 'meera@example.com', '', '');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(within(role('Buyer')).getByText('Enter a valid email address')).toBeTruthy();
    expect(within(role('Seller')).getByText('Enter a name')).toBeTruthy();
    expect(api.callsTo('/api/document-templates/documents/send-template')).toHaveLength(0);

    // Typing clears the message of that input.
    fireEvent.change(screen.getByLabelText('Email of Buyer'), { target: { value: 'ravi@example.com' } });
    expect(within(role('Buyer')).queryByText('Enter a valid email address')).toBeNull();
  });

  it('shows 422 details at the right inputs and retries with the same send key', async () => {
    let attempt = 0;
    const api = installFakeApi(
      server((call) => {
        if (call.path !== '/api/document-templates/documents/send-template') return undefined;
        attempt += 1;
        if (attempt === 1) {
          return invalid({
            'document_users.1.email': 'This person unsubscribed from our mails',
            'prefill.flat': 'At most 10 characters',
            'fields.0.page': 'Page 1 does not exist',
          });
        }
        if (attempt === 2) return fail(502, 'Bad gateway');
        return ok(makeEmployeeDocument());
      }),
    );
    renderRoute(<SendTemplateScreen />, PATTERN, PATH);
    await screen.findByLabelText('Email of Buyer');
    fillPerson('Buyer', 'ravi@example.com', 'Ravi', 'Kumar');
    fillPerson('Seller', 'meera@example.com', 'Meera', 'Shah');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await within(role('Seller')).findByText('This person unsubscribed from our mails')).toBeTruthy();
    expect(screen.getByLabelText('Email of Seller').getAttribute('aria-invalid')).toBe('true');
    expect(within(role('Buyer')).getByText('At most 10 characters')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Page 1 does not exist');

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Bad gateway')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('send-success')).toBeTruthy();

    const keys = api
      .callsTo('/api/document-templates/documents/send-template')
      .map((call) => (call.body as { send_key: string }).send_key);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(1);
  });

  it('sends with no expiry when "Never expires" is ticked', async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/document-templates/documents/send-template'
          ? ok(makeEmployeeDocument())
          : undefined,
      ),
    );
    renderRoute(<SendTemplateScreen />, PATTERN, PATH);
    await screen.findByLabelText('Email of Buyer');
    fillPerson('Buyer', 'ravi@example.com', 'Ravi', 'Kumar');
    fillPerson('Seller', 'meera@example.com', 'Meera', 'Shah');
    fireEvent.click(screen.getByLabelText('Never expires'));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.callsTo('/api/document-templates/documents/send-template')).toHaveLength(1),
    );
    expect(api.callsTo('/api/document-templates/documents/send-template')[0]?.body).toMatchObject({
      settings: { expire_after_days: null },
    });
  });

  it('fills a role from the address book and sends its contact id', async () => {
    const contactId = '5c1b2c3d-0000-4000-8000-000000000001';
    const api = installFakeApi(
      server((call) => {
        if (call.path === '/api/contact-users') {
          return ok([
            {
              _id: contactId,
              contact_id: contactId,
              email: 'priya@example.com',
              first_name: 'Priya',
              last_name: 'Nair',
              name: 'Priya Nair',
              account_name: 'Nair Estates',
              contact_type: 'Buyer',
            },
          ]);
        }
        if (call.path === '/api/document-templates/documents/send-template')
          return ok(makeEmployeeDocument());
        return undefined;
      }),
    );
    renderRoute(<SendTemplateScreen />, PATTERN, PATH);
    const finder = await screen.findByRole('textbox', { name: 'Find a contact for Buyer' });
    fireEvent.focus(finder);
    fireEvent.click(await screen.findByRole('option', { name: /Priya Nair/ }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email of Buyer')).toHaveProperty('value', 'priya@example.com'),
    );
    expect(screen.getByLabelText('First name of Buyer')).toHaveProperty('value', 'Priya');
    fillPerson('Seller', 'meera@example.com', 'Meera', 'Shah');
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.callsTo('/api/document-templates/documents/send-template')).toHaveLength(1),
    );
    expect(
      (
        api.callsTo('/api/document-templates/documents/send-template')[0]?.body as {
          document_users: unknown[];
        }
      ).document_users[0],
    ).toEqual({
      key: 'buyer',
      email: 'priya@example.com',
      first_name: 'Priya',
      last_name: 'Nair',
      contact_id: contactId,
    });
  });

  it('refuses users who may not send templates', async () => {
    installFakeApi(withPermissions('MEMBER'));
    renderRoute(<SendTemplateScreen />, PATTERN, PATH);
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });
});
