import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, seedMember, type SeededCompany } from '../../../test/seed-company';
import { documentLogs, documentUsers } from '../documents/schema';
import { caller, createDocument, signingLinkOf } from '../documents/test-helpers';
import { linkHeaders, signerCaller, waitForSeal } from '../signing/test-helpers';
import { okCall, sendToSigners, signAs } from './test-helpers';

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

async function logActions(documentId: string): Promise<string[]> {
  const rows = await t.platform.database.db
    .select({ action: documentLogs.action })
    .from(documentLogs)
    .where(eq(documentLogs.employeeDocumentId, documentId));
  return rows.map((r) => r.action);
}

type SettingsView = {
  shared_with: string[];
  owner: { _id: string };
  settings: { expire_after_days: number | null };
  expires_at: string | null;
};

describe('share', () => {
  it('shares with company users only; a shared MEMBER then sees and acts on it', async () => {
    const { doc } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 1 });
    const member = acme.users.MEMBER;
    expect((await call('GET', `/api/documents/${doc._id}`, member)).statusCode).toBe(404);
    const bad = await call('PUT', `/api/documents/${doc._id}/share-document`, acme.users.OWNER, {
      user_ids: [member.userId, other.users.MEMBER.userId, 'nope'],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.details.map((d: { key: string }) => d.key)).toEqual([
      'user_ids.1',
      'user_ids.2',
    ]);
    const shared = await okCall<SettingsView>(
      t,
      'PUT',
      `/api/documents/${doc._id}/share-document`,
      acme.users.OWNER,
      {
        user_ids: [member.userId, acme.users.OWNER.userId],
      },
    );
    expect(shared.shared_with).toEqual([member.userId]);
    expect((await call('GET', `/api/documents/${doc._id}`, member)).statusCode).toBe(200);
    expect(await logActions(doc._id)).toContain('document.shared');
    // MEMBERs may not share (documents:share), even a document shared with them.
    const denied = await call('PUT', `/api/documents/${doc._id}/share-document`, member, { user_ids: [] });
    expect(denied.statusCode).toBe(403);
    expect(
      (await call('PUT', `/api/documents/${doc._id}/share-document`, other.users.OWNER, { user_ids: [] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('PUT', `/api/documents/${doc._id}/share-document`, acme.users.OWNER, { user_ids: 'x' }))
        .statusCode,
    ).toBe(422);
  });
});

describe('change ownership', () => {
  it('hands documents over to an active company user, all or nothing', async () => {
    const { doc } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 1 });
    const draft = await createDocument(t, acme.users.OWNER, acme.companyId);
    const manager = acme.users.MANAGER;
    const outsider = await call('PATCH', '/api/documents/changeOwnership', acme.users.OWNER, {
      document_ids: [doc._id],
      user_id: other.users.OWNER.userId,
    });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().errors.details[0].key).toBe('user_id');
    const mixed = await call('PATCH', '/api/documents/changeOwnership', acme.users.OWNER, {
      document_ids: [doc._id, crypto.randomUUID()],
      user_id: manager.userId,
    });
    expect(mixed.statusCode).toBe(404);
    expect(
      (await okCall<TEmployeeDocument>(t, 'GET', `/api/documents/${doc._id}`, acme.users.OWNER)).sender._id,
    ).toBe(acme.users.OWNER.userId);
    const done = await okCall<{ document_ids: string[]; owner: { _id: string } }>(
      t,
      'PATCH',
      '/api/documents/changeOwnership',
      acme.users.OWNER,
      { document_ids: [doc._id], document_id: draft.employee_document_id, user_id: manager.userId },
    );
    expect(done.owner._id).toBe(manager.userId);
    const after = await okCall<TEmployeeDocument>(t, 'GET', `/api/documents/${doc._id}`, manager);
    expect(after.sender._id).toBe(manager.userId);
    const layout = await okCall<{ owner: { _id: string } }>(
      t,
      'GET',
      `/api/configurable-documents/${draft._id}`,
      manager,
    );
    expect(layout.owner._id).toBe(manager.userId);
    expect(await logActions(doc._id)).toContain('document.ownership_changed');
    // MANAGERs do not hold documents:change-ownership by default.
    const denied = await call('PATCH', '/api/documents/changeOwnership', manager, {
      document_id: doc._id,
      user_id: acme.users.OWNER.userId,
    });
    expect(denied.statusCode).toBe(403);
    for (const body of [{}, { user_id: manager.userId }, { document_ids: [], user_id: manager.userId }]) {
      expect((await call('PATCH', '/api/documents/changeOwnership', acme.users.OWNER, body)).statusCode).toBe(
        422,
      );
    }
  });
});

describe('resend and signing links', () => {
  it('resends to a due recipient with a new link, not twice a minute, never to others', async () => {
    const { doc, emails } = await sendToSigners(t, acme.users.OWNER, acme.companyId, {
      count: 2,
      signingOrder: true,
    });
    const [first, second] = doc.document_users;
    const soon = await call(
      'POST',
      `/api/documents/${doc._id}/document-users/resend-document`,
      acme.users.OWNER,
      {
        document_user_id: first!._id,
      },
    );
    expect(soon.statusCode).toBe(429);
    expect(soon.json().message).toContain('less than a minute ago');
    // As if the send were two minutes ago.
    await t.platform.database.db
      .update(documentUsers)
      .set({ sentAt: new Date(Date.now() - 120_000) })
      .where(eq(documentUsers.id, first!._id));
    const old = await linkHeaders(t, emails[0]!, doc._id);
    await okCall(t, 'POST', `/api/documents/${doc._id}/document-users/resend-document`, acme.users.OWNER, {
      document_user_id: first!._id,
    });
    expect((await signerCaller(t)('GET', `/api/e-signs/${doc._id}`, old)).statusCode).toBe(200);
    const fresh = await linkHeaders(t, emails[0]!, doc._id);
    expect(fresh.password).not.toBe(old.password);
    expect(await logActions(doc._id)).toContain('recipient.resent');
    const notYet = await call(
      'POST',
      `/api/documents/${doc._id}/document-users/resend-document`,
      acme.users.OWNER,
      {
        document_user_id: second!._id,
      },
    );
    expect(notYet.statusCode).toBe(409);
    const unknown = await call(
      'POST',
      `/api/documents/${doc._id}/document-users/resend-document`,
      acme.users.OWNER,
      {
        document_user_id: crypto.randomUUID(),
      },
    );
    expect(unknown.statusCode).toBe(404);
    const member = await call(
      'POST',
      `/api/documents/${doc._id}/document-users/resend-document`,
      acme.users.MEMBER,
      {
        document_user_id: first!._id,
      },
    );
    expect(member.statusCode).toBe(403);
  });

  it('generates a working link that stops every earlier one at once (a resend keeps them), logged without the secret; only with rights', async () => {
    const { doc, emails } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 1 });
    const mailed = await linkHeaders(t, emails[0]!, doc._id);
    const recipient = doc.document_users[0]!;
    const url = `/api/documents/${doc._id}/document-users/generate-document-link`;
    const generate = async () => {
      const link = await okCall<{ link: string; email: string }>(t, 'POST', url, acme.users.OWNER, {
        document_user_id: recipient._id,
      });
      expect(link.email).toBe(emails[0]);
      const parsed = signingLinkOf(link.link)!;
      return { documentid: parsed.documentId, userid: parsed.userId, password: parsed.token };
    };
    const open = async (headers: object) =>
      (await signerCaller(t)('GET', `/api/e-signs/${doc._id}`, headers)).statusCode;
    const headers = await generate();
    expect(await open(headers)).toBe(200);
    // Regenerating: the mailed link stops at once, and so does the previously generated one.
    expect(await open(mailed)).toBe(401);
    const again = await generate();
    expect(await open(again)).toBe(200);
    expect(await open(headers)).toBe(401);
    // A resend (like a reminder) keeps the earlier links: the generated one still opens.
    await t.platform.database.db
      .update(documentUsers)
      .set({ sentAt: new Date(Date.now() - 120_000) })
      .where(eq(documentUsers.id, recipient._id));
    await okCall(t, 'POST', `/api/documents/${doc._id}/document-users/resend-document`, acme.users.OWNER, {
      document_user_id: recipient._id,
    });
    expect(await open(again)).toBe(200);
    expect(await open(await linkHeaders(t, emails[0]!, doc._id))).toBe(200);
    const parsed = { token: again.password };
    const logs = await t.platform.database.db
      .select()
      .from(documentLogs)
      .where(eq(documentLogs.employeeDocumentId, doc._id));
    const row = logs.find((l) => l.action === 'recipient.link_generated');
    expect(row?.actorUserId).toBe(acme.users.OWNER.userId);
    expect(JSON.stringify(row)).not.toContain(parsed.token);
    // A MEMBER with documents:send but no rights on this document.
    expect((await call('POST', url, acme.users.MEMBER, { document_user_id: recipient._id })).statusCode).toBe(
      403,
    );
    expect((await call('POST', url, other.users.OWNER, { document_user_id: recipient._id })).statusCode).toBe(
      404,
    );
    expect((await call('POST', url, acme.users.OWNER, {})).statusCode).toBe(422);
  });

  it("a MANAGER (documents:manage-all) may create a link on a colleague's document", async () => {
    const sender = await seedMember(t, acme.companyId, 'MEMBER', 'sender');
    const { doc } = await sendToSigners(t, sender, acme.companyId, { count: 1 });
    expect(doc.status).toBe('WAITING');
    const signedOff = await call(
      'POST',
      `/api/documents/${doc._id}/document-users/generate-document-link`,
      acme.users.MANAGER,
      {
        document_user_id: doc.document_users[0]!._id,
      },
    );
    expect(signedOff.statusCode).toBe(200);
  });
});

describe('settings', () => {
  it('reads and changes settings; a new expiry counts from sending; signing order only by correcting', async () => {
    const { doc, emails } = await sendToSigners(t, acme.users.OWNER, acme.companyId, { count: 2 });
    const view = await okCall<SettingsView>(
      t,
      'GET',
      `/api/documents/${doc._id}/document-settings`,
      acme.users.OWNER,
    );
    expect(view.owner._id).toBe(acme.users.OWNER.userId);
    const saved = await okCall<SettingsView>(
      t,
      'POST',
      `/api/documents/${doc._id}/document-settings`,
      acme.users.OWNER,
      {
        expire_after_days: 10,
        reminder_every_days: 2,
      },
    );
    const expected = new Date(doc.sent_at!).getTime() + 10 * 86_400_000;
    expect(new Date(saved.expires_at!).getTime()).toBe(expected);
    const order = await call('POST', `/api/documents/${doc._id}/document-settings`, acme.users.OWNER, {
      signing_order: true,
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.details[0].key).toBe('signing_order');
    for (const body of [{ expire_after_days: 0 }, { reminder_every_days: 'x' }, { unknown: 1 }]) {
      expect(
        (await call('POST', `/api/documents/${doc._id}/document-settings`, acme.users.OWNER, body))
          .statusCode,
      ).toBe(422);
    }
    const recipient = doc.document_users[0]!;
    const mine = await okCall<{
      next_reminder_at: string;
      reminder_every_days: number;
      document_user: { email: string };
    }>(t, 'GET', `/api/documents/${doc._id}/${recipient._id}/document-settings`, acme.users.OWNER);
    expect(mine.document_user.email).toBe(emails[0]);
    expect(mine.reminder_every_days).toBe(2);
    expect(new Date(mine.next_reminder_at).getTime()).toBe(
      new Date(recipient.sent_at!).getTime() + 2 * 86_400_000,
    );
    expect(
      (
        await call(
          'GET',
          `/api/documents/${doc._id}/${crypto.randomUUID()}/document-settings`,
          acme.users.OWNER,
        )
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('GET', `/api/documents/${doc._id}/document-settings`, other.users.OWNER)).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/api/documents/${doc._id}/document-settings`, acme.users.MEMBER, {})).statusCode,
    ).toBe(403);
    await signAs(t, emails[0]!, doc._id, 'sig1');
    await signAs(t, emails[1]!, doc._id, 'sig2');
    await waitForSeal(t, doc._id);
    const finished = await call('POST', `/api/documents/${doc._id}/document-settings`, acme.users.OWNER, {
      reminder_every_days: 5,
    });
    expect(finished.statusCode).toBe(409);
  });

  it('PUT /documents/{id} renames and changes settings of a draft and its layout', async () => {
    const draft = await createDocument(t, acme.users.OWNER, acme.companyId);
    const saved = await okCall<TEmployeeDocument>(
      t,
      'PUT',
      `/api/documents/${draft.employee_document_id}`,
      acme.users.OWNER,
      {
        name: 'Offer letter',
        settings: { signing_order: true, expire_after_days: null },
      },
    );
    expect(saved.name).toBe('Offer letter');
    expect(saved.settings).toMatchObject({ signing_order: true, expire_after_days: null });
    const layout = await okCall<{ name: string; settings: { signing_order: boolean } }>(
      t,
      'GET',
      `/api/configurable-documents/${draft._id}`,
      acme.users.OWNER,
    );
    expect(layout).toMatchObject({ name: 'Offer letter', settings: { signing_order: true } });
    expect(
      (await call('PUT', `/api/documents/${draft.employee_document_id}`, acme.users.OWNER, {})).statusCode,
    ).toBe(422);
    expect(
      (await call('PUT', `/api/documents/${draft.employee_document_id}`, acme.users.MEMBER, { name: 'x' }))
        .statusCode,
    ).toBe(403);
  });
});
