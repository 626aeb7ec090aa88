import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, seedMember, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { noticesOf, settleJobs } from '../notifications/test-helpers';
import { signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { sendForSigning } from '../signing/test-helpers';
import { keep, okCall } from './test-helpers';

/*
 * In-app notifications of void and correct: the recipients they concern who are users, and the
 * document's owner when a colleague acted on it. Mails and realtime events are tested in
 * lifecycle.test.ts and correct.test.ts.
 */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let copied: SeededUser;

beforeAll(async () => {
  t = await buildTestApp();
  acme = await seedCompany(t, { name: 'Acme Notices' });
  other = await seedCompany(t, { name: 'Other Notices' });
  copied = await seedMember(t, acme.companyId, 'MEMBER', 'copied');
});
afterAll(async () => {
  await settleJobs(t);
  await t.close();
});

const notices = (who: SeededUser, documentId: string) => noticesOf(t, who, documentId);
const eventsOf = async (who: SeededUser, documentId: string) =>
  (await notices(who, documentId)).map((n) => n.event).sort();

const recipientId = (doc: TEmployeeDocument, email: string) =>
  doc.document_users.find((u) => u.email === email)!._id;

describe('void', () => {
  it('tells the asked recipients who are users (any workspace) and the owner when a colleague voids', async () => {
    const owner = acme.users.OWNER;
    const member = acme.users.MEMBER;
    const outsider = other.users.MEMBER;
    const doc = await sendForSigning(t, owner, acme.companyId, {
      name: 'Lease 9',
      document_users: [
        signer('member', member.email),
        signer('outsider', outsider.email, { user_type: 'APPROVER' }),
        signer('ext', uniqueEmail('ext')),
        signer('cc', copied.email, { user_type: 'CC' }),
      ],
      fields: [signatureField('f1', 'member'), signatureField('f2', 'ext', { y: 200 })],
    });
    await okCall(t, 'POST', `/api/documents/${doc._id}/void`, acme.users.ADMIN, {
      reason: 'Wrong rent amount',
    });

    const [toOwner] = (await notices(owner, doc._id)).filter((n) => n.event === 'document.voided');
    expect(toOwner).toMatchObject({
      type: 'DOCUMENT',
      title: 'Admin Tester voided "Lease 9"',
      body: 'It can no longer be signed. Reason: Wrong rent amount',
      link: `/emp-documents/custom/${doc._id}`,
      is_read: false,
    });
    const [toMember] = (await notices(member, doc._id)).filter((n) => n.event === 'document.voided');
    expect(toMember).toMatchObject({
      title: 'Owner Tester voided "Lease 9"',
      body: 'You no longer need to sign it. Reason: Wrong rent amount',
      link: `/emp-documents/preview/${doc._id}/pp/vp/${recipientId(doc, member.email)}`,
    });
    // A user of another workspace hears of it in their own, as they heard of the document.
    const [toOutsider] = (await notices(outsider, doc._id)).filter((n) => n.event === 'document.voided');
    expect(toOutsider?.body).toBe('You no longer need to approve it. Reason: Wrong rent amount');
    // CC never had anything to do; the one who voided is not told of their own action.
    expect(await eventsOf(copied, doc._id)).toEqual([]);
    expect(await eventsOf(acme.users.ADMIN, doc._id)).toEqual([]);
  });

  it('by the owner: recipients only, and not those whose turn had not come (a status change too)', async () => {
    const owner = acme.users.OWNER;
    const member = acme.users.MEMBER;
    const doc = await sendForSigning(t, owner, acme.companyId, {
      name: 'Ordered deal',
      settings: { signing_order: true },
      document_users: [
        signer('first', uniqueEmail('first'), { signing_order: 1 }),
        signer('member', member.email, { signing_order: 2 }),
      ],
      fields: [signatureField('f1', 'first'), signatureField('f2', 'member', { y: 200 })],
    });
    await okCall(t, 'PATCH', `/api/documents/${doc._id}/status/VOIDED`, owner);
    expect(await eventsOf(owner, doc._id)).toEqual([]);
    expect(await eventsOf(member, doc._id)).toEqual([]);

    const asked = await sendForSigning(t, owner, acme.companyId, {
      name: 'Plain deal',
      document_users: [signer('member', member.email)],
      fields: [signatureField('f1', 'member')],
    });
    await okCall(t, 'PATCH', `/api/documents/${asked._id}/status/VOIDED`, owner);
    const [voided] = (await notices(member, asked._id)).filter((n) => n.event === 'document.voided');
    expect(voided?.body).toBe('You no longer need to sign it.');
    expect(await eventsOf(owner, asked._id)).toEqual([]);
  });
});

describe('correct', () => {
  it('tells a removed recipient, the owner (a colleague corrected) and re-sends to those due', async () => {
    const owner = acme.users.OWNER;
    const member = acme.users.MEMBER;
    const stays = copied.email;
    const doc = await sendForSigning(t, owner, acme.companyId, {
      name: 'Sale 4',
      document_users: [
        signer('member', member.email, { first_name: 'Mona', last_name: 'Member' }),
        signer('stays', stays, { first_name: 'Sam' }),
      ],
      fields: [signatureField('f1', 'member'), signatureField('f2', 'stays', { y: 200 })],
    });
    const added = uniqueEmail('added');
    await okCall(t, 'POST', `/api/documents/${doc._id}/correct`, acme.users.ADMIN, {
      document_users: [
        ...keep(doc).filter((u) => u.email !== member.email),
        { key: 'new', email: added, first_name: 'Nina', last_name: 'New', user_type: 'SIGNER' },
      ],
      fields: [signatureField('f2', 'stays', { y: 200 }), signatureField('f3', 'new', { y: 300 })],
    });

    const toMember = await notices(member, doc._id);
    expect(toMember.map((n) => n.event).sort()).toEqual(['document.received', 'document.recipient_removed']);
    expect(toMember.find((n) => n.event === 'document.recipient_removed')).toMatchObject({
      title: 'Owner Tester removed you from "Sale 4"',
      body: 'The document was corrected: you no longer need to sign it.',
      link: null,
    });
    const [toOwner] = (await notices(owner, doc._id)).filter((n) => n.event === 'document.corrected');
    expect(toOwner).toMatchObject({
      title: 'Admin Tester corrected "Sale 4"',
      link: `/emp-documents/custom/${doc._id}`,
    });
    expect(toOwner?.body).toBe(
      'Added: Nina New. Removed: Mona Member. Sent to 2 recipients with a new link.',
    );
    expect(await eventsOf(acme.users.ADMIN, doc._id)).toEqual([]);
    // A recipient still due is sent the document again: that notice tells them.
    expect(await eventsOf(copied, doc._id)).toEqual(['document.received', 'document.received']);

    // Adding recipients by a colleague: the owner hears of that too.
    const late = uniqueEmail('late');
    await okCall(t, 'POST', `/api/documents/${doc._id}/document-users`, acme.users.ADMIN, {
      document_users: [{ key: 'late', email: late, first_name: 'Lata' }],
      fields: [signatureField('f4', 'late', { y: 400 })],
    });
    const titles = (await notices(owner, doc._id)).map((n) => n.title);
    expect(titles).toContain('Admin Tester added recipients to "Sale 4"');
  });

  it('a user recipient moved later in the signing order is told their turn comes later; the owner is not told of their own correction', async () => {
    const owner = acme.users.OWNER;
    const member = acme.users.MEMBER;
    const doc = await sendForSigning(t, owner, acme.companyId, {
      name: 'Ordered sale',
      settings: { signing_order: true },
      document_users: [
        signer('member', member.email, { signing_order: 1 }),
        signer('next', uniqueEmail('next'), { signing_order: 2 }),
      ],
      fields: [signatureField('f1', 'member'), signatureField('f2', 'next', { y: 200 })],
    });
    const [first, second] = keep(doc);
    await okCall(t, 'POST', `/api/documents/${doc._id}/correct`, owner, {
      document_users: [
        { ...first, signing_order: 2 },
        { ...second, signing_order: 1 },
      ],
    });
    const moved = (await notices(member, doc._id)).find((n) => n.event === 'document.corrected');
    expect(moved).toMatchObject({
      title: 'Owner Tester corrected "Ordered sale"',
      body: 'Your turn to sign it comes later now: you will be told when it does.',
      link: `/emp-documents/preview/${doc._id}/pp/vp/${recipientId(doc, member.email)}`,
    });
    expect(await eventsOf(owner, doc._id)).toEqual([]);
  });
});
