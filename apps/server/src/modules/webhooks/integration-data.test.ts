import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAppIntegrationData } from '@esigns/contracts/webhooks';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// `GET /get-app-integration-data`: what a workspace has connected (API key, client apps, webhooks),
// its own only. Private targets are allowed so that an endpoint can be saved without DNS.

let t: TestApp;
let acme: SeededCompany;
let globex: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp({ WEBHOOKS_ALLOW_PRIVATE: '1' });
  acme = await seedCompany(t, { name: 'Acme Realty' });
  globex = await seedCompany(t, { name: 'Globex' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

type Caller = SeededCompany['users']['OWNER'];
const call = (method: 'GET' | 'POST', url: string, who: Caller, payload?: object) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function integrationData(who: Caller): Promise<TAppIntegrationData> {
  const res = await call('GET', '/get-app-integration-data', who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('GET /get-app-integration-data', () => {
  it('answers an empty workspace with nothing connected', async () => {
    expect(await integrationData(acme.users.OWNER)).toEqual({
      api_key: null,
      client_apps: [],
      webhooks: { endpoints: 0, enabled: 0, auto_disabled: 0, failed_last_day: 0, last_delivered_at: null },
    });
  });

  it("shows the API key, each app with its endpoints and the endpoints' state; never another company's", async () => {
    const keys = await call('POST', '/generate-keys', acme.users.OWNER);
    expect(keys.statusCode, keys.body).toBe(200);
    const created = await call('POST', '/create-client', acme.users.OWNER, {
      name: 'Zapier bridge',
      redirectUris: ['https://app.example.com/callback'],
      scopes: ['records:read'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const appId = created.json().data.app.appId as string;
    for (const body of [
      { url: 'http://127.0.0.1:9/a', event_types: ['record.created'], app_id: appId },
      { url: 'http://127.0.0.1:9/b', event_types: ['document.completed'] },
    ]) {
      const res = await call('POST', '/webhooks/endpoints', acme.users.OWNER, body);
      expect(res.statusCode, res.body).toBe(200);
    }

    const data = await integrationData(acme.users.OWNER);
    expect(data.api_key).toMatchObject({ client_id: keys.json().data.client_id });
    expect(JSON.stringify(data)).not.toContain(keys.json().data.client_secret);
    expect(data.client_apps).toEqual([
      { app_id: appId, name: 'Zapier bridge', scopes: ['records:read'], webhook_endpoints: 1 },
    ]);
    expect(data.webhooks).toMatchObject({ endpoints: 2, enabled: 2, auto_disabled: 0 });

    expect(await integrationData(globex.users.OWNER)).toMatchObject({
      api_key: null,
      client_apps: [],
      webhooks: { endpoints: 0 },
    });
  });

  it('needs a signed-in member allowed to see the integrations', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/get-app-integration-data' });
    expect(anonymous.statusCode).toBe(401);
    // MEMBER does not hold `oauth:view` by default.
    expect((await call('GET', '/get-app-integration-data', acme.users.MEMBER)).statusCode).toBe(403);
  });
});
