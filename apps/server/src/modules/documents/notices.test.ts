import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAppNotification } from '@esigns/contracts/notifications';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@esigns/contracts/settings';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { noticesOf, settleJobs } from '../notifications/test-helpers';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { caller, recipientsOf, signatureField, signer, uniqueEmail } from './test-helpers';
import { linkHeaders, pngDataUrl, sendForSigning, signerCaller, waitForSeal } from '../signing/test-helpers';

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let as: ReturnType<typeof signerCaller>;
const png = pngDataUrl();

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  as = signerCaller(t);
  acme = await seedCompany(t, { name: 'Acme Events' });
  other = await seedCompany(t, { name: 'Other Events' });
});
afterAll(async () => {
  // Let the mail and push jobs this file queued finish before the database closes.
  await settleJobs(t);
  await t.close();
});

const notices = (who: SeededUser, documentId: string) => noticesOf(t, who, documentId);
const events = (list: TAppNotification[]) => list.map((n) => n.event).sort();

describe('document events in the notification centre', () => {
  it('a user recipient is told when a document reaches them; the sender hears of views, signatures and completion', async () => {
    const owner = acme.users.OWNER;
    const member = acme.users.MEMBER;
    const outsider = other.users.OWNER;
    const external = uniqueEmail('ext');
    const sent = await sendForSigning(t, owner, acme.companyId, {
      name: 'Lease 7',
      document_users: [
        signer('r1', external),
        signer('r2', member.email),
        signer('cc', outsider.email, { user_type: 'CC' }),
      ],
      fields: [signatureField('f1', 'r1'), signatureField('f2', 'r2', { page: 2 })],
    });
    const [, memberRow, ccRow] = await recipientsOf(t, sent._id);

    const received = await notices(member, sent._id);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      type: 'DOCUMENT',
      event: 'document.received',
      title: 'Owner Tester sent you "Lease 7" to sign',
      link: `/emp-documents/preview/${sent._id}/pp/vp/${memberRow!.id}`,
      is_read: false,
    });
    // CC recipients are not due: nothing yet; the sender is not told of their own send.
    expect(await notices(outsider, sent._id)).toHaveLength(0);
    expect(await notices(owner, sent._id)).toHaveLength(0);

    const headers = await linkHeaders(t, external, sent._id);
    expect((await as('GET', `/api/e-signs/${sent._id}`, headers)).statusCode).toBe(200);
    const viewed = await notices(owner, sent._id);
    expect(viewed.map((n) => n.title)).toEqual([`R1 Tester viewed "Lease 7"`]);
    expect(viewed[0]!.link).toBe(`/emp-documents/custom/${sent._id}`);

    const first = await as('POST', `/api/documents/${sent._id}/finish`, headers, { values: { f1: png } });
    expect(first.statusCode, first.body).toBe(200);
    expect((await notices(owner, sent._id)).map((n) => n.title)).toContain('R1 Tester signed "Lease 7"');

    const memberHeaders = await linkHeaders(t, member.email, sent._id);
    const second = await as('POST', `/api/documents/${sent._id}/finish`, memberHeaders, {
      values: { f2: png },
    });
    expect(second.statusCode, second.body).toBe(200);
    await waitForSeal(t, sent._id);

    expect(events(await notices(owner, sent._id))).toEqual([
      'document.completed',
      'document.signed',
      'document.signed',
      'document.viewed',
    ]);
    const memberDone = (await notices(member, sent._id)).find((n) => n.event === 'document.completed');
    expect(memberDone).toMatchObject({
      title: '"Lease 7" is completed',
      link: `/emp-documents/preview/${sent._id}/pp/vp/${memberRow!.id}`,
    });
    // The CC recipient is a user of another workspace: told there, with their own recipient page.
    const ccDone = await notices(outsider, sent._id);
    expect(ccDone).toHaveLength(1);
    expect(ccDone[0]).toMatchObject({
      event: 'document.completed',
      link: `/emp-documents/preview/${sent._id}/pp/vp/${ccRow!.id}`,
    });
  });

  it('a decline reaches the sender with its reason', async () => {
    const owner = acme.users.OWNER;
    const external = uniqueEmail('decliner');
    const sent = await sendForSigning(t, owner, acme.companyId, {
      name: 'Offer 3',
      document_users: [signer('r1', external)],
      fields: [signatureField('f1', 'r1')],
    });
    const headers = await linkHeaders(t, external, sent._id);
    const res = await as('POST', `/api/documents/${sent._id}/decline`, headers, { notes: 'Wrong price' });
    expect(res.statusCode, res.body).toBe(200);
    const declined = (await notices(owner, sent._id)).find((n) => n.event === 'document.declined');
    expect(declined).toMatchObject({
      title: 'R1 Tester declined "Offer 3"',
      body: 'Reason: Wrong price',
      data: { document_id: sent._id, reason: 'Wrong price' },
    });
  });

  it('a later signer in the signing order is told only when their turn comes', async () => {
    const manager = acme.users.MANAGER;
    const external = uniqueEmail('first');
    const sent = await sendForSigning(t, acme.users.ADMIN, acme.companyId, {
      name: 'Ordered 1',
      settings: { signing_order: true },
      document_users: [
        signer('r1', external, { signing_order: 1 }),
        signer('r2', manager.email, { signing_order: 2 }),
      ],
      fields: [signatureField('f1', 'r1'), signatureField('f2', 'r2')],
    });
    expect(await notices(manager, sent._id)).toHaveLength(0);
    const headers = await linkHeaders(t, external, sent._id);
    const done = await as('POST', `/api/documents/${sent._id}/finish`, headers, { values: { f1: png } });
    expect(done.statusCode, done.body).toBe(200);
    const received = await notices(manager, sent._id);
    expect(received.map((n) => n.event)).toEqual(['document.received']);
    expect(received[0]!.title).toBe('Admin Tester sent you "Ordered 1" to sign');
  });

  it("follows the sender's in-app choices", async () => {
    const admin = acme.users.ADMIN;
    const choices = structuredClone(DEFAULT_NOTIFICATION_SETTINGS.events);
    choices.document_viewed.in_app = false;
    choices.document_signed.in_app = false;
    expect((await call('POST', '/api/notifications', admin, { events: choices })).statusCode).toBe(200);
    const external = uniqueEmail('quiet');
    const sent = await sendForSigning(t, admin, acme.companyId, {
      name: 'Quiet 1',
      document_users: [signer('r1', external)],
      fields: [signatureField('f1', 'r1')],
    });
    const headers = await linkHeaders(t, external, sent._id);
    await as('GET', `/api/e-signs/${sent._id}`, headers);
    const done = await as('POST', `/api/documents/${sent._id}/finish`, headers, { values: { f1: png } });
    expect(done.statusCode, done.body).toBe(200);
    await waitForSeal(t, sent._id);
    expect(events(await notices(admin, sent._id))).toEqual(['document.completed']);
  });
});
