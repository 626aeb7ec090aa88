import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { json, samplePdf, sendForSignature, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// Staff screens on a 390 px phone: the documents list, a sent document, an entity's records and a
// record page. Each must fit the width (no sideways scrolling of the page) and keep what the desk
// shows: the recipients' status on the document, the records' values. Screenshots go to
// E2E_SHOTS_DIR (staff-phone-*.png).
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(shots, `staff-phone-${name}.png`), fullPage: true });

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, actionTimeout: 20_000 });

/** The page does not scroll sideways: nothing is wider than the screen. */
async function expectFitsWidth(page: Page) {
  // Against the screen's 390 px, not innerWidth: a phone widens its layout viewport to fit content.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - 390);
  expect(overflow, 'pixels the page is wider than the screen').toBeLessThanOrEqual(1);
}

type Entity = { _id: string; primary_template_id: string };

test('staff screens fit a 390 px phone: documents, a document, records, a record', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const id = uniqueId();
  const email = `phone-${id}@example.com`;
  const token = await signUpOwner(request, {
    email,
    company: `Phone Homes ${id}`,
    first: 'Meera',
    last: 'Iyer',
  });
  const headers = { authorization: `Bearer ${token}` };
  const documentId = await sendForSignature(request, token, {
    name: 'Leave and licence agreement - Flat 4B',
    pdf: await samplePdf('Leave and licence', 'Flat 4B'),
    signer: { email: `tenant-${id}@example.com`, first: 'Arjun', last: 'Nair' },
  });
  const buyers = await json<Entity>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name: 'Buyers',
        entity_type: 'INDIVIDUAL',
        fields: [
          { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'email', label: 'Email', type: 'EMAIL' },
          { key: 'phone', label: 'Phone', type: 'PHONE' },
          { key: 'budget', label: 'Budget', type: 'NUMBER' },
          { key: 'locality', label: 'Preferred locality', type: 'SINGLE_LINE_TEXT' },
        ],
      },
    }),
  );
  const people = ['Asha Rao', 'Vikram Shah', 'Neha Kulkarni'];
  const ids: string[] = [];
  for (const [i, name] of people.entries()) {
    const record = await json<{ _id: string }>(
      await request.post('/api/entities-data', {
        headers,
        data: {
          entity_id: buyers._id,
          values: {
            [buyers.primary_template_id]: {
              name,
              email: `buyer${i}-${id}@example.com`,
              phone: `98450123${40 + i}`,
              budget: 7_500_000 + i * 1_000_000,
              locality: ['Koramangala', 'Baner', 'Andheri West'][i],
            },
          },
        },
      }),
    );
    ids.push(record._id);
  }
  await signInInBrowser(page, email);

  await test.step('the documents list', async () => {
    await page.goto('/documents/all');
    await expect(page.getByText('Leave and licence agreement - Flat 4B').first()).toBeVisible();
    await expectFitsWidth(page);
    await shot(page, 'documents');
  });

  await test.step('a sent document keeps its recipients and their status', async () => {
    await page.goto(`/emp-documents/custom/${documentId}`);
    await expect(page.getByRole('heading', { name: 'Leave and licence agreement - Flat 4B' })).toBeVisible();
    await expect(page.getByText('Arjun Nair').first()).toBeVisible();
    await expect(page.getByText(/^(Sent|Waiting)$/).first()).toBeVisible();
    await expectFitsWidth(page);
    await shot(page, 'document');
  });

  await test.step("an entity's records", async () => {
    await page.goto(`/entity/${buyers._id}`);
    await expect(page.getByText('Asha Rao').first()).toBeVisible();
    await expectFitsWidth(page);
    await shot(page, 'records');
  });

  await test.step('a record page', async () => {
    await page.goto(`/entity/${buyers._id}/view?dataId=${ids[0]}`);
    await expect(page.getByText('Koramangala').first()).toBeVisible();
    await expectFitsWidth(page);
    await shot(page, 'record');
  });
});
