import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { json, signInInBrowser, signUpOwner } from '../support/document-setup';
import { uniqueId } from '../support/ids';

// A custom dashboard in the sidebar: the owner (through the API) builds "Sales board" (a text
// widget) and puts it in the OWNER menu as "Pipeline board"; in the browser the sidebar shows
// it and opens /page-dashboard/{id}, on a desktop and in a phone's navigation drawer. Screenshots
// go to E2E_SHOTS_DIR (menu-dashboard-*.png).
const shots = process.env.E2E_SHOTS_DIR ?? path.join(os.tmpdir(), 'esigns-e2e-shots');
mkdirSync(shots, { recursive: true });

test.use({ viewport: { width: 1366, height: 800 }, actionTimeout: 20_000 });

test('a dashboard menu item opens the dashboard, on a desktop and a phone', async ({ page, request }) => {
  test.setTimeout(120_000);
  const id = uniqueId();
  const email = `menu-board-${id}@example.com`;
  const token = await signUpOwner(request, {
    email,
    company: `Board Homes ${id}`,
    first: 'Asha',
    last: 'Rao',
  });
  const headers = { authorization: `Bearer ${token}` };
  const board = await json<{ _id: string }>(
    await request.post('/api/custom-dashboard/create', {
      headers,
      data: {
        name: 'Sales board',
        user_types: ['OWNER'],
        widgets: [
          {
            id: 'hello',
            type: 'TEXT',
            title: 'This week',
            layout: { x: 0, y: 0, w: 6, h: 3 },
            html: '<p>Three viewings booked, two offers out.</p>',
          },
        ],
      },
    }),
  );
  const menu = await json<{ items: { kind: string }[] }>(
    await request.get('/api/menu/v2/OWNER', { headers, params: { edit: 'true' } }),
  );
  // Right under "Dashboard", labelled apart from the dashboard's name.
  const items = [
    menu.items[0],
    {
      kind: 'DASHBOARD',
      key: 'pipeline',
      label: 'Pipeline board',
      icon: 'chart-bar',
      dashboard_id: board._id,
    },
    ...menu.items.slice(1),
  ];
  await json(await request.post('/api/menu/v2', { headers, data: { user_type: 'OWNER', items } }));

  await signInInBrowser(page, email);
  const nav = page.getByRole('navigation').first();
  await nav.getByRole('link', { name: 'Pipeline board' }).click();
  await expect(page).toHaveURL(new RegExp(`/page-dashboard/${board._id}$`));
  await expect(page.getByRole('heading', { name: 'Sales board' })).toBeVisible();
  await expect(page.getByText('Three viewings booked, two offers out.')).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Pipeline board' })).toHaveAttribute('aria-current', 'page');
  // "My dashboards" lists assigned dashboards the menu does not link already: here, none.
  await expect(page.getByTestId('my-dashboards-nav')).toHaveCount(0);
  await page.screenshot({ path: path.join(shots, 'menu-dashboard-desktop.png') });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Toggle navigation' }).click();
  const drawerLink = page.getByRole('link', { name: 'Pipeline board' });
  await expect(drawerLink).toBeVisible();
  await page.screenshot({ path: path.join(shots, 'menu-dashboard-phone.png') });
  await drawerLink.click();
  await expect(page.getByText('Three viewings booked, two offers out.')).toBeVisible();
});
