import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TWhatsappAccount, TWhatsappMessage, TWhatsappTemplate } from '@esigns/contracts/whatsapp';
// @ts-expect-error plain ESM script without types (scripts/whatsapp-test-server.mjs)
import { DEFAULT_TEMPLATES, startWhatsappTestServer } from '../../../../../scripts/whatsapp-test-server.mjs';
import { signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { sendForSigning } from '../signing/test-helpers';
import { callsOf, detailKeys } from '../../../test/inject-calls';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { until } from '../../../test/test-workers';

/*
 * WhatsApp through the local Cloud API server (scripts/whatsapp-test-server.mjs): connecting an
 * account (refused credentials store nothing), templates synced, purposes mapped, a document sent
 * to an opted-in contact sends one template message (none to a contact without opt-in), Meta's
 * signed status webhook (a wrong signature changes nothing, a replay is handled once), and another
 * company's ids answering 404.
 */

type Delivery = { body: string; headers: Record<string, string> };
type Sent = {
  wamid: string;
  body: { to: string; template: { name: string; components: { parameters: { text: string }[] }[] } };
};
type WaServer = {
  graphUrl: string;
  sent: Sent[];
  options: { pageSize?: number; failNextSend?: number };
  addAccount: (a: object) => void;
  postStatus: (input: object) => Promise<number>;
  close: () => Promise<void>;
};

const ACME = {
  token: 'EAAacme000000000000000000000',
  phoneNumberId: '100000000000001',
  wabaId: '200000000000001',
  appSecret: '0123456789abcdef0123456789abcdef',
};
const OTHER = {
  token: 'EAAother00000000000000000000',
  phoneNumberId: '100000000000002',
  wabaId: '200000000000002',
  appSecret: 'fedcba9876543210fedcba9876543210',
};

let t: TestApp;
let wa: WaServer;
let acme: SeededCompany;
let other: SeededCompany;
let account: TWhatsappAccount;
let otherAccount: TWhatsappAccount;
const call = callsOf(() => t.app);
const templates = DEFAULT_TEMPLATES.map((x: object) => ({ ...x }));

const connect = (who: SeededCompany, creds: typeof ACME, extra: object = {}) =>
  call('POST', '/api/whatsapp/accounts', who.users.OWNER, {
    name: 'Main number',
    phone_number_id: creds.phoneNumberId,
    waba_id: creds.wabaId,
    access_token: creds.token,
    app_secret: creds.appSecret,
    ...extra,
  });

const toApp =
  (accountId: string) =>
  async ({ body, headers }: Delivery) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/whatsapp/webhook/${accountId}`,
        headers,
        payload: body,
      })
    ).statusCode;

async function contact(who: SeededCompany, phone: string) {
  const email = uniqueEmail('wa');
  const res = await call('POST', '/api/contacts', who.users.OWNER, {
    email,
    first_name: 'Wanda',
    last_name: 'Apps',
    phone,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().data._id as string, email };
}

const optIn = (who: SeededCompany, contactId: string, opted = true) =>
  call('PUT', `/api/whatsapp/opt-ins/${contactId}`, who.users.ADMIN, {
    opted_in: opted,
    source: 'Signed paper form',
  });

const messages = async (who: SeededCompany, query = '') =>
  (await call('GET', `/api/whatsapp/messages?limit=50${query}`, who.users.OWNER)).json().data as {
    data: TWhatsappMessage[];
    total: number;
  };

const sendDoc = (email: string) =>
  sendForSigning(t, acme.users.OWNER, acme.companyId, {
    name: 'Lease WA',
    document_users: [signer('r1', email)],
    fields: [signatureField('sig', 'r1')],
  });

beforeAll(async () => {
  wa = (await startWhatsappTestServer({
    accounts: [
      { ...ACME, templates },
      { ...OTHER, templates: DEFAULT_TEMPLATES },
    ],
  })) as WaServer;
  t = await buildTestApp({ WHATSAPP_GRAPH_URL: wa.graphUrl });
  acme = await seedCompany(t, { name: 'WA Acme' });
  other = await seedCompany(t, { name: 'WA Other' });
}, 240_000);
afterAll(async () => {
  await t?.close();
  await wa?.close();
});

describe('whatsapp accounts', () => {
  it('says what is needed while nothing is configured', async () => {
    const res = await call('GET', '/api/whatsapp/status', acme.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    const status = res.json().data;
    expect(status.accounts).toBe(0);
    expect(status.graph_url).toBe(wa.graphUrl);
    expect(status.missing.join(' ')).toMatch(/Connect a WhatsApp Business account/);
  });

  it('refuses credentials the Cloud API refuses, and bad input, storing nothing', async () => {
    const badToken = await connect(acme, ACME, { access_token: 'EAAwrong00000000000000000000' });
    expect(badToken.statusCode, badToken.body).toBe(422);
    expect(detailKeys(badToken)).toEqual(['access_token']);
    const badPhone = await connect(acme, ACME, { phone_number_id: '999999999' });
    expect(badPhone.statusCode).toBe(422);
    expect(detailKeys(badPhone)).toEqual(['phone_number_id']);
    const badWaba = await connect(acme, ACME, { waba_id: '999999999' });
    expect(badWaba.statusCode).toBe(422);
    expect(detailKeys(badWaba)).toEqual(['waba_id']);
    const badInput = await connect(acme, ACME, { app_secret: 'not-hex', phone_number_id: 'abc' });
    expect(badInput.statusCode).toBe(422);
    expect(detailKeys(badInput).sort()).toEqual(['app_secret', 'phone_number_id']);
    const noBody = await call('POST', '/api/whatsapp/accounts', acme.users.OWNER, [1, 2]);
    expect(noBody.statusCode).toBe(422);
    expect((await call('GET', '/api/whatsapp/accounts', acme.users.OWNER)).json().data).toEqual([]);
  });

  it('connects an account with its templates; never answers the secrets; 409 for the same number', async () => {
    const res = await connect(acme, ACME);
    expect(res.statusCode, res.body).toBe(200);
    account = res.json().data;
    expect(account).toMatchObject({
      phone_number_id: ACME.phoneNumberId,
      display_phone_number: '+1 555-000-1111',
      templates: 4,
      approved_templates: 3,
    });
    expect(account.webhook_url).toBe(`http://localhost:3000/api/whatsapp/webhook/${account._id}`);
    expect(res.body).not.toContain(ACME.token);
    expect(res.body).not.toContain(ACME.appSecret);
    expect((await connect(acme, ACME)).statusCode).toBe(409);
    const list = await call('GET', '/api/whatsapp/accounts', acme.users.OWNER);
    expect(list.json().data.map((a: TWhatsappAccount) => a._id)).toEqual([account._id]);
    expect(list.body).not.toContain(ACME.token);
    const otherRes = await connect(other, OTHER);
    expect(otherRes.statusCode, otherRes.body).toBe(200);
    otherAccount = otherRes.json().data;
  });

  it('tests the connection; a member without the permission gets 403', async () => {
    const res = await call('POST', `/api/whatsapp/accounts/${account._id}/test`, acme.users.ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.verified_at).not.toBeNull();
    const denied = await call('POST', `/api/whatsapp/accounts/${account._id}/test`, acme.users.MEMBER);
    expect(denied.statusCode).toBe(403);
  });

  it('a new token is tried before it is saved', async () => {
    const bad = await call('PATCH', `/api/whatsapp/accounts/${account._id}`, acme.users.OWNER, {
      access_token: 'EAAwrong00000000000000000000',
    });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(detailKeys(bad)).toEqual(['access_token']);
    const renamed = await call('PATCH', `/api/whatsapp/accounts/${account._id}`, acme.users.OWNER, {
      name: 'Sales',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('Sales');
    // The stored token still works.
    expect(
      (await call('POST', `/api/whatsapp/accounts/${account._id}/test`, acme.users.OWNER)).statusCode,
    ).toBe(200);
  });

  it('syncs templates page by page: new ones added, vanished ones removed, kept ones keep their id', async () => {
    const before = (
      await call('GET', `/api/whatsapp/templates?account_id=${account._id}`, acme.users.OWNER)
    ).json().data as TWhatsappTemplate[];
    const keptId = before.find((x) => x.name === 'signing_link')!._id;
    templates.push({
      id: '1005',
      name: 'form_link_es',
      language: 'es',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Hola {{1}}: {{2}}' }],
    });
    const promo = templates.findIndex((x: { name: string }) => x.name === 'promo_pending');
    templates.splice(promo, 1);
    wa.options.pageSize = 2;
    const res = await call('POST', `/api/whatsapp/accounts/${account._id}/templates/sync`, acme.users.OWNER);
    wa.options.pageSize = undefined;
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().data as TWhatsappTemplate[];
    expect(after.map((x) => x.name).sort()).toEqual([
      'form_link',
      'form_link_es',
      'signing_link',
      'signing_reminder',
    ]);
    expect(after.find((x) => x.name === 'signing_link')!._id).toBe(keptId);
    expect(after.find((x) => x.name === 'form_link_es')).toMatchObject({ parameters: 2, usable: true });
  });

  it("another company's account is a 404 on every call", async () => {
    const id = otherAccount._id;
    expect((await call('GET', `/api/whatsapp/accounts/${id}`, acme.users.OWNER)).statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/whatsapp/accounts/${id}`, acme.users.OWNER, { name: 'x' })).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/whatsapp/accounts/${id}/test`, acme.users.OWNER)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/whatsapp/accounts/${id}/templates/sync`, acme.users.OWNER)).statusCode,
    ).toBe(404);
    expect((await call('GET', `/api/whatsapp/templates?account_id=${id}`, acme.users.OWNER)).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/api/whatsapp/messages?account_id=${id}`, acme.users.OWNER)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/whatsapp/accounts/${id}`, acme.users.OWNER)).statusCode).toBe(404);
    expect((await call('GET', '/api/whatsapp/accounts/not-an-id', acme.users.OWNER)).statusCode).toBe(404);
    expect((await call('GET', `/api/whatsapp/accounts/${id}`, other.users.OWNER)).statusCode).toBe(200);
  });
});

describe('purposes and opt-in', () => {
  it('enables a purpose only with an approved template of the company and one value per parameter', async () => {
    const list = (await call('GET', '/api/whatsapp/templates', acme.users.OWNER)).json()
      .data as TWhatsappTemplate[];
    const link = list.find((x) => x.name === 'signing_link')!;
    const put = (body: object) => call('PUT', '/api/whatsapp/purposes/SIGNING_LINK', acme.users.OWNER, body);
    const missing = await put({ enabled: true, template_id: link._id, parameters: ['recipient_name'] });
    expect(missing.statusCode).toBe(422);
    expect(detailKeys(missing)).toEqual(['parameters']);
    const unknown = await put({
      enabled: true,
      template_id: link._id,
      parameters: ['recipient_name', 'form_name', 'link'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(detailKeys(unknown)).toEqual(['parameters.1']);
    const others = (await call('GET', '/api/whatsapp/templates', other.users.OWNER)).json()
      .data as TWhatsappTemplate[];
    const foreign = await put({ enabled: true, template_id: others[0]!._id, parameters: [] });
    expect(foreign.statusCode).toBe(422);
    expect(detailKeys(foreign)).toContain('template_id');
    const pending = others.find((x) => x.name === 'promo_pending')!;
    const notApproved = await call('PUT', '/api/whatsapp/purposes/SIGNING_LINK', other.users.OWNER, {
      enabled: true,
      template_id: pending._id,
      parameters: ['recipient_name'],
    });
    expect(notApproved.statusCode).toBe(422);
    expect(detailKeys(notApproved)).toEqual(['template_id']);
    expect(
      (
        await call('PUT', '/api/whatsapp/purposes/NOPE', acme.users.OWNER, {
          enabled: false,
          template_id: null,
          parameters: [],
        })
      ).statusCode,
    ).toBe(422);
    const ok = await put({
      enabled: true,
      template_id: link._id,
      parameters: ['recipient_name', 'document_name', 'link'],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const purposes = (await call('GET', '/api/whatsapp/purposes', acme.users.OWNER)).json().data;
    expect(purposes.map((p: { purpose: string; enabled: boolean }) => [p.purpose, p.enabled])).toEqual([
      ['SIGNING_LINK', true],
      ['REMINDER', false],
      ['FORM_LINK', false],
    ]);
  });

  it("records a contact's consent with its source and time; another company's contact is a 404", async () => {
    const c = await contact(acme, '+1 (555) 010-2030');
    const first = await call('GET', `/api/whatsapp/opt-ins/${c.id}`, acme.users.OWNER);
    expect(first.json().data).toMatchObject({ opted_in: false, recorded_at: null, phone_usable: true });
    const res = await optIn(acme, c.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      opted_in: true,
      source: 'Signed paper form',
      recorded_by: acme.users.ADMIN.userId,
    });
    expect(res.json().data.recorded_at).not.toBeNull();
    expect(
      (await call('PUT', `/api/whatsapp/opt-ins/${c.id}`, acme.users.OWNER, { opted_in: true })).statusCode,
    ).toBe(422);
    expect((await call('GET', `/api/whatsapp/opt-ins/${c.id}`, other.users.OWNER)).statusCode).toBe(404);
    expect((await optIn(other, c.id)).statusCode).toBe(404);
    expect((await call('GET', '/api/whatsapp/opt-ins/zzz', acme.users.OWNER)).statusCode).toBe(404);
  });
});

describe('sending and statuses', () => {
  let message: TWhatsappMessage;

  it('a document sent to an opted-in contact sends one template message; none without opt-in or a number', async () => {
    const yes = await contact(acme, '+44 7700 900123');
    expect((await optIn(acme, yes.id)).statusCode).toBe(200);
    const no = await contact(acme, '+44 7700 900124');
    const noPhone = await contact(acme, '');
    expect((await optIn(acme, noPhone.id)).statusCode).toBe(200);
    const withdrawn = await contact(acme, '+44 7700 900125');
    expect((await optIn(acme, withdrawn.id)).statusCode).toBe(200);
    expect((await optIn(acme, withdrawn.id, false)).statusCode).toBe(200);
    const before = wa.sent.length;
    const doc = await sendDoc(yes.email);
    for (const c of [no, noPhone, withdrawn]) await sendDoc(c.email);
    message = await until(
      async () => (await messages(acme, `&contact_id=${yes.id}`)).data.find((m) => m.status === 'SENT'),
      'the message sent',
      150_000,
    );
    expect(message).toMatchObject({
      purpose: 'SIGNING_LINK',
      to: '447700900123',
      template_name: 'signing_link',
    });
    const all = await messages(acme);
    expect(all.data.map((m) => m.contact_id)).toEqual([yes.id]);
    const got = wa.sent.slice(before);
    expect(got).toHaveLength(1);
    expect(got[0]!.wamid).toBe(message.wa_message_id);
    const params = got[0]!.body.template.components[0]!.parameters.map((p) => p.text);
    expect(params[0]).toBe('R1 Tester');
    expect(params[1]).toBe('Lease WA');
    expect(params[2]).toContain(`/emp-documents/preview/${doc._id}/pp/vp/`);
    // The log never shows the link.
    expect(JSON.stringify(all)).not.toContain('token=');
    expect((await messages(other)).total).toBe(0);
  }, 180_000);

  it("Meta's check of the callback URL answers the challenge for the account's verify token only", async () => {
    const url = (token: string) =>
      `/api/whatsapp/webhook/${account._id}?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=12345`;
    const okRes = await t.app.inject({ method: 'GET', url: url(account.verify_token) });
    expect(okRes.statusCode).toBe(200);
    expect(okRes.body).toBe('12345');
    expect((await t.app.inject({ method: 'GET', url: url(otherAccount.verify_token) })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/whatsapp/webhook/${account._id}` })).statusCode,
    ).toBe(403);
  });

  it('refuses a status with a wrong signature; applies a signed one once; a replay changes nothing', async () => {
    const status = {
      wabaId: ACME.wabaId,
      phoneNumberId: ACME.phoneNumberId,
      wamid: message.wa_message_id,
      recipient: message.to,
    };
    const deliver = toApp(account._id);
    expect(await wa.postStatus({ ...status, status: 'delivered', appSecret: OTHER.appSecret, deliver })).toBe(
      400,
    );
    expect(await wa.postStatus({ ...status, status: 'delivered', signature: 'sha256=00', deliver })).toBe(
      400,
    );
    expect(await wa.postStatus({ ...status, status: 'delivered', signature: '', deliver })).toBe(400);
    const read = async () => (await messages(acme, `&contact_id=${message.contact_id}`)).data[0]!;
    expect((await read()).status).toBe('SENT');

    const body = JSON.stringify({
      entry: [
        {
          changes: [
            {
              field: 'messages',
              value: {
                statuses: [{ id: message.wa_message_id, status: 'delivered', timestamp: '1700000000' }],
              },
            },
          ],
        },
      ],
    });
    const { createHmac } = await import('node:crypto');
    const headers = {
      'content-type': 'application/json',
      'x-hub-signature-256': `sha256=${createHmac('sha256', ACME.appSecret).update(body).digest('hex')}`,
    };
    const first = await t.app.inject({
      method: 'POST',
      url: `/api/whatsapp/webhook/${account._id}`,
      headers,
      payload: body,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, applied: 1, duplicates: 0, unknown: 0 });
    expect(await read()).toMatchObject({
      status: 'DELIVERED',
      status_at: new Date(1_700_000_000_000).toISOString(),
    });
    const replay = await t.app.inject({
      method: 'POST',
      url: `/api/whatsapp/webhook/${account._id}`,
      headers,
      payload: body,
    });
    expect(replay.json()).toEqual({ received: true, applied: 0, duplicates: 1, unknown: 0 });

    expect(await wa.postStatus({ ...status, status: 'read', appSecret: ACME.appSecret, deliver })).toBe(200);
    expect((await read()).status).toBe('READ');
    // A late `sent` does not move it back; a status of the other company's account is not this one's.
    expect(await wa.postStatus({ ...status, status: 'sent', appSecret: ACME.appSecret, deliver })).toBe(200);
    expect((await read()).status).toBe('READ');
    expect(
      await wa.postStatus({
        ...status,
        status: 'failed',
        appSecret: OTHER.appSecret,
        deliver: toApp(otherAccount._id),
      }),
    ).toBe(200);
    expect((await read()).status).toBe('READ');
    const unknownAccount = await t.app.inject({
      method: 'POST',
      url: '/api/whatsapp/webhook/00000000-0000-4000-8000-000000000000',
      headers,
      payload: body,
    });
    expect(unknownAccount.statusCode).toBe(404);
  });

  it('a disconnected account takes its templates and log with it', async () => {
    const res = await call('DELETE', `/api/whatsapp/accounts/${otherAccount._id}`, other.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/api/whatsapp/templates', other.users.OWNER)).json().data).toEqual([]);
    expect((await call('GET', '/api/whatsapp/accounts', other.users.OWNER)).json().data).toEqual([]);
  });
});
