import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TConfigurableDocument, TEmployeeDocument } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { configurableDocuments } from './schema';
import {
  caller,
  createDocument,
  keysOf,
  mailsTo,
  saveLayout,
  signatureField,
  signer,
  signingLinkOf,
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

/** A template of Acme's OWNER with a Buyer role (SIGNER) and a Seller role, both without people. */
async function buyerSellerTemplate(name?: string): Promise<TConfigurableDocument> {
  const tpl = await createDocument(t, acme.users.OWNER, acme.companyId, {
    isTemplate: true,
    ...(name ? { name } : {}),
  });
  return saveLayout(t, acme.users.OWNER, tpl, {
    fields: [
      signatureField('sig-buyer', 'buyer'),
      signatureField('sig-seller', 'seller', { page: 2 }),
      {
        key: 'price',
        type: 'TEXT',
        page: 1,
        x: 50,
        y: 50,
        width: 100,
        height: 20,
        recipient_key: 'buyer',
        label: 'Price',
      },
    ],
    document_users: [
      { key: 'buyer', role_name: 'Buyer', user_type: 'SIGNER', signing_order: 1 },
      { key: 'seller', role_name: 'Seller', user_type: 'SIGNER', signing_order: 2 },
    ],
  });
}

describe('templates', () => {
  it('lists templates with search, sort and paging; a MEMBER sees only own and shared ones', async () => {
    const a = await createDocument(t, acme.users.OWNER, acme.companyId, {
      isTemplate: true,
      name: 'Zeta lease',
    });
    await createDocument(t, acme.users.OWNER, acme.companyId, { isTemplate: true, name: 'alpha lease' });
    const res = await call(
      'GET',
      '/api/document-templates?search=lease&sort=name&limit=1&page=2',
      acme.users.OWNER,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ total: 2, page: 2, total_pages: 2 });
    expect(res.json().data.data[0]).toMatchObject({
      _id: a._id,
      name: 'Zeta lease',
      status: 'ACTIVE',
      recipients_count: 0,
      publish: { published: false, url: null },
      owner: { _id: acme.users.OWNER.userId },
    });
    const member = await call('GET', '/api/document-templates?search=lease', acme.users.MEMBER);
    expect(member.json().data.total).toBe(0);
    const share = await call('POST', '/api/share-template', acme.users.OWNER, {
      template_id: a._id,
      user_ids: [acme.users.MEMBER.userId],
    });
    expect(share.statusCode, share.body).toBe(200);
    expect(share.json().data.shared_with).toEqual([acme.users.MEMBER.userId]);
    const shared = await call('GET', '/api/document-templates?search=lease', acme.users.MEMBER);
    expect(shared.json().data.data.map((r: { _id: string }) => r._id)).toEqual([a._id]);
    const badSort = await call('GET', '/api/document-templates?sort=owner', acme.users.OWNER);
    expect(keysOf(badSort)).toEqual(['querystring.sort']);
    const foreign = await call('GET', '/api/document-templates?search=lease', other.users.OWNER);
    expect(foreign.json().data.total).toBe(0);
  });

  it('refuses to share with users outside the company, and a MEMBER cannot share', async () => {
    const tpl = await createDocument(t, acme.users.OWNER, acme.companyId, { isTemplate: true });
    const res = await call('POST', '/api/share-template', acme.users.OWNER, {
      template_id: tpl._id,
      user_ids: [acme.users.ADMIN.userId, other.users.OWNER.userId, 'nope'],
    });
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(['user_ids.1', 'user_ids.2']);
    expect(
      (await call('POST', '/api/share-template', acme.users.MEMBER, { template_id: tpl._id, user_ids: [] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/share-template', other.users.OWNER, { template_id: tpl._id, user_ids: [] }))
        .statusCode,
    ).toBe(404);
  });

  it('renames, duplicates (duplicate names are 409), deletes softly and permanently', async () => {
    const tpl = await buyerSellerTemplate(`Lease ${Date.now()}`);
    const taken = await createDocument(t, acme.users.OWNER, acme.companyId, {
      isTemplate: true,
      name: 'Taken name',
    });
    const renamed = await call(
      'POST',
      `/api/document-templates/${tpl.company_document_id}/rename`,
      acme.users.OWNER,
      {
        name: 'Lease v2',
        configId: tpl._id,
      },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data.name).toBe('Lease v2');
    const clash = await call('POST', `/api/document-templates/${tpl._id}/rename`, acme.users.OWNER, {
      name: ' taken NAME ',
    });
    expect(clash.statusCode).toBe(409);
    const wrongPair = await call('POST', `/api/document-templates/${taken._id}/rename`, acme.users.OWNER, {
      name: 'Whatever',
      configId: tpl._id,
    });
    expect(wrongPair.statusCode).toBe(404);

    const dup = await call('POST', `/api/document-templates/${tpl._id}/duplicate`, acme.users.OWNER, {
      name: 'Lease v2 copy',
      isShareTemplate: false,
      is_duplicate: true,
    });
    expect(dup.statusCode, dup.body).toBe(200);
    const copy = dup.json().data as TConfigurableDocument;
    expect(copy).toMatchObject({ name: 'Lease v2 copy', is_template: true, publish: { published: false } });
    expect(copy._id).not.toBe(tpl._id);
    expect(copy.company_document_id).not.toBe(tpl.company_document_id);
    expect(copy.fields).toEqual(tpl.fields);
    const dupClash = await call('POST', `/api/document-templates/${tpl._id}/duplicate`, acme.users.OWNER, {
      name: 'Lease v2 COPY',
    });
    expect(dupClash.statusCode).toBe(409);
    expect(
      (await call('POST', `/api/document-templates/${tpl._id}/duplicate`, acme.users.MEMBER, { name: 'm' }))
        .statusCode,
    ).toBe(403);

    const put = await call('PUT', `/api/document-templates/${copy._id}`, acme.users.OWNER, {
      name: 'Lease v2',
    });
    expect(put.statusCode).toBe(409);

    const del = await call('DELETE', `/api/document-templates/${copy._id}`, acme.users.OWNER);
    expect(del.statusCode).toBe(200);
    expect((await call('GET', `/api/configurable-documents/${copy._id}`, acme.users.OWNER)).statusCode).toBe(
      404,
    );
    // The name is free again once the template is deleted.
    expect(
      (
        await call('POST', `/api/document-templates/${tpl._id}/duplicate`, acme.users.OWNER, {
          name: 'Lease v2 copy',
        })
      ).statusCode,
    ).toBe(200);
    const wrongPermanent = await call(
      'DELETE',
      `/api/document-templates/${tpl.company_document_id}/${copy._id}/permanentdelete`,
      acme.users.OWNER,
    );
    expect(wrongPermanent.statusCode).toBe(404);
    const permanent = await call(
      'DELETE',
      `/api/document-templates/${copy.company_document_id}/${copy._id}/permanentdelete`,
      acme.users.OWNER,
    );
    expect(permanent.statusCode).toBe(200);
    const rows = await t.platform.database.db
      .select()
      .from(configurableDocuments)
      .where(eq(configurableDocuments.id, copy._id));
    expect(rows).toHaveLength(0);
    expect((await call('DELETE', `/api/document-templates/${tpl._id}`, other.users.OWNER)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/document-templates/${tpl._id}`, acme.users.MEMBER)).statusCode).toBe(
      403,
    );
  });

  it('sends from a template: people per role, prefill, settings; unknown keys are 422', async () => {
    const tpl = await buyerSellerTemplate();
    const [buyer, seller] = [uniqueEmail('buyer'), uniqueEmail('seller')];
    const res = await call('POST', '/api/document-templates/documents/send-template', acme.users.OWNER, {
      configurable_document_id: tpl._id,
      name: 'Flat 4B',
      document_users: [
        { key: 'buyer', email: buyer, first_name: 'Bina', last_name: 'Buyer' },
        { key: 'seller', email: seller, first_name: 'Sam', last_name: 'Seller' },
      ],
      prefill: { price: '1,20,00,000' },
      settings: { signing_order: true, expire_after_days: 5 },
      send_key: `tpl-${tpl._id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json().data as TEmployeeDocument;
    expect(sent).toMatchObject({ name: 'Flat 4B', status: 'WAITING', configurable_document_id: tpl._id });
    expect(sent.fields.find((f) => f.key === 'price')?.default_value).toBe('1,20,00,000');
    expect(sent.document_users.map((u) => [u.role_name, u.email, u.status])).toEqual([
      ['Buyer', buyer, 'SENT'],
      ['Seller', seller, 'PENDING'],
    ]);
    expect(signingLinkOf((await mailsTo(t, buyer))[0]!.html)?.documentId).toBe(sent._id);
    expect(await mailsTo(t, seller)).toHaveLength(0);
    // The template itself is unchanged and can be sent again.
    const tplAfter = await call('GET', `/api/configurable-documents/${tpl._id}`, acme.users.OWNER);
    expect(tplAfter.json().data.document_users.every((r: { email: string }) => r.email === '')).toBe(true);

    const bad = await call('POST', '/api/document-templates/documents/send-template', acme.users.OWNER, {
      configurable_document_id: tpl._id,
      document_users: [
        { key: 'buyer', email: 'not-an-email' },
        { key: 'ghost', email: 'g@example.com' },
      ],
      prefill: { nope: '1' },
    });
    expect(bad.statusCode).toBe(422);
    expect(keysOf(bad)).toEqual(['document_users.1.key', 'prefill.nope']);
    const invalid = await call('POST', '/api/document-templates/documents/send-template', acme.users.OWNER, {
      configurable_document_id: tpl._id,
      document_users: [{ key: 'buyer', email: 'not-an-email', first_name: 'B' }],
    });
    expect(invalid.statusCode).toBe(422);
    expect(keysOf(invalid)).toEqual([
      'document_users.0.email',
      'document_users.seller.email',
      'document_users.seller.first_name',
    ]);
    const foreign = await call('POST', '/api/document-templates/documents/send-template', other.users.OWNER, {
      configurable_document_id: tpl._id,
      document_users: [],
    });
    expect(foreign.statusCode).toBe(404);
    // A MEMBER does not hold templates:send.
    const member = await call('POST', '/api/document-templates/documents/send-template', acme.users.MEMBER, {
      configurable_document_id: tpl._id,
      document_users: [],
    });
    expect(member.statusCode).toBe(403);
  });

  it("refuses another company's contact on send-template, and takes a contact's email when empty", async () => {
    const tpl = await buyerSellerTemplate();
    const { contacts } = await import('../contacts/schema');
    const [foreignContact] = await t.platform.database.db
      .insert(contacts)
      .values({ companyId: other.companyId, email: uniqueEmail('fc') })
      .returning();
    const [ownContact] = await t.platform.database.db
      .insert(contacts)
      .values({ companyId: acme.companyId, email: uniqueEmail('oc'), firstName: 'Olga', lastName: 'Contact' })
      .returning();
    const foreign = await call('POST', '/api/document-templates/documents/send-template', acme.users.OWNER, {
      configurable_document_id: tpl._id,
      document_users: [
        { key: 'buyer', email: '', contact_id: foreignContact!.id },
        { key: 'seller', email: uniqueEmail('s'), first_name: 'S' },
      ],
    });
    expect(foreign.statusCode).toBe(404);
    const own = await call('POST', '/api/document-templates/documents/send-template', acme.users.OWNER, {
      configurable_document_id: tpl._id,
      document_users: [
        { key: 'buyer', email: '', contact_id: ownContact!.id },
        { key: 'seller', email: uniqueEmail('s'), first_name: 'S' },
      ],
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.document_users[0]).toMatchObject({
      email: ownContact!.email,
      first_name: 'Olga',
      contact_id: ownContact!.id,
    });
  });

  it('saves a sent document as a template: copied PDF, fields, roles without people', async () => {
    const doc = await createDocument(t, acme.users.OWNER, acme.companyId);
    await saveLayout(t, acme.users.OWNER, doc, {
      fields: [signatureField('f1', 'r1')],
      document_users: [
        signer('r1', uniqueEmail('s'), { role_name: 'Tenant' }),
        signer('r2', uniqueEmail('cc'), { user_type: 'CC' }),
      ],
    });
    const sent = (
      await call('POST', '/api/company-documents/documents/send', acme.users.OWNER, {
        configurable_document_id: doc._id,
      })
    ).json().data as TEmployeeDocument;
    const res = await call('POST', `/api/document-templates/${sent._id}/saveastemplate`, acme.users.OWNER, {
      name: `Tenant template ${Date.now()}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const tpl = res.json().data as TConfigurableDocument;
    expect(tpl.is_template).toBe(true);
    expect(tpl.file.file_ref_id).not.toBe(sent.file.file_ref_id);
    expect(tpl.fields.map((f) => f.key)).toEqual(['f1']);
    expect(tpl.document_users.map((r) => [r.key, r.role_name, r.email, r.user_type])).toEqual([
      ['r1', 'Tenant', '', 'SIGNER'],
      ['r2', 'Recipient 2', '', 'CC'],
    ]);
    expect(
      (
        await call('POST', `/api/document-templates/${sent._id}/saveastemplate`, other.users.OWNER, {
          name: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', `/api/document-templates/${sent._id}/saveastemplate`, acme.users.MEMBER, {
          name: 'x',
        })
      ).statusCode,
    ).toBe(403);
  });
});
