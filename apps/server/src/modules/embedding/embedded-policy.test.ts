import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { requireAuth, sessionRoutesOf } from '../../platform/http/authenticate';
import { createDocument, saveLayout, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { EMBEDDED_ALLOWED, EMBEDDED_REFUSED } from '@esigns/contracts/embedded-routes';
import { routeKeysOf } from './frame-policy';

// The embedded-session policy is an allow-list: every route behind a session is either allowed
// (the mirrored screens' calls) or refused after review, and a route in neither list is refused.

/** A route of this test only, behind a session and in neither list: the fail-closed case. */
const UNCLASSIFIED = '/api/zz-embedded-policy-unclassified';

let t: TestApp;
let acme: SeededCompany;
let embedded: SeededUser;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who: { headers: Record<string, string> }, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      extend: (app) => {
        // The secret is the app's own: read when called (t is set by then).
        app.get(
          UNCLASSIFIED,
          {
            onRequest: async (request, reply) =>
              requireAuth(t.config.secrets.jwtSecret).call(app, request, reply),
          },
          async () => ({ success: true }),
        );
      },
    },
  );
  acme = await seedCompany(t, { name: 'Acme Embedded' });
  const keys = await call('POST', '/api/generate-keys', acme.users.OWNER);
  expect(keys.statusCode, keys.body).toBe(200);
  const { client_id: id, client_secret: secret } = keys.json().data;
  const minted = await t.app.inject({
    method: 'POST',
    url: '/api/embed/sso-auth',
    headers: { authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}` },
    payload: { email: acme.users.OWNER.email },
  });
  expect(minted.statusCode, minted.body).toBe(200);
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/embed/session',
    payload: { ssoAuth: minted.json().data.ssoAuth },
  });
  expect(session.statusCode, session.body).toBe(200);
  const token = session.json().data.access_token as string;
  embedded = { ...acme.users.OWNER, token, headers: { authorization: `Bearer ${token}` } };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the route table', () => {
  it('classifies every route behind a session: allowed or refused to an embedded session, never both', () => {
    const allowed = routeKeysOf(EMBEDDED_ALLOWED);
    const refused = routeKeysOf(EMBEDDED_REFUSED);
    const table = sessionRoutesOf(t.app)
      // HEAD answers as GET; a contact-only route refuses every staff session anyway.
      .filter((r) => r.method !== 'HEAD' && r.audience !== 'contact' && r.url !== UNCLASSIFIED)
      .map((r) => `${r.method} ${r.url}`);
    expect(table.length).toBeGreaterThan(400);
    const unclassified = table.filter((key) => !allowed.has(key) && !refused.has(key));
    // A new route: add it to EMBEDDED_ALLOWED or EMBEDDED_REFUSED (embedded-routes.ts, see README.md).
    expect(unclassified).toEqual([]);
    expect([...allowed].filter((key) => refused.has(key))).toEqual([]);
    // Nothing stale: every entry is a route of the table.
    const known = new Set(table);
    expect([...allowed, ...refused].filter((key) => !known.has(key))).toEqual([]);
    const entries = [...EMBEDDED_ALLOWED, ...EMBEDDED_REFUSED].flatMap((g) => g.routes);
    expect(entries.length).toBe(new Set(entries).size);
  });
});

describe('an embedded session', { timeout: 120_000 }, () => {
  it('lists, drafts and sends documents', async () => {
    const list = await call('GET', '/api/documents', embedded);
    expect(list.statusCode, list.body).toBe(200);
    const counts = await call('GET', '/api/employee-documents-counts', embedded);
    expect(counts.statusCode, counts.body).toBe(200);
    const draft = await createDocument(t, embedded, acme.companyId);
    const laid = await saveLayout(t, embedded, draft, {
      fields: [signatureField('f1', 'r1')],
      document_users: [signer('r1', uniqueEmail('emb'))],
    });
    const sent = await call('POST', '/api/company-documents/documents/send', embedded, {
      configurable_document_id: laid._id,
    });
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('reads what the mirrored screens read: contacts, members, permissions, the company, app industries', async () => {
    for (const url of [
      '/api/contacts',
      '/api/user/companyUsers',
      '/api/permissions',
      `/api/company/${acme.companyId}`,
      '/api/get-all-industry-types',
      '/api/entity-view-configuration',
      '/api/formBuilders',
      '/api/workflows',
    ]) {
      const res = await call('GET', url, embedded);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    // A form's saved anonymous links (its public link with a name) stay allowed: they open nothing
    // the form's own settings do not; an unknown one is the module's 404, not the refusal.
    const anonymous = await call('GET', '/api/anonymous-form/7d1c3f0e-5b7a-4c2e-9a41-0f6b2d8e9c13', embedded);
    expect(anonymous.statusCode, anonymous.body).toBe(404);
  });

  it('reads and writes records of an entity', async () => {
    const entity = await call('POST', '/api/entities/create', embedded, {
      name: 'Embedded leads',
      fields: [{ key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' }],
    });
    expect(entity.statusCode, entity.body).toBe(200);
    const e = entity.json().data as { _id: string; primary_template_id: string };
    const added = await call('POST', '/api/entities-data', embedded, {
      entity_id: e._id,
      values: { [e.primary_template_id]: { title: 'Framed' } },
    });
    expect(added.statusCode, added.body).toBe(200);
    const recordId = (added.json().data as { _id: string })._id;
    const read = await call('GET', `/api/entity-data/${recordId}`, embedded);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.body).toContain('Framed');
    const rows = await call('POST', '/api/entities-data/entity/data', embedded, { entity_id: e._id });
    expect(rows.statusCode, rows.body).toBe(200);
  });

  it("is refused on secrets, integrations, payment accounts, mail, team, keys, the embed calls and links for outsiders (iframe links, records' public links)", async () => {
    const unknownId = '7d1c3f0e-5b7a-4c2e-9a41-0f6b2d8e9c13';
    const refused: [Method, string, object?][] = [
      ['GET', '/api/company-seal-certificate'],
      ['PUT', '/api/company-seal-certificate', {}],
      ['DELETE', '/api/company-seal-certificate'],
      ['GET', '/api/sharepoint/connection'],
      ['PUT', '/api/sharepoint/connection', {}],
      ['GET', '/api/whatsapp/accounts'],
      ['POST', '/api/whatsapp/accounts', {}],
      ['GET', '/api/whatsapp/status'],
      ['POST', '/api/payment-systems', {}],
      ['PUT', `/api/updateSystem/${unknownId}`, {}],
      ['GET', `/api/getAccInfo/${unknownId}`],
      ['GET', '/api/config/smtp'],
      ['POST', '/api/config/smtp', {}],
      ['POST', '/api/user/inviteUser', { email: uniqueEmail('inv'), user_type: 'MEMBER' }],
      ['PUT', '/api/user/companyUsers', {}],
      ['DELETE', `/api/user/companyUsers/${acme.users.MEMBER.userId}`],
      ['POST', '/api/createRole', {}],
      ['PATCH', `/api/updateRole/${unknownId}`, {}],
      ['PATCH', `/api/permissions/${unknownId}`, {}],
      ['GET', '/api/Get-keys'],
      ['POST', '/api/generate-keys'],
      ['GET', '/api/fetch-clients'],
      ['GET', '/api/webhooks/endpoints'],
      ['GET', '/api/sso/config'],
      ['GET', '/api/embed/allowed-origins'],
      ['POST', '/api/embed/allowed-origins', { origin: 'https://evil.example' }],
      ['GET', '/api/iframe/get'],
      // Links for people outside the company: records' public links, like iframe links.
      ['POST', '/api/entities-data/public-link', {}],
      ['GET', '/api/entities-data/public-links'],
      ['POST', `/api/entities-data/public-link/${unknownId}/revoke`],
      ['PATCH', '/api/company', {}],
      ['GET', '/api/billing-details'],
      ['POST', '/api/subscription/cancel', {}],
      ['GET', '/api/transfer-account'],
      ['GET', '/api/activity-log'],
      ['GET', '/api/automation-pipeline/list'],
      ['GET', UNCLASSIFIED],
      // Not behind requireAuth (it reads the token itself), refused all the same.
      ['GET', '/api/email-logs'],
    ];
    for (const [method, url, body] of refused) {
      const res = await call(method, url, embedded, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(403);
      expect(res.json().error_code, `${method} ${url}`).toBe('EMBEDDED_SESSION_REFUSED');
    }
    // The same user's ordinary session is not refused.
    for (const url of [
      '/api/company-seal-certificate',
      '/api/sharepoint/connection',
      '/api/whatsapp/accounts',
      '/api/config/smtp',
      '/api/Get-keys',
      '/api/embed/allowed-origins',
      '/api/email-logs',
      UNCLASSIFIED,
    ]) {
      const res = await call('GET', url, acme.users.OWNER);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });
});
