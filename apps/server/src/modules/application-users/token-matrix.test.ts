import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInContact, type ContactSession } from '../../../test/contact-session';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';

/*
 * Contact-area tokens against staff routes, and staff tokens against contact-only routes: the
 * route's own onRequest hook refuses them (403) before any input is read or any query runs.
 */

let t: TestApp;
let company: SeededCompany;
let contact: ContactSession;

beforeAll(async () => {
  t = await buildTestApp();
  company = await seedCompany(t);
  contact = await signedInContact(t, company.users.OWNER);
});
afterAll(async () => {
  await t.close();
});

const id = randomUUID();
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Staff routes across modules (a contact token: 403). */
const STAFF_ROUTES: [Method, string][] = [
  ['GET', '/api/documents'],
  ['GET', '/api/employee-documents'],
  ['GET', '/api/employee-documents-counts'],
  ['GET', '/api/configurable-documents'],
  ['GET', '/api/document-templates'],
  ['GET', '/api/employee-document-requests'],
  ['POST', '/api/document-templates/documents/draft'],
  ['GET', '/api/contacts'],
  ['POST', '/api/contacts'],
  ['GET', `/api/contacts/${id}`],
  ['GET', `/api/contacts/${id}/portal-access`],
  ['POST', `/api/contacts/${id}/portal-access`],
  ['DELETE', `/api/contacts/${id}/portal-access`],
  ['GET', '/api/contact-types'],
  ['GET', '/api/entities'],
  ['POST', '/api/entities'],
  ['DELETE', `/api/entities/${id}`],
  ['GET', '/api/templates-entity-data-all-entities'],
  ['GET', '/api/entities-data/public-links'],
  ['GET', '/api/formBuilders'],
  ['POST', '/api/formBuilders'],
  ['GET', '/api/formbuilders-batch'],
  ['GET', '/api/user/companyUsers'],
  ['GET', '/api/roles'],
  ['GET', '/api/application-settings'],
  ['GET', '/api/Get-keys'],
  ['GET', '/api/all-document-stats'],
  ['GET', '/api/all-documents/recent-activities'],
  ['GET', '/api/global-variables'],
  ['GET', '/api/document-settings/default'],
  ['GET', '/api/user/getUserWorkspaceList'],
  ['POST', `/api/switchWorkspace/${id}`],
  ['GET', '/api/app-notifications/fetchUnreadNotificationsCount'],
  ['GET', '/api/user/profile'],
  ['PATCH', '/api/user/update-profile'],
];

/** Routes only a contact-area session may call (a staff token: 403). */
const CONTACT_ROUTES: [Method, string][] = [
  ['GET', '/api/application-user/profile'],
  ['PATCH', '/api/application-user/profile'],
];

describe('contact and staff tokens', () => {
  it.each(STAFF_ROUTES)('a contact token on %s %s: 403', async (method, url) => {
    const res = await t.app.inject({ method, url, headers: contact.headers, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().success).toBe(false);
  });

  it.each(CONTACT_ROUTES)('a staff token on %s %s: 403', async (method, url) => {
    for (const staff of Object.values(company.users)) {
      const res = await t.app.inject({ method, url, headers: staff.headers, payload: {} });
      expect(res.statusCode).toBe(403);
    }
  });

  it.each(CONTACT_ROUTES)('no token on %s %s: 401', async (method, url) => {
    expect((await t.app.inject({ method, url, payload: {} })).statusCode).toBe(401);
  });

  it('the table covers enough staff routes', () => {
    expect(STAFF_ROUTES.length).toBeGreaterThanOrEqual(25);
  });
});
