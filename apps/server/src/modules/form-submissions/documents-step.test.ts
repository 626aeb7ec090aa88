import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZFormSettings, type TStoredFormStep } from '@esigns/contracts/form-builders';
import type { TFormStepDocument } from '@esigns/contracts/form-documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { employeeDocuments } from '../documents/schema';
import { createDocument, mailsTo, saveLayout, signatureField, uniqueEmail } from '../documents/test-helpers';
import { createGuestSession } from '../form-builders';
import { formBuilders } from '../form-builders/schema';
import { pngDataUrl, signerCaller, waitForSeal } from '../signing/test-helpers';
import { seedContactCaller } from '../../../test/contact-caller';
import { documentStepProgress } from './documents-steps';
import { seedContactType } from './send-test-utils';
import { formSubmissionEvents, formSubmissions, formSubmissionSteps } from './schema';

/*
 * Documents inside forms, through the API: a guest opens a DOCUMENT step, signs it with the signing
 * calls, the seal completes, and the submission's document reads answer it. Forms and submissions
 * are seeded as rows (their own routes have their own tests).
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let templateId: string;
let form: { id: string; s1: string; s2: string; s3: string };

type Who = { headers: Record<string, string> };
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
let ipSeq = 0;
const call = (method: Method, url: string, who?: Who, payload?: unknown) => {
  ipSeq += 1;
  return t.app.inject({
    method,
    url,
    remoteAddress: `10.77.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(who ? { headers: who.headers } : {}),
  });
};
const keysOf = (res: { json: () => { errors?: { details: { key: string }[] } } }): string[] =>
  res.json().errors?.details.map((d) => d.key) ?? [];

/** An ACTIVE form of acme: details (template step), the agreement (DOCUMENT), a hidden extra (DOCUMENT). */
async function seedForm(company: SeededCompany, documentTemplateId: string) {
  const ids = { s1: randomUUID(), s2: randomUUID(), s3: randomUUID() };
  const steps: TStoredFormStep[] = [
    {
      id: ids.s1,
      name: 'Details',
      type: 'TEMPLATE',
      template_id: randomUUID(),
      required: true,
      condition: null,
    },
    {
      id: ids.s2,
      name: 'Agreement',
      type: 'DOCUMENT',
      document_template_id: documentTemplateId,
      role: 'applicant',
      required: true,
      condition: null,
    },
    {
      id: ids.s3,
      name: 'Loan terms',
      type: 'DOCUMENT',
      document_template_id: documentTemplateId,
      required: true,
      condition: {
        match: 'ALL',
        rules: [{ step_id: ids.s1, field: 'wants_loan', operator: 'EQUALS', value: 'Yes' }],
      },
    },
  ];
  const [row] = await t.platform.database.db
    .insert(formBuilders)
    .values({
      companyId: company.companyId,
      name: `Rental ${randomUUID().slice(0, 6)}`,
      code: `rental-${randomUUID().slice(0, 8)}`,
      ownerType: 'ANYONE',
      status: 'ACTIVE',
      steps,
      settings: ZFormSettings.parse({}),
      createdBy: company.users.OWNER.userId,
    })
    .returning({ id: formBuilders.id });
  return { id: row!.id, ...ids };
}

/** A guest of the form (with an email, or anonymous) and their DRAFT submission with the first step's answers. */
async function guestWithSubmission(email: string | null, company: SeededCompany = acme, formId = form.id) {
  const db = t.platform.database.db;
  const session = await createGuestSession(db, {
    companyId: company.companyId,
    formBuilderId: formId,
    email,
    kind: email ? 'GUEST' : 'ANONYMOUS',
    ttlDays: 1,
  });
  const [row] = await db
    .insert(formSubmissions)
    .values({
      companyId: company.companyId,
      formBuilderId: formId,
      formVersion: 1,
      fillerKind: email ? 'GUEST' : 'ANONYMOUS',
      fillerId: session.guestId,
      fillerEmail: email,
      fillerName: 'Asha Rao',
      values: {
        [form.s1]: {
          full_name: 'Asha Rao',
          Monthly_Rent: 2500,
          'start-date': '2026-12-01',
          wants_loan: 'No',
          plan: 'Gold',
        },
      },
    })
    .returning({ id: formSubmissions.id });
  const who: Who = { headers: { userid: session.guestId, passcode: session.secret, formbuilderid: formId } };
  return { who, dataId: row!.id, email };
}

/** The form's steps with the first DOCUMENT step signed as `role`. */
async function stepsWithRole(formId: string, role: string): Promise<TStoredFormStep[]> {
  const [row] = await t.platform.database.db
    .select({ steps: formBuilders.steps })
    .from(formBuilders)
    .where(eq(formBuilders.id, formId));
  return row!.steps.map((s) => (s.type === 'DOCUMENT' ? { ...s, role } : s));
}

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Rentals' });
  other = await seedCompany(t, { name: 'Other Co' });
  const tpl = await createDocument(t, acme.users.OWNER, acme.companyId, {
    isTemplate: true,
    name: 'Rental agreement',
  });
  await saveLayout(t, acme.users.OWNER, tpl, {
    fields: [
      signatureField('sig', 'applicant'),
      {
        key: 'full_name',
        type: 'TEXT',
        page: 1,
        x: 100,
        y: 100,
        width: 200,
        height: 20,
        recipient_key: 'applicant',
      },
      {
        key: 'rent',
        label: 'Monthly rent',
        type: 'NUMBER',
        page: 1,
        x: 100,
        y: 140,
        width: 100,
        height: 20,
        recipient_key: 'applicant',
      },
      {
        key: 'start',
        label: 'Start date',
        type: 'DATE',
        page: 1,
        x: 100,
        y: 180,
        width: 100,
        height: 20,
        recipient_key: 'applicant',
      },
      {
        key: 'plan',
        type: 'DROPDOWN',
        options: ['Silver', 'Bronze'],
        required: false,
        page: 1,
        x: 100,
        y: 220,
        width: 100,
        height: 20,
        recipient_key: 'applicant',
      },
    ],
    document_users: [{ key: 'applicant', role_name: 'Applicant', user_type: 'SIGNER' }],
  });
  templateId = tpl._id;
  form = await seedForm(acme, templateId);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('a DOCUMENT step of a form', () => {
  let guest: Awaited<ReturnType<typeof guestWithSubmission>>;
  let first: TFormStepDocument;

  it('is made on the first call for the filler, prefilled, without a mail, with their signing link', async () => {
    guest = await guestWithSubmission(uniqueEmail('tenant'));
    const res = await call(
      'GET',
      `/api/formbuilder-data/company-documents/${guest.dataId}/${form.s2}`,
      guest.who,
    );
    expect(res.statusCode, res.body).toBe(200);
    first = res.json().data;
    expect(first).toMatchObject({
      formbuilder_data_id: guest.dataId,
      step_id: form.s2,
      name: 'Rental agreement',
      status: 'WAITING',
      progress: 'PENDING',
      made_for_step: true,
      signer: { role_name: 'Applicant', email: guest.email, status: 'SENT' },
    });
    expect(first.link).toContain(
      `/emp-documents/preview/${first._id}/pp/vp/${first.signer!.document_user_id}?token=`,
    );
    expect(first.user_details).toMatchObject({ _id: first.signer!.document_user_id, document_id: first._id });
    expect(await mailsTo(t, guest.email!)).toHaveLength(0);
    const [doc] = await t.platform.database.db
      .select({ fields: employeeDocuments.fields })
      .from(employeeDocuments)
      .where(eq(employeeDocuments.id, first._id));
    const prefilled = Object.fromEntries(doc!.fields.map((f) => [f.key, f.default_value]));
    // Matched by key or label, without case or punctuation; a value the field cannot hold is left out.
    expect(prefilled).toMatchObject({
      full_name: 'Asha Rao',
      rent: '2500',
      start: '2026-12-01',
      plan: '',
      sig: '',
    });
    const events = await t.platform.database.db
      .select({ event: formSubmissionEvents.event })
      .from(formSubmissionEvents)
      .where(eq(formSubmissionEvents.submissionId, guest.dataId));
    expect(events.map((e) => e.event)).toEqual(['DOCUMENT_CREATED']);
  });

  it('makes one document for two simultaneous first calls', async () => {
    const racer = await guestWithSubmission(uniqueEmail('racer'));
    const url = `/api/formbuilder-data/company-documents/${racer.dataId}/${form.s2}`;
    const [a, b] = await Promise.all([call('GET', url, racer.who), call('GET', url, racer.who)]);
    expect([a.statusCode, b.statusCode], a.body + b.body).toEqual([200, 200]);
    expect(a.json().data._id).toBe(b.json().data._id);
    expect(a.json().data.user_details).not.toBeNull();
    expect(b.json().data.user_details).not.toBeNull();
    const made = await t.platform.database.db
      .select({ id: employeeDocuments.id })
      .from(employeeDocuments)
      .where(eq(employeeDocuments.sendKey, `form-step:${racer.dataId}:${form.s2}:0`));
    expect(made).toHaveLength(1);
    const events = await t.platform.database.db
      .select({ event: formSubmissionEvents.event })
      .from(formSubmissionEvents)
      .where(eq(formSubmissionEvents.submissionId, racer.dataId));
    expect(events.map((e) => e.event)).toEqual(['DOCUMENT_CREATED']);
  });

  it('answers the same document on a second call, with a link that works too', async () => {
    const again = await call(
      'GET',
      `/api/formbuilder-data/company-documents/${guest.dataId}/${form.s2}`,
      guest.who,
    );
    expect(again.statusCode, again.body).toBe(200);
    const second = again.json().data as TFormStepDocument;
    expect(second._id).toBe(first._id);
    expect(second.user_details!.password).not.toBe(first.user_details!.password);
    const as = signerCaller(t);
    for (const details of [first.user_details!, second.user_details!]) {
      const headers = { documentid: details.document_id, userid: details._id, password: details.password };
      expect((await as('GET', `/api/e-signs/${first._id}`, headers)).statusCode).toBe(200);
    }
  });

  it('is signed through the signing calls, sealed, then COMPLETED and downloadable', async () => {
    const details = first.user_details!;
    const headers = { documentid: details.document_id, userid: details._id, password: details.password };
    const as = signerCaller(t);
    const opened = await as('POST', '/api/e-sign/no-secure-signature', headers);
    expect(opened.statusCode, opened.body).toBe(200);
    const done = await as('POST', `/api/documents/${first._id}/finish`, headers, {
      values: { sig: pngDataUrl() },
      accept_terms: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.next).toBe('SEALING');
    const seal = await waitForSeal(t, first._id);
    expect(seal.status).toBe('DONE');
    expect(await documentStepProgress(t.platform.database.db, acme.companyId, first._id)).toBe('COMPLETED');
    expect(await documentStepProgress(t.platform.database.db, other.companyId, first._id)).toBe('PENDING');

    const step = await call(
      'GET',
      `/api/formbuilder-data/company-documents/${guest.dataId}/${form.s2}`,
      guest.who,
    );
    expect(step.json().data).toMatchObject({
      status: 'COMPLETED',
      progress: 'COMPLETED',
      signer: { status: 'SIGNED' },
    });

    const body = { formbuilder_data_id: guest.dataId };
    const requested = await call('POST', '/api/documents-templates/requested-files', guest.who, body);
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json().data).toEqual([
      expect.objectContaining({
        step_id: form.s2,
        visible: true,
        document_id: first._id,
        progress: 'COMPLETED',
        template_name: 'Rental agreement',
      }),
      expect.objectContaining({ step_id: form.s3, visible: false, document_id: null, progress: 'PENDING' }),
    ]);
    const completed = await call('POST', '/api/documents-templates/completed-documents', guest.who, body);
    expect(completed.json().data).toEqual([
      expect.objectContaining({
        _id: first._id,
        step_id: form.s2,
        signer_status: 'SIGNED',
        made_for_step: true,
      }),
    ]);
    const processed = await call(
      'POST',
      '/api/documents-templates/processed-files',
      acme.users.MANAGER,
      body,
    );
    expect(processed.json().data.map((d: { _id: string }) => d._id)).toEqual([first._id]);

    const urls = await call('POST', '/api/documents-templates/download-urls', guest.who, body);
    expect(urls.statusCode, urls.body).toBe(200);
    const [link] = urls.json().data;
    expect(link).toMatchObject({ _id: first._id, name: 'Rental agreement (completed).pdf', expires_in: 300 });
    const url = new URL(link.url);
    const fetched = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(fetched.statusCode).toBe(200);
    expect(fetched.rawPayload.equals(await t.platform.storage.get(seal.fileKey!))).toBe(true);

    // Submitted, the signed step's own row says COMPLETED (the data list and readers show it).
    const db = t.platform.database.db;
    await db
      .insert(formSubmissionSteps)
      .values({ submissionId: guest.dataId, stepId: form.s1, status: 'COMPLETED', completedAt: new Date() });
    const submitted = await call('PUT', `/api/formbuilder-data/${guest.dataId}`, guest.who, {
      status: 'SUBMITTED',
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const [stored] = await db
      .select({ status: formSubmissionSteps.status })
      .from(formSubmissionSteps)
      .where(
        and(eq(formSubmissionSteps.submissionId, guest.dataId), eq(formSubmissionSteps.stepId, form.s2)),
      );
    expect(stored?.status).toBe('COMPLETED');
  }, 60_000);

  it('finds what the filler already signed, attaches it to another submission and detaches it', async () => {
    const next = await guestWithSubmission(guest.email);
    const existed = await call('POST', '/api/documents-templates/existed-documents', next.who, {
      formbuilder_data_id: next.dataId,
      step_id: form.s2,
    });
    expect(existed.statusCode, existed.body).toBe(200);
    expect(existed.json().data).toEqual([expect.objectContaining({ _id: first._id, attached: false })]);

    const url = `/api/formbuilder-data/company-documents/${next.dataId}`;
    const attached = await call('POST', `${url}/multiple`, next.who, {
      documents: [{ step_id: form.s2, document_id: first._id }],
    });
    expect(attached.statusCode, attached.body).toBe(200);
    expect(attached.json().data[0]).toMatchObject({
      _id: first._id,
      made_for_step: false,
      progress: 'COMPLETED',
    });
    const twice = await call('POST', `${url}/multiple`, next.who, {
      documents: [{ step_id: form.s2, document_id: first._id }],
    });
    expect(twice.statusCode).toBe(409);
    // A completed document is not replaced by the default one.
    expect((await call('POST', `${url}/default`, next.who, { step_id: form.s2 })).statusCode).toBe(409);

    const detached = await call('DELETE', url, next.who, { document_ids: [first._id] });
    expect(detached.statusCode, detached.body).toBe(200);
    expect(detached.json().data).toEqual({ detached: [first._id] });
    expect((await call('DELETE', url, next.who, { document_ids: [first._id] })).statusCode).toBe(404);
    const fresh = await call('GET', `${url}/${form.s2}`, next.who);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().data).toMatchObject({ status: 'WAITING', made_for_step: true });
    expect(fresh.json().data._id).not.toBe(first._id);

    // A document the filler did not complete is not theirs to attach.
    const stranger = await guestWithSubmission(uniqueEmail('stranger'));
    const refused = await call(
      'POST',
      `/api/formbuilder-data/company-documents/${stranger.dataId}/multiple`,
      stranger.who,
      {
        documents: [{ step_id: form.s2, document_id: first._id }],
      },
    );
    expect(refused.statusCode).toBe(404);
  });

  it('makes every shown document at once (copy-blank-documents), once', async () => {
    const someone = await guestWithSubmission(uniqueEmail('blank'));
    const body = { formbuilder_data_id: someone.dataId };
    const made = await call('POST', '/api/documents-templates/copy-blank-documents', someone.who, body);
    expect(made.statusCode, made.body).toBe(200);
    const docs = made.json().data as TFormStepDocument[];
    expect(docs.map((d) => d.step_id)).toEqual([form.s2]);
    const again = await call('POST', '/api/documents-templates/copy-blank-documents', someone.who, body);
    expect(again.json().data.map((d: TFormStepDocument) => d._id)).toEqual([docs[0]!._id]);
    const download = await call('POST', '/api/documents-templates/download-urls', someone.who, {
      ...body,
      document_ids: [docs[0]!._id],
    });
    expect(download.statusCode).toBe(409);
  });
});

describe("who reaches a submission's documents", () => {
  it('answers 404 to another guest, another company and members without the submissions permission', async () => {
    const owner = await guestWithSubmission(uniqueEmail('owner'));
    const intruder = await guestWithSubmission(uniqueEmail('intruder'));
    const url = `/api/formbuilder-data/company-documents/${owner.dataId}/${form.s2}`;
    expect((await call('GET', url, intruder.who)).statusCode).toBe(404);
    expect((await call('GET', url, other.users.OWNER)).statusCode).toBe(404);
    expect((await call('GET', url, acme.users.MEMBER)).statusCode).toBe(404);
    const body = { formbuilder_data_id: owner.dataId };
    for (const path of [
      'requested-files',
      'processed-files',
      'completed-documents',
      'download-urls',
      'copy-blank-documents',
    ]) {
      expect(
        (await call('POST', `/api/documents-templates/${path}`, intruder.who, body)).statusCode,
        path,
      ).toBe(404);
      expect(
        (await call('POST', `/api/documents-templates/${path}`, other.users.ADMIN, body)).statusCode,
        path,
      ).toBe(404);
    }
    // A guest session of another form does not reach this one's submissions either.
    const otherForm = await seedForm(acme, templateId);
    const elsewhere = await guestWithSubmission(uniqueEmail('elsewhere'), acme, otherForm.id);
    expect((await call('GET', url, elsewhere.who)).statusCode).toBe(404);
    // Staff who manage submissions get the document without the filler's link.
    const staff = await call('GET', url, acme.users.MANAGER);
    expect(staff.statusCode, staff.body).toBe(200);
    expect(staff.json().data).toMatchObject({
      link: null,
      user_details: null,
      signer: { email: owner.email },
    });
    expect((await call('GET', url)).statusCode).toBe(401);
    expect(
      (await call('GET', url, { headers: { ...owner.who.headers, passcode: 'wrong' } })).statusCode,
    ).toBe(401);
  });
});

describe("a signed-in contact's DOCUMENT step", () => {
  it('is made for the contact as its signer, with their link; another contact of the type: 404', async () => {
    const typeId = await seedContactType(t, acme, `Tenants ${randomUUID().slice(0, 4)}`);
    const contactForm = await seedForm(acme, templateId);
    await t.platform.database.db
      .update(formBuilders)
      .set({ ownerType: 'CONTACTS', settings: ZFormSettings.parse({ contact_type_id: typeId }) })
      .where(eq(formBuilders.id, contactForm.id));
    const tenant = await seedContactCaller(t, acme.companyId, { contactTypeId: typeId });
    const neighbour = await seedContactCaller(t, acme.companyId, { contactTypeId: typeId });
    const [row] = await t.platform.database.db
      .insert(formSubmissions)
      .values({
        companyId: acme.companyId,
        formBuilderId: contactForm.id,
        formVersion: 1,
        fillerKind: 'CONTACT',
        fillerId: tenant.contactId,
        fillerEmail: tenant.email,
        fillerName: 'Asha Rao',
        values: { [contactForm.s1]: { full_name: 'Asha Rao', wants_loan: 'No' } },
      })
      .returning({ id: formSubmissions.id });
    const url = `/api/formbuilder-data/company-documents/${row!.id}/${contactForm.s2}`;
    const mine = await call('GET', url, tenant);
    expect(mine.statusCode, mine.body).toBe(200);
    const doc = mine.json().data as TFormStepDocument;
    expect(doc).toMatchObject({ made_for_step: true, signer: { email: tenant.email, status: 'SENT' } });
    expect(doc.link).toContain(`/emp-documents/preview/${doc._id}/pp/vp/`);
    expect((await call('GET', url, neighbour)).statusCode).toBe(404);
    expect((await call('GET', url, other.users.OWNER)).statusCode).toBe(404);
  });
});

describe('the OpenAPI document', () => {
  it('describes every document route of forms with its body and answers', () => {
    const spec = t.app.swagger() as {
      paths: Record<string, Record<string, { tags?: string[]; responses?: object }>>;
    };
    const routes: [string, string][] = [
      ['/api/formbuilder-data/company-documents/{data_id}/{step_id}', 'get'],
      ['/api/formbuilder-data/company-documents/{data_id}/default', 'post'],
      ['/api/formbuilder-data/company-documents/{data_id}/multiple', 'post'],
      ['/api/formbuilder-data/company-documents/{data_id}', 'delete'],
      ...[
        'requested-files',
        'processed-files',
        'completed-documents',
        'existed-documents',
        'copy-blank-documents',
        'download-urls',
      ].map((name): [string, string] => [`/api/documents-templates/${name}`, 'post']),
    ];
    for (const [path, method] of routes) {
      const operation = spec.paths[path]?.[method];
      expect(operation?.tags, `${method} ${path}`).toEqual(['form-documents']);
      expect(Object.keys(operation?.responses ?? {}), path).toEqual(
        expect.arrayContaining(['200', '404', '422']),
      );
    }
  });
});

describe('a staff filler and a template with other roles', () => {
  it('waits for the roles before the filler (no link yet), mails them, and refuses roles without a person', async () => {
    const manager = acme.users.ADMIN;
    const tpl = await createDocument(t, acme.users.OWNER, acme.companyId, {
      isTemplate: true,
      name: 'Expense claim',
    });
    await saveLayout(t, acme.users.OWNER, tpl, {
      fields: [signatureField('m_sig', 'manager'), signatureField('e_sig', 'employee', { y: 700 })],
      document_users: [
        {
          key: 'manager',
          role_name: 'Manager',
          user_type: 'SIGNER',
          email: manager.email,
          first_name: 'Mona',
          signing_order: 1,
        },
        { key: 'employee', role_name: 'Employee', user_type: 'SIGNER', signing_order: 2 },
      ],
      settings: { signing_order: true },
    });
    const claims = await seedForm(acme, tpl._id);
    await t.platform.database.db
      .update(formBuilders)
      .set({ ownerType: 'COMPANY_USERS', steps: await stepsWithRole(claims.id, 'Employee') })
      .where(eq(formBuilders.id, claims.id));
    const member = acme.users.MEMBER;
    const [row] = await t.platform.database.db
      .insert(formSubmissions)
      .values({
        companyId: acme.companyId,
        formBuilderId: claims.id,
        formVersion: 1,
        fillerKind: 'USER',
        fillerId: member.userId,
        fillerEmail: member.email,
        fillerName: 'Mia Member',
      })
      .returning({ id: formSubmissions.id });
    const res = await call('GET', `/api/formbuilder-data/company-documents/${row!.id}/${claims.s2}`, member);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      status: 'WAITING',
      signer: { role_name: 'Employee', email: member.email, status: 'PENDING' },
      link: null,
      user_details: null,
    });
    const mailed = await mailsTo(t, manager.email);
    expect(mailed.filter((m) => m.kind === 'document.sent')).toHaveLength(1);
    expect((await mailsTo(t, member.email)).filter((m) => m.kind === 'document.sent')).toHaveLength(0);

    const bare = await createDocument(t, acme.users.OWNER, acme.companyId, { isTemplate: true });
    await saveLayout(t, acme.users.OWNER, bare, {
      fields: [signatureField('a', 'one'), signatureField('b', 'two', { y: 700 })],
      document_users: [
        { key: 'one', role_name: 'One', user_type: 'SIGNER' },
        { key: 'two', role_name: 'Two', user_type: 'SIGNER' },
      ],
    });
    const unnamed = await seedForm(acme, bare._id);
    const guest = await guestWithSubmission(uniqueEmail('unnamed'), acme, unnamed.id);
    const url = `/api/formbuilder-data/company-documents/${guest.dataId}/${unnamed.s2}`;
    // The step names a role the template does not have ('applicant').
    const missing = await call('GET', url, guest.who);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().error_code).toBe('ROLE_MISSING');
    await t.platform.database.db
      .update(formBuilders)
      .set({ steps: await stepsWithRole(unnamed.id, 'one') })
      .where(eq(formBuilders.id, unnamed.id));
    const refused = await call('GET', url, guest.who);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error_code).toBe('ROLE_WITHOUT_PERSON');
  });
});

describe('bad input and states', () => {
  it('answers 422 keyed by the field, 404 for unknown steps, 409 for hidden steps and filler without email', async () => {
    const guest = await guestWithSubmission(uniqueEmail('bad'));
    const base = `/api/formbuilder-data/company-documents/${guest.dataId}`;
    const malformed = await call(
      'GET',
      `/api/formbuilder-data/company-documents/not-an-id/${form.s2}`,
      guest.who,
    );
    expect(malformed.statusCode).toBe(422);
    expect(keysOf(malformed)).toEqual(['params.data_id']);
    expect((await call('GET', `${base}/${randomUUID()}`, guest.who)).statusCode).toBe(404);
    expect((await call('GET', `${base}/${form.s1}`, guest.who)).statusCode).toBe(404);
    const hidden = await call('GET', `${base}/${form.s3}`, guest.who);
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().error_code).toBe('STEP_HIDDEN');

    const noBody = await call('POST', '/api/documents-templates/requested-files', guest.who, {});
    expect(noBody.statusCode).toBe(422);
    expect(keysOf(noBody)).toEqual(['formbuilder_data_id']);
    const badIds = await call('POST', '/api/documents-templates/download-urls', guest.who, {
      formbuilder_data_id: guest.dataId,
      document_ids: ['x'],
    });
    expect(keysOf(badIds)).toEqual(['document_ids.0']);
    const twice = await call('POST', `${base}/multiple`, guest.who, {
      documents: [
        { step_id: form.s2, document_id: randomUUID() },
        { step_id: form.s2, document_id: randomUUID() },
        { step_id: form.s1, document_id: randomUUID() },
      ],
    });
    expect(twice.statusCode).toBe(422);
    expect(keysOf(twice)).toEqual(['documents.1.step_id', 'documents.2.step_id']);
    expect(keysOf(await call('POST', `${base}/multiple`, guest.who, { documents: [] }))).toEqual([
      'documents',
    ]);
    expect(keysOf(await call('DELETE', base, guest.who, { document_ids: 'x' }))).toEqual(['document_ids']);
    expect(keysOf(await call('POST', `${base}/default`, guest.who, { step_id: 12 }))).toEqual(['step_id']);
    expect((await call('DELETE', base, guest.who, { document_ids: [randomUUID()] })).statusCode).toBe(404);

    // Whatever the shape, a bad call is a 4xx in the error envelope, never a 500.
    const unknown = randomUUID();
    const odd: [Method, string, unknown][] = [
      ['DELETE', base, undefined],
      ['DELETE', base, { document_ids: [] }],
      ['POST', `${base}/default`, {}],
      ['POST', `${base}/multiple`, { documents: [{ step_id: 'x', document_id: 1 }] }],
      ['POST', `${base}/multiple`, { documents: 'all' }],
      ['GET', `/api/formbuilder-data/company-documents/${unknown}/${unknown}`, undefined],
      ['POST', `/api/formbuilder-data/company-documents/${unknown}/default`, { step_id: unknown }],
      ['POST', '/api/documents-templates/existed-documents', { formbuilder_data_id: guest.dataId }],
      [
        'POST',
        '/api/documents-templates/existed-documents',
        { formbuilder_data_id: guest.dataId, step_id: unknown },
      ],
      ['POST', '/api/documents-templates/copy-blank-documents', { formbuilder_data_id: 'x'.repeat(5000) }],
      [
        'POST',
        '/api/documents-templates/download-urls',
        { formbuilder_data_id: unknown, document_ids: [unknown] },
      ],
      [
        'POST',
        '/api/documents-templates/download-urls',
        { formbuilder_data_id: guest.dataId, document_ids: [unknown] },
      ],
    ];
    for (const [method, url, payload] of odd) {
      for (const who of [guest.who, acme.users.OWNER]) {
        const res = await call(method, url, who, payload);
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${method} ${url} ${res.body}`).toBeLessThan(500);
        expect(res.json().success, url).toBe(false);
      }
    }

    const anonymous = await guestWithSubmission(null);
    const noEmail = await call(
      'GET',
      `/api/formbuilder-data/company-documents/${anonymous.dataId}/${form.s2}`,
      anonymous.who,
    );
    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json().error_code).toBe('EMAIL_REQUIRED');

    await t.platform.database.db
      .update(formSubmissions)
      .set({ status: 'SUBMITTED' })
      .where(eq(formSubmissions.id, guest.dataId));
    const closed = await call('GET', `${base}/${form.s2}`, guest.who);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error_code).toBe('SUBMITTED');
  });
});
