import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  TWhatsappAccount,
  TWhatsappMessage,
  TWhatsappPurposeSetting,
  TWhatsappStatus,
  TWhatsappTemplate,
} from '@esigns/contracts/whatsapp';
import { fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { renderScreenAt } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { paged, withPermissions } from '../team/team-test-utils';
import { WhatsappListScreen } from './whatsapp-list-screen';
import { WhatsappScreen } from './whatsapp-screen';

const account: TWhatsappAccount = {
  _id: 'a1',
  name: 'Sales',
  phone_number_id: '100000000000001',
  waba_id: '200000000000001',
  display_phone_number: '+1 555-000-1111',
  verified_name: 'Acme',
  webhook_url: 'https://app.test/api/whatsapp/webhook/a1',
  verify_token: 'verify-me',
  verified_at: '2026-11-29T10:00:00.000Z',
  templates_synced_at: '2026-11-29T10:00:00.000Z',
  templates: 2,
  approved_templates: 1,
  created_at: '2026-11-29T10:00:00.000Z',
};
const templates: TWhatsappTemplate[] = [
  {
    _id: 't1',
    account_id: 'a1',
    name: 'signing_link',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    body: 'Hello {{1}}, sign {{2}}: {{3}}',
    parameters: 3,
    usable: true,
  },
  {
    _id: 't2',
    account_id: 'a1',
    name: 'promo',
    language: 'en_US',
    status: 'PENDING',
    category: 'MARKETING',
    body: 'Offer {{1}}',
    parameters: 1,
    usable: false,
  },
];
const purposes: TWhatsappPurposeSetting[] = (['SIGNING_LINK', 'REMINDER', 'FORM_LINK'] as const).map(
  (purpose) => ({
    purpose,
    enabled: false,
    template_id: null,
    parameters: [],
  }),
);
const unconfigured: TWhatsappStatus = {
  accounts: 0,
  graph_url: 'https://graph.facebook.com/v21.0',
  missing: ['Connect a WhatsApp Business account: its phone number id ...'],
};
const message: TWhatsappMessage = {
  _id: 'm1',
  account_id: 'a1',
  purpose: 'SIGNING_LINK',
  contact_id: 'c1',
  contact_name: 'Wanda Apps',
  to: '447700900123',
  template_name: 'signing_link',
  language: 'en_US',
  status: 'FAILED',
  error: '131026: Message undeliverable',
  wa_message_id: 'wamid.1',
  created_at: '2026-11-29T10:00:00.000Z',
  sent_at: null,
  status_at: '2026-11-29T10:01:00.000Z',
};

function server(options: {
  accounts: TWhatsappAccount[];
  status?: TWhatsappStatus;
  post?: FakeHandler;
}): FakeHandler {
  return withPermissions('ADMIN', (call) => {
    if (call.path === '/api/whatsapp/status')
      return ok(options.status ?? { ...unconfigured, accounts: 1, missing: [] });
    if (call.path === '/api/whatsapp/accounts' && call.method === 'GET') return ok(options.accounts);
    if (call.path === '/api/whatsapp/templates') return ok(options.accounts.length ? templates : []);
    if (call.path === '/api/whatsapp/purposes') return ok(purposes);
    if (call.path === '/api/whatsapp/messages') return ok(paged([message]));
    return options.post?.(call);
  });
}

staffSessionPerTest();

describe('WhatsappScreen', { timeout: 20_000 }, () => {
  it('says what is needed and connects an account; a refusal shows on its field', async () => {
    const api = installFakeApi(
      server({
        accounts: [],
        status: unconfigured,
        post: (call) =>
          call.path === '/api/whatsapp/accounts' && call.method === 'POST'
            ? fail(422, 'The WhatsApp Cloud API refused these details', {
                errors: {
                  details: [
                    { key: 'access_token', message: 'Invalid OAuth access token', path: ['access_token'] },
                  ],
                },
              })
            : undefined,
      }),
    );
    renderScreenAt(<WhatsappScreen />, '/configuration/Whatsapp', '/configuration/Whatsapp');
    expect(await screen.findByTestId('whatsapp-missing')).toBeTruthy();
    expect(screen.getByText(/permanent access token/)).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Connect a WhatsApp account' });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Name' }), { target: { value: 'Sales' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Phone number id' }), {
      target: { value: '100000000000001' },
    });
    fireEvent.change(within(form).getByRole('textbox', { name: 'WhatsApp Business account id' }), {
      target: { value: '200000000000001' },
    });
    fireEvent.change(within(form).getByLabelText(/Access token/), {
      target: { value: 'EAAwrong000000000000000' },
    });
    fireEvent.change(within(form).getByLabelText(/App secret/), {
      target: { value: '0123456789abcdef0123456789abcdef' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Connect and test' }));
    expect(await screen.findByText('Invalid OAuth access token')).toBeTruthy();
    expect(api.callsTo('/api/whatsapp/accounts', 'POST')[0]?.body).toMatchObject({
      name: 'Sales',
      phone_number_id: '100000000000001',
      access_token: 'EAAwrong000000000000000',
    });
  });

  it('shows an account with what to give Meta, tests it, and maps a purpose to an approved template', async () => {
    const api = installFakeApi(
      server({
        accounts: [account],
        post: (call) => {
          if (call.path === '/api/whatsapp/accounts/a1/test') return ok(account);
          if (call.path === '/api/whatsapp/purposes/SIGNING_LINK')
            return ok({ ...purposes[0], ...(call.body as object) });
          return undefined;
        },
      }),
    );
    renderScreenAt(<WhatsappScreen />, '/configuration/Whatsapp', '/configuration/Whatsapp');
    const card = await screen.findByTestId('whatsapp-account');
    expect(within(card).getByText('https://app.test/api/whatsapp/webhook/a1')).toBeTruthy();
    expect(within(card).getByText('verify-me')).toBeTruthy();
    fireEvent.click(within(card).getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText('The connection works')).toBeTruthy();

    const purpose = screen.getByTestId('purpose-SIGNING_LINK');
    fireEvent.click(within(purpose).getByRole('combobox', { name: 'Template' }));
    await waitFor(() => expect(screen.getByRole('option', { name: /promo/ })).toBeTruthy());
    expect(screen.getByRole('option', { name: /promo/ }).getAttribute('data-combobox-disabled')).toBe('true');
    fireEvent.click(screen.getByRole('option', { name: 'signing_link (en_US)' }));
    expect(within(purpose).getByText('Hello {{1}}, sign {{2}}: {{3}}')).toBeTruthy();
    fireEvent.click(within(purpose).getByRole('switch'));
    fireEvent.click(within(purpose).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('/api/whatsapp/purposes/SIGNING_LINK', 'PUT')).toHaveLength(1));
    expect(api.callsTo('/api/whatsapp/purposes/SIGNING_LINK', 'PUT')[0]?.body).toEqual({
      enabled: true,
      template_id: 't1',
      parameters: ['recipient_name', 'document_name', 'sender_name'],
    });
  });
});

describe('WhatsappListScreen', { timeout: 20_000 }, () => {
  it('lists the accounts and the message log with each status and reason', async () => {
    installFakeApi(server({ accounts: [account] }));
    renderScreenAt(<WhatsappListScreen />, '/configuration/WhatsappList', '/configuration/WhatsappList');
    expect(await screen.findByTestId('whatsapp-account-summary')).toBeTruthy();
    const row = await screen.findByTestId('whatsapp-message');
    expect(within(row).getByText('Wanda Apps')).toBeTruthy();
    expect(within(row).getByText('FAILED')).toBeTruthy();
    expect(within(row).getByText('131026: Message undeliverable')).toBeTruthy();
  });
});
