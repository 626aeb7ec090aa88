import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { json, layOutSignatureDocument, samplePdf, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// The embedded mode end to end: a host application's page, served here on another origin
// (http://localhost:<port>, allowed by the company), frames /if/{ssoAuth}/... with a token its
// "server" minted through the API with the company's API key. The frame opens its own session,
// says `ready` to the host, obeys the host's `navigate`, and when a document is sent from inside
// it the host hears `document.sent`; navigated to contacts, an entity's records and the entity
// views, no call of those screens is refused to the embedded session (403
// EMBEDDED_SESSION_REFUSED: the policy's allow-list, apps/server/src/modules/embedding). The same page on an origin the company does not allow
// (http://127.0.0.1:<port>) cannot frame it. Screenshots of the embedded documents screen at
// 1366x800 and 390x844: E2E_SHOTS_DIR, `embedded-documents-<size>.png`.

const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const SIZES = { desktop: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } } as const;
const appOrigin = new URL(baseURL).origin;

/** The host page: one full-size frame of `?src=`, and every message of the app's origin kept in `window.events`. */
const HOST_PAGE = `<!doctype html><html><head><meta name="viewport" content="width=device-width, initial-scale=1">
<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100vh;display:block}</style></head>
<body><iframe id="app" title="e-Signs"></iframe><script>
window.events = [];
window.addEventListener('message', (event) => {
  if (event.origin === ${JSON.stringify(appOrigin)} && event.data && event.data.source === 'esigns') window.events.push(event.data);
});
window.command = (type, payload) =>
  document.getElementById('app').contentWindow.postMessage({ source: 'esigns-host', type, payload }, ${JSON.stringify(appOrigin)});
document.getElementById('app').src = new URLSearchParams(location.search).get('src');
</script></body></html>`;

let host: Server;
let hostPort: number;

test.beforeAll(async () => {
  host = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(HOST_PAGE);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostPort = (host.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise((resolve) => host.close(resolve));
});

type HostEvent = { source: string; type: string; payload: Record<string, unknown> };
const eventsOf = (page: Page) => page.evaluate(() => (window as unknown as { events: HostEvent[] }).events);
const typesOf = async (page: Page) => (await eventsOf(page)).map((event) => event.type);

async function mint(
  request: APIRequestContext,
  key: { id: string; secret: string },
  email: string,
  where: string,
) {
  const basic = Buffer.from(`${key.id}:${key.secret}`).toString('base64');
  return json<{ ssoAuth: string; url: string }>(
    await request.post('/api/embed/sso-auth', {
      headers: { authorization: `Basic ${basic}` },
      data: { email, path: where },
    }),
  );
}

test('a host page frames the app, hears ready and document.sent; another origin cannot frame it', async ({
  page,
  request,
}) => {
  // Three framed page loads, a send and a refused frame: longer than one screen's journey.
  test.setTimeout(300_000);
  const id = uniqueId();
  const email = `embed-owner-${id}@example.test`;
  const token = await signUpOwner(request, {
    email,
    company: `Embed Co ${id}`,
    first: 'Emma',
    last: 'Bedder',
  });
  const headers = { authorization: `Bearer ${token}` };
  // Every API call the framed screens make must be allowed to the embedded session.
  const refusals: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403 && response.url().startsWith(`${appOrigin}/api/`)) {
      refusals.push(`${response.request().method()} ${response.url()}`);
    }
  });
  const keys = await json<{ client_id: string; client_secret: string }>(
    await request.post('/api/generate-keys', { headers }),
  );
  const key = { id: keys.client_id, secret: keys.client_secret };
  const allowedHost = `http://localhost:${hostPort}`;
  await json(await request.post('/api/embed/allowed-origins', { headers, data: { origin: allowedHost } }));

  // An entity with one record, for the records screen inside the frame.
  const entity = await json<{ _id: string; primary_template_id: string }>(
    await request.post('/api/entities/create', {
      headers,
      data: { name: `Leads ${id}`, fields: [{ key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT' }] },
    }),
  );
  const recordTitle = `Framed lead ${id}`;
  await json(
    await request.post('/api/entities-data', {
      headers,
      data: { entity_id: entity._id, values: { [entity.primary_template_id]: { title: recordTitle } } },
    }),
  );

  // A draft ready to send, laid out through the API (what the journey is about is sending it in the frame).
  const name = `Embedded NDA ${id}`;
  const draftId = await layOutSignatureDocument(request, token, {
    name,
    pdf: await samplePdf(name, 'Sent from inside a host application.'),
    user: {
      key: 'signer',
      email: `embed-signer-${id}@example.test`,
      first_name: 'Sam',
      last_name: 'Signer',
      user_type: 'SIGNER',
    },
  });

  // The host frames the send screen of the draft: ready, then document.sent after Send.
  const send = await mint(request, key, email, `/send-document/mail/${draftId}`);
  expect(send.url).toBe(`${appOrigin}/if/${send.ssoAuth}/send-document/mail/${draftId}`);
  await page.setViewportSize(SIZES.desktop);
  await page.goto(`${allowedHost}/?src=${encodeURIComponent(send.url)}`);
  await expect.poll(() => typesOf(page)).toContain('ready');
  const frame = page.frameLocator('#app');
  await expect(frame.getByTestId('embedded-layout')).toBeVisible();
  await frame.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(frame.getByTestId('send-success')).toBeVisible();
  await expect.poll(() => typesOf(page)).toContain('document.sent');
  const sent = (await eventsOf(page)).find((event) => event.type === 'document.sent');
  expect(sent?.payload.name).toBe(name);
  // The frame's session never reached the app's stored session of this browser.
  const appStorage = await page.frames()[1]?.evaluate(() => localStorage.getItem('esigns.session'));
  expect(appStorage ?? null).toBeNull();

  // The documents list, embedded: it lists the sent document; screenshots at both sizes.
  const list = await mint(request, key, email, '/documents/all');
  await page.goto(`${allowedHost}/?src=${encodeURIComponent(list.url)}`);
  await expect.poll(() => typesOf(page)).toContain('ready');
  await expect(frame.getByText(name).first()).toBeVisible();
  await expect(frame.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await expect
      .poll(() => page.frames()[1]?.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: path.join(shots, `embedded-documents-${size}.png`) });
  }
  await page.setViewportSize(SIZES.desktop);

  // The host's navigate command: the contacts screen, still under the frame's prefix.
  await page.evaluate(() =>
    (window as unknown as { command: (t: string, p: object) => void }).command('navigate', {
      path: '/contacts',
    }),
  );
  await expect.poll(() => page.frames()[1]?.url()).toBe(`${appOrigin}/if/${list.ssoAuth}/contacts`);
  await expect(frame.getByRole('heading', { name: 'Contacts' }).first()).toBeVisible();

  // An entity's records, then the entity views: the no-code screens inside the frame.
  const command = (path: string) =>
    page.evaluate(
      (to) =>
        (window as unknown as { command: (t: string, p: object) => void }).command('navigate', { path: to }),
      path,
    );
  await command(`/entity/${entity._id}`);
  await expect
    .poll(() => page.frames()[1]?.url())
    .toBe(`${appOrigin}/if/${list.ssoAuth}/entity/${entity._id}`);
  await expect(frame.getByText(recordTitle).first()).toBeVisible();
  await command('/entity-views');
  await expect.poll(() => page.frames()[1]?.url()).toBe(`${appOrigin}/if/${list.ssoAuth}/entity-views`);
  await expect(frame.getByRole('heading', { name: 'Entity views' }).first()).toBeVisible();
  expect(refusals).toEqual([]);

  // The same host page on an origin the company does not allow: the browser refuses the frame.
  const refused = await mint(request, key, email, '/documents/all');
  const page2 = await page.context().newPage();
  await page2.goto(`http://127.0.0.1:${hostPort}/?src=${encodeURIComponent(refused.url)}`);
  await expect.poll(() => page2.frames()[1]?.url()).toBe('chrome-error://chromewebdata/');
  expect(await typesOf(page2)).toEqual([]);
  const answer = await request.get(refused.url);
  expect(answer.headers()['content-security-policy']).toContain(`frame-ancestors ${allowedHost}`);
});
