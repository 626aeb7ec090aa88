import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { json, signUpOwner } from '../support/document-setup';
import { appLinksOf, waitForDeliveredMail } from '../support/mail-sink';
import { uniqueId } from '../support/ids';

// The contact area reading entities through views and templates, on a phone then a desktop: the
// records of their menu's entity (their own only, the count theirs), a saved view whose filter
// would show every record (it shows theirs), a form template of the entity, and the add form.
// Staff prepare everything through the API; two tenants accept their invitations through the API
// and each files a request. Screenshots go to E2E_SHOTS_DIR.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const expect = baseExpect.configure({ timeout: 45_000 });
test.use({ actionTimeout: 45_000 });

const PASSWORD = 'Harbour-lantern-2024';
const id = uniqueId();
type Headers = { authorization: string };

/** A tenant with portal access who accepted it through the API; answers their session and the slug. */
async function tenant(request: APIRequestContext, headers: Headers, typeId: string, name: string) {
  const email = `ap-views-${name.toLowerCase()}-${id}@example.com`;
  const contact = await json<{ _id: string }>(
    await request.post('/api/contacts', {
      headers,
      data: { email, first_name: name, last_name: 'Tenant', contact_type_id: typeId },
    }),
  );
  await json(await request.post(`/api/contacts/${contact._id}/portal-access`, { headers, data: {} }));
  const mail = await waitForDeliveredMail(email, /invited you to its contact area/);
  const link = new URL(appLinksOf(mail, baseURL).find((href) => href.includes('invitation=')) ?? baseURL);
  const session = await json<{ access_token: string }>(
    await request.post('/api/application/user-verify', {
      data: { token: link.searchParams.get('invitation'), password: PASSWORD },
    }),
  );
  return { email, slug: link.searchParams.get('company') ?? '', auth: `Bearer ${session.access_token}` };
}

async function setup(request: APIRequestContext) {
  const token = await signUpOwner(request, {
    email: `ap-views-owner-${id}@example.com`,
    company: 'Harbour Homes',
    first: 'Rhea',
    last: 'Menon',
  });
  const headers = { authorization: `Bearer ${token}` };
  const type = await json<{ _id: string }>(
    await request.post('/api/contact-types', { headers, data: { name: 'Tenant' } }),
  );
  const entity = await json<{ _id: string; primary_template_id: string }>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name: 'Repairs',
        entity_type: 'GENERAL',
        fields: [
          { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'room', label: 'Room', type: 'SINGLE_LINE_TEXT' },
        ],
      },
    }),
  );
  await json(
    await request.post('/api/application-user/permissions', {
      headers,
      data: {
        contact_type_id: type._id,
        permissions: [
          { entity_id: entity._id, read: true, create: true, update: true, delete: false, scope: 'OWN' },
        ],
      },
    }),
  );
  const view = await json<{ _id: string }>(
    await request.post('/api/entity-view-configuration', {
      headers,
      data: {
        name: 'Every repair',
        description: 'All repairs, newest first',
        config: {
          entities: [
            {
              entity_id: entity._id,
              filters: {
                match: 'ANY',
                rules: [{ field: `${entity.primary_template_id}#title`, operator: 'IS_NOT_EMPTY' }],
              },
            },
          ],
        },
      },
    }),
  );
  await json(
    await request.post('/api/menu', {
      headers,
      data: {
        user_type: type._id,
        items: [
          { kind: 'ENTITY', key: 'repairs', label: 'My repairs', entity_id: entity._id },
          { kind: 'ENTITY_VIEW', key: 'every', label: 'Every repair', entity_view_id: view._id },
          {
            kind: 'FORM_TEMPLATE',
            key: 'form',
            label: 'Repair form',
            form_template_id: entity.primary_template_id,
          },
        ],
      },
    }),
  );
  const asha = await tenant(request, headers, type._id, 'Asha');
  const omar = await tenant(request, headers, type._id, 'Omar');
  const file = (who: { auth: string }, title: string, room: string) =>
    request.post('/api/entities-data', {
      headers: { authorization: who.auth },
      data: { entity_id: entity._id, values: { [entity.primary_template_id]: { title, room } } },
    });
  await json(await file(asha, 'Dripping kitchen tap', 'Kitchen'));
  await json(await file(asha, 'Bedroom window sticks', 'Bedroom'));
  await json(await file(omar, 'Broken doorbell (Omar)', 'Hall'));
  return { entity, view, asha };
}

async function signIn(page: Page, slug: string, email: string) {
  await page.goto(`/ap/signin?company=${slug}`);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByTestId('contact-layout')).toBeVisible();
}

test('a tenant reads their records through the entity, a view and a form template', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const { entity, view, asha } = await setup(request);
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    const shot = (name: string) =>
      page.screenshot({ path: path.join(shots, `views-${size}-${name}.png`), fullPage: true });
    try {
      await signIn(page, asha.slug, asha.email);

      await page.goto(`/ap/entity/${entity._id}/repairs`);
      await expect(page.getByRole('heading', { name: 'Repairs' })).toBeVisible();
      await expect(page.getByText('Dripping kitchen tap').first()).toBeVisible();
      await expect(page.getByText('Bedroom window sticks').first()).toBeVisible();
      await expect(page.getByText('Broken doorbell (Omar)')).toHaveCount(0);
      await shot('records');

      await page.goto(`/ap/entity-views/view/${view._id}`);
      await expect(page.getByRole('heading', { name: 'Every repair' })).toBeVisible();
      await expect(page.getByText('Dripping kitchen tap').first()).toBeVisible();
      await expect(page.getByText('Broken doorbell (Omar)')).toHaveCount(0);
      await shot('view');

      await page.goto(`/ap/template/${entity.primary_template_id}/menu/view`);
      await expect(page.getByRole('textbox', { name: /Title/ })).toBeVisible();
      await shot('template');

      await page.goto(`/ap/entity-execute/${entity._id}`);
      await expect(page.getByRole('textbox', { name: /Title/ })).toBeVisible();
      await shot('add');
    } finally {
      await context.close();
    }
  }
});
