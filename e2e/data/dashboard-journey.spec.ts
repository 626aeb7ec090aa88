import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PASSWORD, json, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';
import { waitForDeliveredMail } from '../support/mail-sink';

// Custom dashboards at 1366x900. Set up through the API: an "Orders" entity (name, amount, a
// status select, an order date) with five records over three months, an entity view of it and a
// contact type. In the browser the owner builds "Sales overview": a stat card, a bar chart by
// month, a pie by status and a table of the view, each previewed with live data while configured,
// and shows it to MANAGER. A MANAGER (invited through the API) opens it from the sidebar's "My
// dashboards" and reads the numbers. Screenshots of every staff dashboard screen, desktop and
// phone, go to E2E_SHOTS_DIR.
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** A desktop and a phone screenshot of the page as it is. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: path.join(shots, `dash-${name}.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(shots, `dash-${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

test.use({ viewport: DESKTOP, actionTimeout: 20_000 });

type Entity = { _id: string; name: string; primary_template_id: string };

const ORDERS = [
  { name: 'Order 1', amount: 1200, status: 'Open', ordered_on: '2026-01-05' },
  { name: 'Order 2', amount: 800, status: 'Won', ordered_on: '2026-01-20' },
  { name: 'Order 3', amount: 450, status: 'Open', ordered_on: '2026-02-11' },
  { name: 'Order 4', amount: 3000, status: 'Won', ordered_on: '2026-03-02' },
  { name: 'Order 5', amount: 150, status: 'Open', ordered_on: '2026-03-28' },
];

async function setUp(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const orders = await json<Entity>(
    await request.post('/api/entities/create', {
      headers,
      data: {
        name: 'Orders',
        entity_type: 'GENERAL',
        fields: [
          { key: 'name', label: 'Name', type: 'SINGLE_LINE_TEXT', required: true },
          { key: 'amount', label: 'Amount', type: 'NUMBER' },
          { key: 'status', label: 'Status', type: 'SELECT', options: [{ value: 'Open' }, { value: 'Won' }, { value: 'Lost' }] },
          { key: 'ordered_on', label: 'Ordered on', type: 'DATE' },
        ],
      },
    }),
  );
  for (const order of ORDERS)
    await json(
      await request.post('/api/entities-data', {
        headers,
        data: { entity_id: orders._id, values: { [orders.primary_template_id]: order } },
      }),
    );
  const field = (key: string) => `${orders.primary_template_id}#${key}`;
  await json(
    await request.post('/api/entity-view-configuration', {
      headers,
      data: {
        name: 'Orders view',
        config: {
          entities: [
            {
              entity_id: orders._id,
              columns: [{ field: field('name') }, { field: field('status') }, { field: field('amount') }],
              sort: [{ field: field('ordered_on'), direction: 'desc' }],
            },
          ],
        },
      },
    }),
  );
  const tenant = await json<{ _id: string }>(await request.post('/api/contact-types', { headers, data: { name: 'Tenant' } }));
  return { orders, tenant };
}

/** Adds a widget of `type` and answers its side panel. */
async function addWidget(page: Page, type: RegExp, panel: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add widget' }).click();
  await page.getByRole('menuitem', { name: type }).click();
  const drawer = page.getByRole('dialog', { name: panel });
  await expect(drawer).toBeVisible();
  return drawer;
}

async function choose(page: Page, scope: Locator, label: RegExp, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The numbers of a chart, read from its data table (group -> value). */
async function chartNumbers(page: Page, title: string) {
  const rows = page.getByRole('table', { name: `${title} data` }).locator('tbody tr');
  await expect(rows.first()).toBeAttached();
  const texts = await rows.allInnerTexts();
  return texts.map((t) => t.split('\t').map((s) => s.trim()).join(' '));
}

async function buildDashboard(page: Page) {
  await page.goto('/custom/dashboard-list');
  await expect(page.getByRole('heading', { name: 'Custom dashboards' })).toBeVisible();
  await page.getByRole('button', { name: 'New dashboard' }).click();
  const dialog = page.getByRole('dialog', { name: 'New dashboard' });
  await dialog.getByRole('textbox', { name: /Name/ }).fill('Sales overview');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/custom\/dashboard\/config\//);

  let drawer = await addWidget(page, /Stat card/, 'Stat card widget');
  await drawer.getByRole('textbox', { name: 'Title' }).fill('Orders');
  await choose(page, drawer, /^Entity/, 'Orders');
  await expect(drawer.getByTestId('stat-value')).toHaveText('5');
  await drawer.getByRole('button', { name: 'Done' }).click();

  drawer = await addWidget(page, /^Chart/, 'Chart widget');
  await drawer.getByRole('textbox', { name: 'Title' }).fill('Orders by month');
  await choose(page, drawer, /^Entity/, 'Orders');
  await choose(page, drawer, /^Group by/, 'Ordered on');
  await expect(drawer.getByRole('table', { name: 'Orders by month data' })).toBeAttached();
  await drawer.getByRole('button', { name: 'Done' }).click();

  drawer = await addWidget(page, /^Chart/, 'Chart widget');
  await drawer.getByRole('textbox', { name: 'Title' }).fill('Orders by status');
  await choose(page, drawer, /^Entity/, 'Orders');
  await drawer.getByText('Pie', { exact: true }).click();
  await choose(page, drawer, /^Group by/, 'Status');
  await expect(drawer.getByRole('table', { name: 'Orders by status data' })).toBeAttached();
  await drawer.getByRole('button', { name: 'Done' }).click();

  drawer = await addWidget(page, /^Table/, 'Table widget');
  await drawer.getByRole('textbox', { name: 'Title' }).fill('Latest orders');
  await choose(page, drawer, /^Entity view/, 'Orders view');
  await expect(drawer.getByRole('table', { name: 'Latest orders rows' })).toBeVisible();
  await drawer.getByRole('button', { name: 'Done' }).click();

  await page.getByRole('group', { name: 'User types' }).getByText('Manager', { exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Sales overview saved')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
}

async function inviteManager(request: APIRequestContext, token: string, email: string) {
  await json(
    await request.post('/api/user/inviteUser', {
      headers: { authorization: `Bearer ${token}` },
      data: { email, user_type: 'MANAGER', first_name: 'Kiran', last_name: 'Rao' },
    }),
  );
  const mail = await waitForDeliveredMail(email, /invited you to join/i);
  const invite = /inviteUser\?token=([^\s"'<>&]+)/.exec(mail.text)?.[1] ?? '';
  await json(
    await request.post('/api/inviteUserSignup', {
      data: { token: invite, first_name: 'Kiran', last_name: 'Rao', password: PASSWORD },
    }),
  );
}

/** What the MANAGER reads on the dashboard: the numbers of the set-up's five orders. */
async function expectNumbers(page: Page) {
  await expect(page.getByRole('region', { name: 'Orders', exact: true }).getByTestId('stat-value')).toHaveText('5');
  expect(await chartNumbers(page, 'Orders by month')).toEqual(['Jan 2026 2', 'Feb 2026 1', 'Mar 2026 2']);
  expect((await chartNumbers(page, 'Orders by status')).sort()).toEqual(['Open 3', 'Won 2']);
  const table = page.getByRole('table', { name: 'Latest orders rows' });
  await expect(table.locator('tbody tr')).toHaveCount(5);
  await expect(table.locator('tbody tr').first()).toContainText('Order 5');
}

test('custom dashboards: build one with four widgets, show it to MANAGER, a manager opens it from the menu', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(300_000);
  const id = uniqueId();
  const owner = { email: `dash-${id}@example.com`, company: 'Harbour Orders', first: 'Nila', last: 'Das' };
  const token = await signUpOwner(request, owner);
  const { tenant } = await setUp(request, token);
  await signInInBrowser(page, owner.email);

  await test.step('the owner builds the dashboard with live previews and shows it to MANAGER', async () => {
    await buildDashboard(page);
    await shoot(page, 'builder');
  });

  await test.step('the owner opens it, the list, the matrix and the contact type screen', async () => {
    await page.getByRole('link', { name: 'Open', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sales overview' })).toBeVisible();
    await expectNumbers(page);
    await shoot(page, 'page');
    await page.goto('/custom/dashboard-list');
    await expect(page.getByTestId('dashboard-row')).toContainText('Manager');
    await shoot(page, 'list');
    await page.goto('/custom/CustomEntityMention');
    await expect(page.getByRole('checkbox', { name: 'Sales overview: Manager' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Sales overview: Tenant' })).not.toBeChecked();
    await shoot(page, 'matrix');
    await page.goto(`/ap-user/custom-dashboards/${tenant._id}`);
    await expect(page.getByRole('heading', { name: 'Dashboards of Tenant' })).toBeVisible();
    await shoot(page, 'contact-type');
  });

  await test.step('a MANAGER opens it from the menu and reads the numbers', async () => {
    const email = `manager-${id}@example.com`;
    await inviteManager(request, token, email);
    const context = await browser.newContext({ viewport: DESKTOP });
    try {
      const managerPage = await context.newPage();
      await signInInBrowser(managerPage, email);
      await managerPage.getByTestId('my-dashboards-nav').getByRole('link', { name: 'Sales overview' }).click();
      await expect(managerPage.getByRole('heading', { name: 'Sales overview' })).toBeVisible();
      await expectNumbers(managerPage);
      await expect(managerPage.getByRole('link', { name: 'Edit dashboard' })).toHaveCount(0);
      await shoot(managerPage, 'manager-page');
    } finally {
      await context.close();
    }
  });
});
