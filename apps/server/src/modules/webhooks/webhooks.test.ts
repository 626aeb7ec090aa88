import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTEGRATION_EVENT_TYPES, type IntegrationEventType } from '@esigns/contracts/integration-events';
import type { TWebhookDelivery, TWebhookDeliveryDetail, TWebhookEndpoint } from '@esigns/contracts/webhooks';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { until } from '../../../test/test-workers';
import type { Db } from '../../platform/db/database';
import type { PublishInput } from '../../platform/events/event-bus';
import { eventInterests, integrationEvents } from '../../platform/events/schema';
import { emailLogs } from '../../platform/mail/schema';
import { oauthClientApps } from '../oauth/schema';
import { startReceiver, type TestReceiver } from './test-receiver';

// Webhooks end to end on an instance that allows private targets (the receiver listens on
// 127.0.0.1) and retries after 1 s, then at once (WEBHOOKS_RETRY_DELAYS=1,0,...): the first retry
// goes through a delayed job; no test asserts a time.
// Endpoints are disabled after 2 final failures in a row, however recent.

let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;
let receiver: TestReceiver;

beforeAll(async () => {
  receiver = await startReceiver();
  t = await buildTestApp({
    WEBHOOKS_ALLOW_PRIVATE: '1',
    WEBHOOKS_RETRY_DELAYS: '1,0,0,0,0,0,0',
    WEBHOOKS_DISABLE_AFTER_FAILURES: '2',
    WEBHOOKS_DISABLE_AFTER_HOURS: '0',
  });
  acme = await seedCompany(t, { name: 'Acme Realty' });
  globex = await seedCompany(t, { name: 'Globex' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

type Caller = SeededCompany['users']['OWNER'];
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, who: Caller, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function createEndpoint(
  company: SeededCompany,
  body: { url: string; event_types: IntegrationEventType[]; app_id?: string },
): Promise<TWebhookEndpoint & { secret: string }> {
  const res = await call('POST', '/webhooks/endpoints', company.users.OWNER, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

const recordCreated = (companyId: string, value = 'Hot'): PublishInput => {
  const recordId = randomUUID();
  return {
    companyId,
    type: 'record.created',
    subjectId: recordId,
    data: { entity_id: randomUUID(), record_id: recordId, values: { status: value } },
  };
};

const publish = (events: PublishInput[]) =>
  t.platform.database.db.transaction((tx) => t.platform.events.publish(tx as unknown as Db, events));

async function deliveries(company: SeededCompany, query = ''): Promise<TWebhookDelivery[]> {
  const res = await call('GET', `/webhooks/deliveries?limit=100${query}`, company.users.OWNER);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data;
}

async function detail(company: SeededCompany, id: string): Promise<TWebhookDeliveryDetail> {
  const res = await call('GET', `/webhooks/deliveries/${id}`, company.users.OWNER);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Waits until every delivery of the endpoint has settled (none PENDING), `n` of them at least. */
const settled = (company: SeededCompany, endpointId: string, n: number) =>
  until(
    async () => {
      const list = await deliveries(company, `&endpoint_id=${endpointId}`);
      return list.length >= n && list.every((d) => d.status !== 'PENDING') ? list : null;
    },
    `${n} settled deliveries`,
    60_000,
  );

describe('endpoints and secrets', () => {
  it('creates, lists, reads, changes and deletes endpoints; the secret is whsec_ + 24+ random bytes, revealed and rotated', async () => {
    const created = await createEndpoint(acme, {
      url: receiver.url('/crud'),
      event_types: ['document.sent'],
    });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(created.secret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    expect(created).toMatchObject({ enabled: true, app_id: null, event_types: ['document.sent'] });

    const listed = (await call('GET', '/webhooks/endpoints', acme.users.ADMIN)).json()
      .data as TWebhookEndpoint[];
    expect(listed.map((e) => e._id)).toContain(created._id);
    expect(JSON.stringify(listed)).not.toContain(created.secret);

    const revealed = await call('POST', `/webhooks/endpoints/${created._id}/secret`, acme.users.ADMIN);
    expect(revealed.json().data.secret).toBe(created.secret);
    const rotated = await call('POST', `/webhooks/endpoints/${created._id}/secret/rotate`, acme.users.OWNER);
    expect(rotated.json().data.secret).toMatch(/^whsec_/);
    expect(rotated.json().data.secret).not.toBe(created.secret);
    const again = await call('POST', `/webhooks/endpoints/${created._id}/secret`, acme.users.OWNER);
    expect(again.json().data.secret).toBe(rotated.json().data.secret);

    const patched = await call('PATCH', `/webhooks/endpoints/${created._id}`, acme.users.OWNER, {
      description: 'CRM sync',
      event_types: ['document.sent', 'document.completed', 'document.sent'],
      enabled: false,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      description: 'CRM sync',
      event_types: ['document.sent', 'document.completed'],
      enabled: false,
      disabled_reason: 'MANUAL',
    });

    const deleted = await call('DELETE', `/webhooks/endpoints/${created._id}`, acme.users.OWNER);
    expect(deleted.statusCode).toBe(200);
    expect((await call('GET', `/webhooks/endpoints/${created._id}`, acme.users.OWNER)).statusCode).toBe(404);
  });

  it('lets only holders of the webhook permissions in (a MEMBER neither reads nor manages)', async () => {
    expect((await call('GET', '/webhooks/endpoints', acme.users.MEMBER)).statusCode).toBe(403);
    const res = await call('POST', '/webhooks/endpoints', acme.users.MEMBER, {
      url: receiver.url('/member'),
      event_types: ['record.created'],
    });
    expect(res.statusCode).toBe(403);
    expect((await call('GET', '/webhooks/endpoints', acme.users.ADMIN)).statusCode).toBe(200);
  });
});

describe('bad input is a 4xx, never a 500', () => {
  const keyOf = (res: { json: () => { errors?: { details: { key: string }[] } } }) =>
    res.json().errors?.details[0]?.key;

  it.each([
    ['not a url', 'url'],
    ['ftp://example.com/hook', 'url'],
    ['http://user:pass@127.0.0.1/hook', 'url'],
    ['', 'url'],
    ['http://no-such-host.invalid/hook', 'url'],
  ])('refuses the URL %j under `url`', async (url, key) => {
    const res = await call('POST', '/webhooks/endpoints', acme.users.OWNER, {
      url,
      event_types: ['record.created'],
    });
    expect(res.statusCode).toBe(422);
    expect(keyOf(res)).toBe(key);
  });

  it('refuses unknown or missing event types, wrong types, unknown apps and malformed JSON', async () => {
    const url = receiver.url('/bad');
    const unknownType = await call('POST', '/webhooks/endpoints', acme.users.OWNER, {
      url,
      event_types: ['record.exploded'],
    });
    expect(unknownType.statusCode).toBe(422);
    expect(keyOf(unknownType)).toMatch(/^event_types/);
    const none = await call('POST', '/webhooks/endpoints', acme.users.OWNER, { url, event_types: [] });
    expect(none.statusCode).toBe(422);
    const wrong = await call('POST', '/webhooks/endpoints', acme.users.OWNER, {
      url: 42,
      event_types: 'all',
    });
    expect(wrong.statusCode).toBe(422);
    const app = await call('POST', '/webhooks/endpoints', acme.users.OWNER, {
      url,
      event_types: ['record.created'],
      app_id: 'no-such-app',
    });
    expect(app.statusCode).toBe(422);
    expect(keyOf(app)).toBe('app_id');
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/endpoints',
      headers: { ...acme.users.OWNER.headers, 'content-type': 'application/json' },
      payload: '{"url": ',
    });
    expect(malformed.statusCode).toBe(400);
    const test = await call('POST', `/webhooks/endpoints/${randomUUID()}/test`, acme.users.OWNER, {
      event_type: 'nope',
    });
    expect(test.statusCode).toBe(422);
    const status = await call('GET', '/webhooks/deliveries?status=LOST', acme.users.OWNER);
    expect(status.statusCode).toBe(422);
    const page = await call('GET', '/webhooks/deliveries?page=abc&limit=-3', acme.users.OWNER);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({ page: 1 });
    for (const id of ['not-a-uuid', randomUUID()]) {
      expect((await call('GET', `/webhooks/endpoints/${id}`, acme.users.OWNER)).statusCode).toBe(404);
      expect((await call('GET', `/webhooks/deliveries/${id}`, acme.users.OWNER)).statusCode).toBe(404);
      expect((await call('POST', `/webhooks/deliveries/${id}/redeliver`, acme.users.OWNER)).statusCode).toBe(
        404,
      );
    }
  });
});

describe('delivery', () => {
  it("retries a failing receiver: each event is accepted once, signed, with 3 tries in the log; other companies' events never arrive", async () => {
    receiver.plan('/flaky', (n) => (n % 3 === 0 ? 204 : 500));
    receiver.plan('/globex', () => 200);
    const endpoint = await createEndpoint(acme, {
      url: receiver.url('/flaky'),
      event_types: ['record.created'],
    });
    const globexEndpoint = await createEndpoint(globex, {
      url: receiver.url('/globex'),
      event_types: ['record.created'],
    });

    // Globex's event first; then Acme's, one at a time (each fails twice, then is accepted).
    const globexEvent = recordCreated(globex.companyId, 'Globex only');
    await publish([globexEvent]);
    await settled(globex, globexEndpoint._id, 1);
    const acmeEvents = [recordCreated(acme.companyId, 'one'), recordCreated(acme.companyId, 'two')];
    for (const [i, event] of acmeEvents.entries()) {
      await publish([event]);
      await settled(acme, endpoint._id, i + 1);
    }

    const flaky = receiver.requests.filter((r) => r.path === '/flaky');
    const accepted = flaky.filter((r) => r.status < 300);
    const ids = accepted.map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(2);
    expect(accepted).toHaveLength(2);
    expect(flaky).toHaveLength(6);
    const verifier = new Webhook(endpoint.secret);
    for (const request of flaky) {
      const payload = verifier.verify(request.body, request.headers) as {
        type: string;
        data: { values: unknown };
      };
      expect(payload.type).toBe('record.created');
      expect(request.headers['user-agent']).toMatch(/^e-Signs-Webhooks/);
      expect(request.headers['content-type']).toBe('application/json');
    }
    const values = accepted.map(
      (r) => (JSON.parse(r.body) as { data: { values: { status: string } } }).data.values.status,
    );
    expect(values.sort()).toEqual(['one', 'two']);
    expect(flaky.some((r) => r.body.includes('Globex only'))).toBe(false);

    const log = await deliveries(acme, `&endpoint_id=${endpoint._id}`);
    expect(log.map((d) => d.status)).toEqual(['DELIVERED', 'DELIVERED']);
    const one = await detail(acme, log[0]!._id);
    expect(one.attempts).toBe(3);
    expect(one.attempts_list.map((a) => [a.response_status, a.succeeded])).toEqual([
      [500, false],
      [500, false],
      [204, true],
    ]);
    expect(one.attempts_list[0]!.response_body).toHaveLength(2048);
    expect(one.attempts_list[0]!.error).toBe('The receiver answered 500');
    expect(one.attempts_list[2]!.request_headers['webhook-signature']).toMatch(/^v1,/);
    expect(one.attempts_list[2]!.request_headers['webhook-id']).toBe(one.event_id);
    expect(JSON.parse(one.request_body)).toMatchObject({
      type: 'record.created',
      data: { values: { status: 'two' } },
    });

    // Filters; another company sees none of it.
    expect(await deliveries(acme, '&status=FAILED&event_type=record.created')).toEqual(
      (await deliveries(acme, '&status=FAILED')).filter((d) => d.event_type === 'record.created'),
    );
    expect(await deliveries(globex, `&endpoint_id=${endpoint._id}`)).toEqual([]);
    expect((await call('GET', `/webhooks/deliveries/${one._id}`, globex.users.OWNER)).statusCode).toBe(404);
    expect(
      (await call('POST', `/webhooks/deliveries/${one._id}/redeliver`, globex.users.OWNER)).statusCode,
    ).toBe(404);
  });

  it("answers 404 for another company's endpoint on every call", async () => {
    const theirs = await createEndpoint(globex, {
      url: receiver.url('/theirs'),
      event_types: ['form.approved'],
    });
    const paths: ['GET' | 'POST' | 'PATCH' | 'DELETE', string, object?][] = [
      ['GET', `/webhooks/endpoints/${theirs._id}`],
      ['PATCH', `/webhooks/endpoints/${theirs._id}`, { description: 'mine now' }],
      ['POST', `/webhooks/endpoints/${theirs._id}/secret`],
      ['POST', `/webhooks/endpoints/${theirs._id}/secret/rotate`],
      ['POST', `/webhooks/endpoints/${theirs._id}/test`, {}],
      ['DELETE', `/webhooks/endpoints/${theirs._id}`],
    ];
    for (const [method, url, body] of paths) {
      expect((await call(method, url, acme.users.OWNER, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    const still = await call('POST', `/webhooks/endpoints/${theirs._id}/secret`, globex.users.OWNER);
    expect(still.json().data.secret).toBe(theirs.secret);
  });

  it('sends a test event (an example of the type) and lists it as a test', async () => {
    const endpoint = await createEndpoint(acme, {
      url: receiver.url('/test-event'),
      event_types: ['document.completed', 'form.submitted'],
    });
    const res = await call('POST', `/webhooks/endpoints/${endpoint._id}/test`, acme.users.OWNER, {
      event_type: 'form.submitted',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [delivered] = await settled(acme, endpoint._id, 1);
    expect(delivered).toMatchObject({ is_test: true, status: 'DELIVERED', event_type: 'form.submitted' });
    const [request] = receiver.requests.filter((r) => r.path === '/test-event');
    const payload = new Webhook(endpoint.secret).verify(request!.body, request!.headers);
    expect(payload).toMatchObject({
      type: 'form.submitted',
      data: { submitter: { email: 'jane@example.com' } },
    });
  });
});

describe('auto-disable and redelivery', () => {
  it('disables an endpoint after 2 final failures in a row, mails the admins, stops listening; redelivery after enabling delivers', async () => {
    let down = true;
    receiver.plan('/down', () => (down ? 503 : 200));
    const endpoint = await createEndpoint(acme, {
      url: receiver.url('/down'),
      event_types: ['workflow.completed'],
    });
    const workflowDone = (): PublishInput => ({
      companyId: acme.companyId,
      type: 'workflow.completed',
      subjectId: randomUUID(),
      data: { workflow_id: randomUUID(), instance_id: randomUUID(), name: 'Onboarding' },
    });
    await publish([workflowDone()]);
    await settled(acme, endpoint._id, 1);
    await publish([workflowDone()]);
    const failed = await settled(acme, endpoint._id, 2);
    expect(failed.map((d) => [d.status, d.attempts])).toEqual([
      ['FAILED', 8],
      ['FAILED', 8],
    ]);
    expect(receiver.requests.filter((r) => r.path === '/down')).toHaveLength(16);

    const after = (await call('GET', `/webhooks/endpoints/${endpoint._id}`, acme.users.OWNER)).json().data;
    expect(after).toMatchObject({ enabled: false, disabled_reason: 'AUTO', consecutive_failures: 2 });
    const mails = await t.platform.database.db
      .select({ to: emailLogs.to })
      .from(emailLogs)
      .where(and(eq(emailLogs.companyId, acme.companyId), eq(emailLogs.kind, 'webhook.disabled')));
    expect(mails.flatMap((m) => m.to).sort()).toEqual(
      [acme.users.ADMIN.email, acme.users.OWNER.email].sort(),
    );

    // Nobody listens to workflow.completed any more: the event is not even stored.
    const stored = async () =>
      (
        await t.platform.database.db
          .select({ n: count() })
          .from(integrationEvents)
          .where(
            and(
              eq(integrationEvents.companyId, acme.companyId),
              eq(integrationEvents.type, 'workflow.completed'),
            ),
          )
      )[0]!.n;
    const before = await stored();
    await publish([workflowDone()]);
    expect(await stored()).toBe(before);

    const refused = await call('POST', `/webhooks/deliveries/${failed[0]!._id}/redeliver`, acme.users.OWNER);
    expect(refused.statusCode).toBe(409);
    const enabled = await call('PATCH', `/webhooks/endpoints/${endpoint._id}`, acme.users.OWNER, {
      enabled: true,
    });
    expect(enabled.json().data).toMatchObject({
      enabled: true,
      disabled_reason: null,
      consecutive_failures: 0,
    });

    down = false;
    const again = await call('POST', `/webhooks/deliveries/${failed[0]!._id}/redeliver`, acme.users.OWNER);
    expect(again.statusCode, again.body).toBe(200);
    const done = await until(
      async () => {
        const d = await detail(acme, failed[0]!._id);
        return d.status === 'DELIVERED' ? d : null;
      },
      'the redelivery',
      60_000,
    );
    expect(done.attempts).toBe(9);
    expect(done.attempts_list.at(-1)).toMatchObject({ chain: 2, number: 9, succeeded: true });
    const ids = receiver.requests.filter((r) => r.path === '/down').map((r) => r.headers['webhook-id']);
    expect(new Set(ids).size).toBe(2);
    expect(ids.at(-1)).toBe(done.event_id);
  });
});

describe('client app webhooks (/oauth2/save-webhook, /oauth2/fetch-webhook)', () => {
  const appOf = async (company: SeededCompany) => {
    const appId = `app_${randomUUID().slice(0, 8)}`;
    await t.platform.database.db.insert(oauthClientApps).values({
      appId,
      companyId: company.companyId,
      name: 'CRM connector',
      redirectUris: ['https://crm.example.com/callback'],
      scopes: ['documents:read'],
      secretHash: 'x',
      secretLast4: 'xxxx',
    });
    return appId;
  };

  it("saves and reads an app's webhook; another company's app is 404", async () => {
    const appId = await appOf(acme);
    const empty = await call('POST', '/oauth2/fetch-webhook', acme.users.OWNER, { app_id: appId });
    expect(empty.statusCode, empty.body).toBe(200);
    expect(empty.json().data).toBeNull();

    const saved = await call('POST', '/oauth2/save-webhook', acme.users.OWNER, {
      app_id: appId,
      url: receiver.url('/app'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const created = saved.json().data;
    expect(created).toMatchObject({
      app_id: appId,
      enabled: true,
      event_types: [...INTEGRATION_EVENT_TYPES],
    });
    expect(created.secret).toMatch(/^whsec_/);

    const updated = await call('POST', '/oauth2/save-webhook', acme.users.OWNER, {
      app_id: appId,
      url: receiver.url('/app-v2'),
      event_types: ['document.completed'],
    });
    expect(updated.json().data).toMatchObject({ _id: created._id, url: receiver.url('/app-v2') });
    expect(updated.json().data.secret).toBeUndefined();

    const fetched = await call('POST', '/oauth2/fetch-webhook', acme.users.ADMIN, { app_id: appId });
    expect(fetched.json().data).toMatchObject({ _id: created._id, event_types: ['document.completed'] });
    const listed = await call('GET', `/webhooks/endpoints?app_id=${appId}`, acme.users.OWNER);
    expect(listed.json().data.map((e: TWebhookEndpoint) => e._id)).toEqual([created._id]);

    const theirApp = await appOf(globex);
    for (const path of ['/oauth2/fetch-webhook', '/oauth2/save-webhook']) {
      const res = await call('POST', path, acme.users.OWNER, { app_id: theirApp, url: receiver.url('/x') });
      expect(res.statusCode, path).toBe(404);
    }
    const tied = await call('POST', '/webhooks/endpoints', acme.users.OWNER, {
      url: receiver.url('/x'),
      event_types: ['record.created'],
      app_id: theirApp,
    });
    expect(tied.statusCode).toBe(422);
    const bad = await call('POST', '/oauth2/save-webhook', acme.users.OWNER, { app_id: appId, url: 'nope' });
    expect(bad.statusCode).toBe(422);
    const missing = await call('POST', '/oauth2/fetch-webhook', acme.users.OWNER, {});
    expect(missing.statusCode).toBe(422);
  });

  it('deleting a client app deletes its webhook endpoints, and only its own', async () => {
    const appId = await appOf(acme);
    const other = await appOf(acme);
    for (const id of [appId, other]) {
      const saved = await call('POST', '/oauth2/save-webhook', acme.users.OWNER, {
        app_id: id,
        url: receiver.url('/a'),
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const unbound = await call('POST', '/webhooks/endpoints', acme.users.OWNER, {
      url: receiver.url('/plain'),
      event_types: ['record.created'],
    });
    expect(unbound.statusCode, unbound.body).toBe(200);

    const listening = async (endpointId: string) =>
      (
        await t.platform.database.db
          .select()
          .from(eventInterests)
          .where(eq(eventInterests.ownerKey, endpointId))
      ).length;
    const before = await call('GET', `/webhooks/endpoints?app_id=${appId}`, acme.users.OWNER);
    const endpointId = before.json().data[0]._id as string;
    expect(await listening(endpointId)).toBeGreaterThan(0);

    const deleted = await call('DELETE', `/delete-client/${appId}`, acme.users.OWNER);
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await call('GET', `/webhooks/endpoints?app_id=${appId}`, acme.users.OWNER);
    expect(gone.json().data).toEqual([]);
    expect(await listening(endpointId)).toBe(0);
    const all = await call('GET', '/webhooks/endpoints', acme.users.OWNER);
    const left = all.json().data as TWebhookEndpoint[];
    expect(left.some((e) => e.app_id === other)).toBe(true);
    expect(left.some((e) => e._id === unbound.json().data._id)).toBe(true);
  });
});
