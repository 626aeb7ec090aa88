import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { signAccessToken } from '../../platform/auth/access-token';
import { emailLogs } from '../../platform/mail/schema';

const COMPANY_A = randomUUID();
const COMPANY_B = randomUUID();

let t: TestApp;
let keyHeaders: Record<string, string>;
const ids: Record<string, string> = {};

async function tokenFor(userType: string, companyId = COMPANY_A): Promise<Record<string, string>> {
  const { token } = await signAccessToken(
    { userId: randomUUID(), companyId, userType },
    t.config.secrets.jwtSecret,
  );
  return { authorization: `Bearer ${token}` };
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await buildTestApp();
  keyHeaders = { 'x-outbox-key': t.config.secrets.outboxKey };
  const mails = [
    { name: 'a1', companyId: COMPANY_A, to: 'alice@example.com', subject: 'Please sign the NDA' },
    { name: 'a2', companyId: COMPANY_A, to: 'Bob.Builder@Example.com', subject: 'Reminder: contract' },
    { name: 'a3', companyId: COMPANY_A, to: 'carol@example.com', subject: 'Document completed' },
    { name: 'b1', companyId: COMPANY_B, to: 'dave@example.com', subject: 'Please sign the lease' },
    { name: 'b2', companyId: COMPANY_B, to: 'erin@example.com', subject: 'Welcome to B' },
    { name: 'n1', companyId: undefined, to: 'frank@example.com', subject: 'Verify your email' },
    { name: 'n2', companyId: undefined, to: 'gina@example.com', subject: '100% done' },
  ];
  // One after the other: the list is ordered by creation time.
  for (const m of mails) {
    const { id } = await t.platform.mail.queue(
      { to: m.to, subject: m.subject, bodyHtml: `<p>Body of ${m.name}</p>`, kind: 'test' },
      m.companyId ? { companyId: m.companyId } : {},
    );
    ids[m.name] = id;
  }
  // Bounded wait until the mail job has moved every mail to the Outbox, so the statuses are stable.
  const deadline = Date.now() + 15_000;
  while (
    (await t.platform.database.db.$count(emailLogs, undefined)) !== mails.length ||
    (await get('/api/outbox?status=OUTBOX&limit=50', keyHeaders)).body.data.total !== mails.length
  ) {
    if (Date.now() > deadline) throw new Error('mails did not reach the Outbox');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/outbox with the outbox key', () => {
  it('lists every mail, newest first, paged', async () => {
    const page1 = await get('/api/outbox?page=1&limit=3', keyHeaders);
    expect(page1.status).toBe(200);
    expect(page1.body.success).toBe(true);
    expect(page1.body.data).toMatchObject({ total: 7, page: 1, total_pages: 3 });
    expect(page1.body.data.data.map((r: { _id: string }) => r._id)).toEqual([ids.n2, ids.n1, ids.b2]);

    const page3 = await get('/api/outbox?page=3&limit=3', keyHeaders);
    expect(page3.body.data.data.map((r: { _id: string }) => r._id)).toEqual([ids.a1]);

    const beyond = await get('/api/outbox?page=9&limit=3', keyHeaders);
    expect(beyond.body.data).toMatchObject({ data: [], total: 7, page: 9 });
  });

  it('answers the documented row shape, without the bodies', async () => {
    const { body } = await get('/api/outbox?limit=1', keyHeaders);
    const row = body.data.data[0];
    expect(Object.keys(row).sort()).toEqual(
      [
        '_id',
        'attempts',
        'cc',
        'created_at',
        'error',
        'kind',
        'retries',
        'sent_at',
        'status',
        'subject',
        'template',
        'template_id',
        'to',
        'transport',
      ].sort(),
    );
    expect(row).toMatchObject({
      to: ['gina@example.com'],
      cc: [],
      kind: 'test',
      template: 'Test',
      template_id: null,
      status: 'OUTBOX',
      attempts: 1,
      retries: 0,
      transport: 'outbox',
      error: null,
      sent_at: null,
    });
    expect(new Date(row.created_at).toISOString()).toBe(row.created_at);
  });

  it.each([
    ['the subject, ignoring case', 'PLEASE SIGN', ['b1', 'a1']],
    ['a recipient, ignoring case', 'bob.builder@example', ['a2']],
    ['a literal % rather than a wildcard', '100%', ['n2']],
    ['nothing', 'no such mail', []],
  ])('searches %s', async (_name, search, expected) => {
    const { status, body } = await get(
      `/api/outbox?limit=50&search=${encodeURIComponent(search)}`,
      keyHeaders,
    );
    expect(status).toBe(200);
    expect(body.data.data.map((r: { _id: string }) => r._id)).toEqual(expected.map((n) => ids[n]));
    expect(body.data.total).toBe(expected.length);
  });

  it('filters by status', async () => {
    expect((await get('/api/outbox?status=OUTBOX', keyHeaders)).body.data.total).toBe(7);
    expect((await get('/api/outbox?status=SENT', keyHeaders)).body.data.total).toBe(0);
    const bad = await get('/api/outbox?status=LOST', keyHeaders);
    expect(bad.status).toBe(422);
    expect(bad.body.success).toBe(false);
  });

  it.each([['page=abc&limit=xyz'], ['page=-1&limit=0'], ['page=1.5&limit=2.5']])(
    'falls back to page 1, limit 5 for %s',
    async (qs) => {
      const { status, body } = await get(`/api/outbox?${qs}`, keyHeaders);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ page: 1, total: 7, total_pages: 2 });
      expect(body.data.data).toHaveLength(5);
    },
  );
});

describe('GET /api/outbox access', () => {
  it.each([
    ['no credentials', {}],
    ['a wrong key', { 'x-outbox-key': 'wrong' }],
    ['an empty key', { 'x-outbox-key': '' }],
    ['a malformed token', { authorization: 'Bearer not-a-jwt' }],
    ['a non-bearer authorization', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers 401 for %s', async (_name, headers) => {
    const { status, body } = await get('/api/outbox', headers);
    expect(status).toBe(401);
    expect(body.success).toBe(false);
    expect(body.message).toEqual(expect.any(String));
  });

  it('answers 401 for a wrong key even with a valid admin token', async () => {
    const { status } = await get('/api/outbox', { 'x-outbox-key': 'wrong', ...(await tokenFor('ADMIN')) });
    expect(status).toBe(401);
  });

  it.each(['ADMIN', 'OWNER'])(
    "answers 403 to a company %s's token: the Outbox is the operator's",
    async (userType) => {
      for (const url of ['/api/outbox', `/api/outbox/${ids.a1}`]) {
        const { status, body } = await get(url, await tokenFor(userType, COMPANY_A));
        expect(status).toBe(403);
        expect(body.message).toContain('/api/email-logs');
      }
    },
  );

  it('checks credentials before validating the query', async () => {
    expect((await get('/api/outbox?status=LOST')).status).toBe(401);
  });
});

describe('GET /api/email-logs access', () => {
  it.each([
    ['no credentials', {}],
    ['the outbox key alone', { 'x-outbox-key': 'placeholder' }],
    ['a malformed token', { authorization: 'Bearer not-a-jwt' }],
    ['a non-bearer authorization', { authorization: 'Basic dXNlcjpwYXNz' }],
  ])('answers 401 for %s', async (_name, headers) => {
    const sent = 'x-outbox-key' in headers ? keyHeaders : headers;
    const { status, body } = await get('/api/email-logs', sent);
    expect(status).toBe(401);
    expect(body.success).toBe(false);
  });

  it('answers 401 for a token signed with another secret', async () => {
    const { token } = await signAccessToken(
      { userId: randomUUID(), companyId: COMPANY_A, userType: 'ADMIN' },
      'another-secret-another-secret-xx',
    );
    expect((await get('/api/email-logs', { authorization: `Bearer ${token}` })).status).toBe(401);
  });

  it('checks credentials before validating the query', async () => {
    expect((await get('/api/email-logs?status=LOST')).status).toBe(401);
  });

  it.each(['ADMIN', 'OWNER'])("shows a company's %s only that company's mails", async (userType) => {
    const a = await get('/api/email-logs?limit=50', await tokenFor(userType, COMPANY_A));
    expect(a.status).toBe(200);
    expect(a.body.data.total).toBe(3);
    expect(a.body.data.data.map((r: { _id: string }) => r._id)).toEqual([ids.a3, ids.a2, ids.a1]);

    const b = await get('/api/email-logs?limit=50&search=please', await tokenFor(userType, COMPANY_B));
    expect(b.body.data.data.map((r: { _id: string }) => r._id)).toEqual([ids.b1]);
  });

  it.each(['MEMBER', 'MANAGER'])('answers 403 to a %s', async (userType) => {
    const { status, body } = await get('/api/email-logs', await tokenFor(userType));
    expect(status).toBe(403);
    expect(body.success).toBe(false);
  });
});

describe('GET /api/outbox/:id', () => {
  it('returns one mail with its html and text to the key holder', async () => {
    const { status, body } = await get(`/api/outbox/${ids.b1}`, keyHeaders);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      _id: ids.b1,
      subject: 'Please sign the lease',
      to: ['dave@example.com'],
    });
    expect(body.data.html).toContain('<p>Body of b1</p>');
    expect(body.data.html).toContain('Powered By e-Signs@v1.0');
    expect(body.data.text).toContain('Body of b1');
    expect(body.data.redacted).toBe(false);
  });

  it("returns the company's own mail to its admin at /api/email-logs, redacted", async () => {
    const { status, body } = await get(`/api/email-logs/${ids.a1}`, await tokenFor('ADMIN', COMPANY_A));
    expect(status).toBe(200);
    expect(body.data.html).toContain('Body of a1');
    expect(body.data.redacted).toBe(true);
  });

  it.each([
    ["another company's mail", () => ids.b1],
    ['a mail of no company', () => ids.n1],
    ['an unknown id', () => randomUUID()],
    ['a non-UUID id', () => 'not-a-uuid'],
    ['an SQL-looking id', () => "1' OR '1'='1"],
  ])('answers 404 to an admin for %s', async (_name, id) => {
    const { status, body } = await get(
      `/api/email-logs/${encodeURIComponent(id()!)}`,
      await tokenFor('ADMIN', COMPANY_A),
    );
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, message: expect.any(String) });
  });

  it('answers 404 to the key holder for a non-UUID or unknown id', async () => {
    expect((await get('/api/outbox/12345', keyHeaders)).status).toBe(404);
    expect((await get(`/api/outbox/${randomUUID()}`, keyHeaders)).status).toBe(404);
  });

  it('answers 401 without credentials and 403 to a member', async () => {
    expect((await get(`/api/outbox/${ids.a1}`)).status).toBe(401);
    expect((await get(`/api/email-logs/${ids.a1}`)).status).toBe(401);
    expect((await get(`/api/email-logs/${ids.a1}`, await tokenFor('MEMBER'))).status).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('documents the Outbox (operator key) and the email log (Bearer) with their security schemes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    for (const path of ['/api/outbox', '/api/outbox/{id}']) {
      const op = doc.paths[path].get;
      expect(op.tags).toEqual(['outbox']);
      expect(op.summary).toEqual(expect.any(String));
      expect(op.security).toEqual([{ outboxKey: [] }]);
    }
    for (const path of ['/api/email-logs', '/api/email-logs/{id}']) {
      const op = doc.paths[path].get;
      expect(op.tags).toEqual(['email-logs']);
      expect(op.security).toEqual([{ bearer: [] }]);
      expect(op.description).toContain('redacted');
    }
    const params = doc.paths['/api/outbox'].get.parameters.map((p: { name: string }) => p.name);
    expect(params).toEqual(expect.arrayContaining(['page', 'limit', 'search', 'status']));
  });
});

describe('filters and template labels of the email log', () => {
  const COMPANY_C = randomUUID();
  const RENT = randomUUID();
  const WELCOME = randomUUID();
  const c: Record<string, string> = {};
  let admin: Record<string, string>;

  beforeAll(async () => {
    admin = await tokenFor('ADMIN', COMPANY_C);
    const mails = [
      { name: 'sent', kind: 'document.sent', at: '2026-01-10T10:00:00Z' },
      {
        name: 'rent',
        kind: 'entity.email',
        template: { id: RENT, name: 'Rent reminder' },
        at: '2026-01-11T23:30:00Z',
      },
      {
        name: 'welcome',
        kind: 'entity.email',
        template: { id: WELCOME, name: 'Welcome' },
        at: '2026-01-12T01:00:00Z',
      },
      { name: 'form', kind: 'form.sent', at: '2026-02-01T12:00:00Z' },
    ];
    for (const m of mails) {
      const { id } = await t.platform.mail.queue(
        {
          to: `${m.name}@example.com`,
          subject: `Mail ${m.name}`,
          text: 'Hi',
          kind: m.kind,
          ...(m.template ? { template: m.template } : {}),
        },
        { companyId: COMPANY_C },
      );
      c[m.name] = id;
      await t.platform.database.db
        .update(emailLogs)
        .set({ createdAt: new Date(m.at) })
        .where(eq(emailLogs.id, id));
    }
    const deadline = Date.now() + 15_000;
    while ((await get('/api/email-logs?status=OUTBOX&limit=50', admin)).body.data.total !== mails.length) {
      if (Date.now() > deadline) throw new Error('mails did not reach the Outbox');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  const idsOf = async (query: string, headers: Record<string, string> = {}) => {
    const res = await get(`/api/email-logs?limit=50&${query}`, { ...admin, ...headers });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.data.map((r: { _id: string }) => r._id);
  };

  it("names each mail's template: the entity template's, else the product mail's label", async () => {
    const { body } = await get('/api/email-logs?limit=50', admin);
    const byId = new Map(body.data.data.map((r: { _id: string }) => [r._id, r]));
    expect(byId.get(c.sent)).toMatchObject({
      template: 'Signing request',
      template_id: null,
      kind: 'document.sent',
    });
    expect(byId.get(c.rent)).toMatchObject({
      template: 'Rent reminder',
      template_id: RENT,
      kind: 'entity.email',
    });
    expect(byId.get(c.form)).toMatchObject({
      template: 'Form link',
      retries: 0,
      attempts: 1,
      transport: 'outbox',
    });
  });

  it.each([
    ['a kind', 'kind=entity.email', ['welcome', 'rent']],
    ['a template', `template_id=${RENT}`, ['rent']],
    ['a status and a kind', 'status=OUTBOX&kind=form.sent', ['form']],
    ['a kind nobody sent', 'kind=nothing.like.this', []],
    ['one day (UTC without usertimezone)', 'from=2026-01-11&to=2026-01-11', ['rent']],
    ['a range of days', 'from=2026-01-10&to=2026-01-12', ['welcome', 'rent', 'sent']],
    ['an instant onwards', 'from=2026-01-11T00:00:00Z', ['form', 'welcome', 'rent']],
    ['up to an instant', 'to=2026-01-11T23:30:00.000Z', ['rent', 'sent']],
  ])('filters by %s', async (_name, query, expected) => {
    expect(await idsOf(query)).toEqual(expected.map((n) => c[n]));
  });

  it("reads a day as the caller's local day (usertimezone)", async () => {
    // India (UTC+05:30) sends -330: its 12 January runs from 11 January 18:30 to 12 January 18:30 UTC.
    expect(await idsOf('from=2026-01-12&to=2026-01-12', { usertimezone: '-330' })).toEqual([
      c.welcome,
      c.rent,
    ]);
  });

  it.each([
    ['a malformed template id', 'template_id=xyz'],
    ['a word for a date', 'from=yesterday'],
    ['an impossible day', 'to=2026-13-45'],
    ['a kind of 101 characters', `kind=${'k'.repeat(101)}`],
  ])('answers 422 to %s', async (_name, query) => {
    const res = await get(`/api/email-logs?${query}`, admin);
    expect(res.status).toBe(422);
    expect(res.body.success).toBe(false);
  });
});
