import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { userTypePermissions } from '../permissions/schema';
import { employeeDocuments } from './schema';
import {
  caller,
  createDocument,
  keysOf,
  mailsTo,
  saveLayout,
  signatureField,
  signingLinkOf,
  storePdf,
  uniqueEmail,
} from './test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Realty' });
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

describe('publish', () => {
  it('publishes with an unguessable address; a visitor starts a document and is signed in directly', async () => {
    const tpl = await createDocument(t, acme.users.OWNER, acme.companyId, { isTemplate: true });
    await saveLayout(t, acme.users.OWNER, tpl, {
      fields: [signatureField('f1', 'visitor'), signatureField('f2', 'agent', { y: 700 })],
      document_users: [
        { key: 'visitor', role_name: 'Applicant', user_type: 'SIGNER' },
        {
          key: 'agent',
          role_name: 'Agent',
          user_type: 'SIGNER',
          email: acme.users.ADMIN.email,
          first_name: 'Agent',
          signing_order: 2,
        },
      ],
      settings: { signing_order: true },
    });
    const before = await call('GET', `/api/document-templates/${tpl._id}/published`, acme.users.OWNER);
    expect(before.json().data).toEqual({ published: false, secure_access: false, url: null });
    const res = await call('POST', `/api/document-templates/${tpl._id}/published`, acme.users.OWNER, {
      published: true,
      secure_access: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.url as string;
    expect(url).toMatch(/^http:\/\/localhost:3000\/published-templates\/[A-Za-z0-9_-]{43}$/);
    const token = url.split('/').pop()!;

    const info = await call('GET', `/api/published-templates/${token}`);
    expect(info.json().data).toMatchObject({
      name: tpl.name,
      company_name: 'Acme Realty',
      secure_access: false,
      role_name: 'Applicant',
    });
    const visitor = uniqueEmail('visitor');
    const start = await call('POST', `/api/published-templates/${token}/start`, undefined, {
      email: visitor,
      first_name: 'Vera',
      last_name: 'Visitor',
    });
    expect(start.statusCode, start.body).toBe(200);
    const details = start.json().data.user_details;
    const [row] = await t.platform.database.db
      .select()
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, details.document_id));
    expect(row).toMatchObject({
      status: 'WAITING',
      senderId: acme.users.OWNER.userId,
      configurableDocumentId: tpl._id,
    });
    const mailed = signingLinkOf((await mailsTo(t, visitor))[0]!.html)!;
    expect(mailed).toEqual({ documentId: details.document_id, userId: details._id, token: details.password });
    expect(await mailsTo(t, acme.users.ADMIN.email)).toHaveLength(0);

    const badStart = await call('POST', `/api/published-templates/${token}/start`, undefined, {
      email: 'x',
      first_name: '',
    });
    expect(badStart.statusCode).toBe(422);
    expect(keysOf(badStart).sort()).toEqual(['first_name']);
    const badEmail = await call('POST', `/api/published-templates/${token}/start`, undefined, {
      email: 'x',
      first_name: 'X',
    });
    expect(keysOf(badEmail)).toEqual(['email']);

    // Secure access: no direct sign-in; the visitor's recipient must confirm a code.
    const secure = await call('POST', `/api/document-templates/${tpl._id}/published`, acme.users.OWNER, {
      published: true,
      secure_access: true,
    });
    expect(secure.json().data.url).toBe(url);
    const secured = await call('POST', `/api/published-templates/${token}/start`, undefined, {
      email: uniqueEmail('sec'),
      first_name: 'Sue',
    });
    expect(secured.json().data).toEqual({ secure_access: true });

    const off = await call('POST', `/api/document-templates/${tpl._id}/published`, acme.users.OWNER, {
      published: false,
    });
    expect(off.json().data.url).toBeNull();
    expect((await call('GET', `/api/published-templates/${token}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/published-templates/made-up-token-made-up-token-0000')).statusCode).toBe(
      404,
    );
  });

  it('refuses to publish a template without a role for the visitor, and needs templates:publish', async () => {
    const tpl = await createDocument(t, acme.users.OWNER, acme.companyId, { isTemplate: true });
    const res = await call('POST', `/api/document-templates/${tpl._id}/published`, acme.users.OWNER, {
      published: true,
    });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(['document_users']);
    expect(
      (
        await call('POST', `/api/document-templates/${tpl._id}/published`, acme.users.MEMBER, {
          published: true,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await call('POST', `/api/document-templates/${tpl._id}/published`, other.users.OWNER, {
          published: true,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/document-templates/${tpl._id}/published`, other.users.OWNER)).statusCode,
    ).toBe(404);
  });

  it('needs templates:create to upload-create a template even for an ADMIN who lost it', async () => {
    const company = await seedCompany(t);
    const [row] = await t.platform.database.db
      .select()
      .from(userTypePermissions)
      .where(
        and(eq(userTypePermissions.companyId, company.companyId), eq(userTypePermissions.userType, 'ADMIN')),
      );
    await t.platform.database.db
      .update(userTypePermissions)
      .set({ permissions: row!.permissions.filter((p) => p !== 'templates:create') })
      .where(eq(userTypePermissions.id, row!.id));
    const res = await call('POST', '/api/document-templates', company.users.ADMIN, {
      name: 'T',
      file_ref_ids: [await storePdf(t, company.companyId)],
      is_template: true,
    });
    expect(res.statusCode).toBe(403);
  });
});
