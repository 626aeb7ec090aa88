import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// The developer portal: the owner adds a webhook endpoint (a receiver served here on 127.0.0.1:
// the e2e server runs with WEBHOOKS_ALLOW_PRIVATE=1), copies its secret, sends a test event that
// arrives signed, and reads the delivery and its try in the log's drawer. Screenshots at 1366x800
// and 390x844: E2E_SHOTS_DIR, `webhooks-<name>-<size>.png`.

const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const SIZES = { desktop: { width: 1366, height: 800 }, phone: { width: 390, height: 844 } } as const;

async function shootBoth(page: Page, name: string) {
  for (const [size, viewport] of Object.entries(SIZES)) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(shots, `webhooks-${name}-${size}.png`), fullPage: true });
  }
  await page.setViewportSize(SIZES.desktop);
}

type Received = { headers: Record<string, string>; body: string };
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const headers: Record<string, string> = {};
      for (const [key, value] of Object.entries(request.headers)) headers[key] = String(value);
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/esigns`;
});
test.afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
});

test('an endpoint is added, receives a signed test event, and the delivery shows in the log', async ({
  page,
  request,
}) => {
  const id = uniqueId();
  const email = `webhooks-owner-${id}@example.test`;
  await signUpOwner(request, { email, company: `Hooks Co ${id}`, first: 'Wanda', last: 'Webb' });
  await page.setViewportSize(SIZES.desktop);
  await signInInBrowser(page, email);
  await page.goto('/developer/portal');
  await expect(page.getByRole('heading', { name: 'Developer portal' })).toBeVisible();
  await expect(page.getByText('No endpoints yet')).toBeVisible();

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'New webhook endpoint' });
  await dialog.getByRole('textbox', { name: 'Endpoint URL' }).fill(receiverUrl);
  await dialog.getByRole('textbox', { name: 'Description' }).fill('CRM sync');
  await dialog.getByRole('checkbox', { name: 'Document completed' }).check();
  await dialog.getByRole('checkbox', { name: 'Record created' }).check();
  await shootBoth(page, 'endpoint-dialog');
  await dialog.getByRole('button', { name: 'Create endpoint' }).click();

  const secret = (await page.getByTestId('webhook-secret-value').textContent()) ?? '';
  expect(secret).toMatch(/^whsec_/);
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByTestId('webhook-endpoint-row')).toHaveCount(1);

  await page.getByRole('button', { name: `More actions for ${receiverUrl}` }).click();
  await page.getByRole('menuitem', { name: 'Send test event' }).click();
  await expect.poll(() => received.length, { timeout: 30_000 }).toBe(1);
  const event = new Webhook(secret).verify(received[0]!.body, received[0]!.headers) as { type: string };
  expect(event.type).toBe('document.completed');

  await page.getByRole('button', { name: 'Refresh' }).click();
  const row = page.getByTestId('webhook-delivery-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Delivered')).toBeVisible();
  await shootBoth(page, 'portal');

  await row.click();
  const drawer = page.getByTestId('webhook-delivery-detail');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByTestId('webhook-attempt')).toHaveCount(1);
  await drawer.getByTestId('webhook-attempt').getByRole('button').first().click();
  await expect(drawer.getByText('thanks')).toBeVisible();
  await shootBoth(page, 'delivery-drawer');
});
