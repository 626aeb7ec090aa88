import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { emailLogs } from '../../platform/mail/schema';
import { contacts, contactTypes } from '../contacts/schema';
import { caller, createTemplate, keysOf, seedForm, waitForBatch, type SeededForm } from './send-test-utils';

/* A form filled by the contacts of one contact type: its sends type new contacts and refuse others. */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let tenants: string;
let vendors: string;
let form: SeededForm;

const db = () => t.platform.database.db;

async function typeOf(company: SeededCompany, name: string): Promise<string> {
  const [row] = await db()
    .insert(contactTypes)
    .values({ companyId: company.companyId, name })
    .returning({ id: contactTypes.id });
  return row!.id;
}

async function contactOf(company: SeededCompany, email: string, typeId: string | null): Promise<string> {
  const [row] = await db()
    .insert(contacts)
    .values({ companyId: company.companyId, email, firstName: 'C', lastName: 'T', contactTypeId: typeId })
    .returning({ id: contacts.id });
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Acme Types' });
  other = await seedCompany(t, { name: 'Other Types' });
  tenants = await typeOf(acme, 'Tenants');
  vendors = await typeOf(acme, 'Vendors');
  form = await seedForm(t, acme, await createTemplate(t, acme.users.OWNER), {
    ownerType: 'CONTACTS',
    settings: { contact_type_id: tenants },
  });
}, 60_000);
afterAll(async () => {
  await t.close();
});

describe("a contact-type form's sends", () => {
  it("gives new contacts the form's contact type; anyone-forms leave them untyped", async () => {
    const res = await call('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      emails: ['new.tenant@types.example.com'],
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(await waitForBatch(t, acme.users.OWNER, form.id, res.json().data.batch_id)).toMatchObject({
      status: 'DONE',
      sent: 1,
    });
    const created = await call('POST', '/api/formbuilder-data/contact', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      email: 'one.more@types.example.com',
      first_name: 'One',
      last_name: 'More',
    });
    expect(created.statusCode, created.body).toBe(201);
    const anyone = await seedForm(t, acme, await createTemplate(t, acme.users.OWNER));
    const plain = await call('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
      formbuilder_details_id: anyone.id,
      emails: ['plain@types.example.com'],
    });
    expect(plain.statusCode, plain.body).toBe(202);
    const rows = await db()
      .select({ email: contacts.email, typeId: contacts.contactTypeId })
      .from(contacts)
      .where(
        inArray(contacts.email, [
          'new.tenant@types.example.com',
          'one.more@types.example.com',
          'plain@types.example.com',
        ]),
      );
    expect(Object.fromEntries(rows.map((r) => [r.email, r.typeId]))).toEqual({
      'new.tenant@types.example.com': tenants,
      'one.more@types.example.com': tenants,
      'plain@types.example.com': null,
    });
  });

  it('refuses contacts of another type or none (422 keyed to their place), and keeps their type', async () => {
    const vendor = await contactOf(acme, 'vendor@types.example.com', vendors);
    const untyped = await contactOf(acme, 'untyped@types.example.com', null);
    const tenant = await contactOf(acme, 'tenant@types.example.com', tenants);
    const byId = await call('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      contact_ids: [tenant, vendor, untyped],
    });
    expect(byId.statusCode, byId.body).toBe(422);
    expect(keysOf(byId)).toEqual(['contact_ids.1', 'contact_ids.2']);
    const byEmail = await call('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      emails: ['tenant@types.example.com', 'vendor@types.example.com'],
    });
    expect(byEmail.statusCode, byEmail.body).toBe(422);
    expect(keysOf(byEmail)).toEqual(['emails.1']);
    const one = await call('POST', '/api/formbuilder-data/contact', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      email: 'vendor@types.example.com',
      first_name: 'V',
      last_name: 'X',
    });
    expect(one.statusCode, one.body).toBe(422);
    expect(keysOf(one)).toEqual(['email']);
    const [kept] = await db()
      .select({ typeId: contacts.contactTypeId })
      .from(contacts)
      .where(eq(contacts.id, vendor));
    expect(kept!.typeId).toBe(vendors);
    // Another company's contact is not the company's (422), its form 404.
    const theirs = await contactOf(other, 'theirs@types.example.com', null);
    const foreign = await call('POST', '/api/formbuilder-data/send', acme.users.OWNER, {
      formbuilder_details_id: form.id,
      contact_ids: [theirs],
    });
    expect(foreign.statusCode).toBe(422);
    expect(keysOf(foreign)).toEqual(['contact_ids.0']);
    const otherForm = await call('POST', '/api/formbuilder-data/send', other.users.OWNER, {
      formbuilder_details_id: form.id,
      emails: ['x@types.example.com'],
    });
    expect(otherForm.statusCode).toBe(404);
  });
});

describe("a contact-type form's guests", () => {
  it("mails a code only to a contact of the form's type (the answer is the same for others)", async () => {
    await contactOf(acme, 'guest.tenant@types.example.com', tenants);
    await contactOf(acme, 'guest.vendor@types.example.com', vendors);
    const ask = (email: string) =>
      call('POST', '/api/formBuilders/sent-otp', undefined, { formbuilder_details_id: form.id, email });
    const asked = [await ask('guest.tenant@types.example.com'), await ask('guest.vendor@types.example.com')];
    expect(asked.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(Object.keys(asked[0]!.json().data)).toEqual(Object.keys(asked[1]!.json().data));
    const mails = await db()
      .select({ to: emailLogs.to })
      .from(emailLogs)
      .where(and(eq(emailLogs.kind, 'form.passcode')));
    const to = mails.map((m) => m.to[0]);
    expect(to).toContain('guest.tenant@types.example.com');
    expect(to).not.toContain('guest.vendor@types.example.com');
  });
});
