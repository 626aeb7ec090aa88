import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TRANSFER_CODE_ATTEMPTS } from '@esigns/contracts/transfer-account';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { isoMinuteIn } from '../../../test/zoned-time';
import {
  seedCompany,
  seedMember,
  signInAs,
  type SeededCompany,
  type SeededUser,
} from '../../../test/seed-company';
import { emailLogs } from '../../platform/mail/schema';
import { companyUsers } from '../company/schema';
import { roles } from '../roles/schema';
import { accountTransfers } from './schema';

let t: TestApp;
let other: SeededCompany;

beforeAll(async () => {
  t = await buildTestApp();
  other = await seedCompany(t, { name: 'Other Estates' });
});
afterAll(async () => {
  await t.close();
});

// The mailing and code routes are rate-limited per IP: each call comes from its own address.
let ipSeq = 0;
const nextIp = (): string => {
  ipSeq += 1;
  return `10.7.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, who?: SeededUser, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    remoteAddress: nextIp(),
    ...(payload === undefined ? {} : { payload: payload as object }),
    ...(who ? { headers: who.headers } : {}),
  });

const start = (owner: SeededUser, toUserId: string) =>
  call('POST', '/api/transfer-account', owner, { to_user_id: toUserId });
const accept = (who: SeededUser, id: string, code: string) =>
  call('POST', `/api/transfer-account/${id}/accept`, who, { code });

async function mailsTo(to: string, kind: string) {
  const rows = await t.platform.database.db
    .select()
    .from(emailLogs)
    .where(and(sql`${to} = ANY(${emailLogs.to})`, eq(emailLogs.kind, kind)))
    .orderBy(desc(emailLogs.createdAt));
  return rows;
}

/** The code of the newest transfer mail to `to`. */
async function codeFor(to: string): Promise<string> {
  const [mail] = await mailsTo(to, 'transfer-account.code');
  const code = /data-code="transfer">(\d{6})</.exec(mail?.html ?? '')?.[1];
  if (!code) throw new Error(`no transfer code mail for ${to}`);
  return code;
}

/** A code that is not `code`. */
const wrong = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function userTypeOf(companyId: string, userId: string) {
  const [row] = await t.platform.database.db
    .select({ userType: companyUsers.userType, roleId: companyUsers.roleId })
    .from(companyUsers)
    .where(and(eq(companyUsers.companyId, companyId), eq(companyUsers.userId, userId)));
  return row;
}

const keysOf = (res: { json: () => { errors?: { details: { key: string }[] } } }): string[] =>
  res.json().errors?.details.map((d) => d.key) ?? [];

/** A fresh company with a pending transfer from its owner to its MEMBER. */
async function pendingTransfer() {
  const company = await seedCompany(t);
  const { OWNER: owner, MEMBER: target } = company.users;
  const res = await start(owner, target.userId);
  expect(res.statusCode, res.body).toBe(200);
  return { company, owner, target, id: res.json().data._id as string, code: await codeFor(target.email) };
}

describe('start a transfer', () => {
  it('mails the member a hashed 6-digit code with the link, and the owner a confirmation', async () => {
    const company = await seedCompany(t, { name: 'Acme Realty' });
    const { OWNER: owner, MEMBER: target } = company.users;
    const res = await start(owner, target.userId);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      company_id: company.companyId,
      company_name: 'Acme Realty',
      status: 'PENDING',
      from_user: { _id: owner.userId, email: owner.email },
      to_user: { _id: target.userId, email: target.email },
      is_expired: false,
      attempts_left: MAX_TRANSFER_CODE_ATTEMPTS,
      accepted_at: null,
    });
    const hours = (Date.parse(data.expires_at) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);

    const [mail] = await mailsTo(target.email, 'transfer-account.code');
    expect(mail?.html).toContain(`http://localhost:3000/profilesettings/transferAccount/${data._id}`);
    const code = await codeFor(target.email);
    const [stored] = await t.platform.database.db
      .select({ codeHash: accountTransfers.codeHash })
      .from(accountTransfers)
      .where(eq(accountTransfers.id, data._id));
    expect(stored?.codeHash).not.toContain(code);
    expect(await mailsTo(owner.email, 'transfer-account.started')).toHaveLength(1);

    const pending = await call('GET', '/api/transfer-account', owner);
    expect(pending.json().data).toMatchObject({ _id: data._id, status: 'PENDING' });
  });

  it("writes the expiry in each reader's date format and zone, the zone named", async () => {
    const company = await seedCompany(t, { name: 'Zoned Realty' });
    const { OWNER: owner, MEMBER: target } = company.users;
    const saved = await call('POST', '/api/application-settings', owner, {
      date: 'YYYY-MM-DD',
      time: 'HH:mm',
      time_zone: 'Asia/Kolkata',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await start(owner, target.userId);
    expect(res.statusCode, res.body).toBe(200);
    const expires = new Date(res.json().data.expires_at as string);
    // Built with Intl alone: the owner's YYYY-MM-DD HH:mm in Kolkata; the member (no settings of
    // their own) reads the company's, i.e. the owner's.
    const kolkata = isoMinuteIn(expires, 'Asia/Kolkata');
    const expected = `${kolkata} (Asia/Kolkata, UTC+05:30)`;
    const [code] = await mailsTo(target.email, 'transfer-account.code');
    expect(code?.html).toContain(`valid until ${expected}`);
    const [started] = await mailsTo(owner.email, 'transfer-account.started');
    expect(started?.html).toContain(`until ${expected} to confirm`);
    expect(started?.html).not.toContain(' UTC<');
  });

  it('takes the membership id as well as the user id', async () => {
    const company = await seedCompany(t);
    const [membership] = await t.platform.database.db
      .select({ id: companyUsers.id })
      .from(companyUsers)
      .where(
        and(
          eq(companyUsers.companyId, company.companyId),
          eq(companyUsers.userId, company.users.ADMIN.userId),
        ),
      );
    const res = await start(company.users.OWNER, membership!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.to_user._id).toBe(company.users.ADMIN.userId);
  });

  it('answers null when nothing is pending', async () => {
    const company = await seedCompany(t);
    const res = await call('GET', '/api/transfer-account', company.users.OWNER);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBeNull();
  });

  it('replaces the pending request: one per workspace, the old code dead', async () => {
    const { company, owner, target, id, code } = await pendingTransfer();
    const second = await start(owner, company.users.MANAGER.userId);
    expect(second.statusCode).toBe(200);
    const rows = await t.platform.database.db
      .select({ id: accountTransfers.id, status: accountTransfers.status })
      .from(accountTransfers)
      .where(eq(accountTransfers.companyId, company.companyId));
    expect(rows.filter((r) => r.status === 'PENDING').map((r) => r.id)).toEqual([second.json().data._id]);
    expect(rows.find((r) => r.id === id)?.status).toBe('REPLACED');
    const late = await accept(target, id, code);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toMatch(/newer transfer/);
  });

  it.each(['ADMIN', 'MANAGER', 'MEMBER'] as const)('refuses a %s (owner only): 403', async (userType) => {
    const company = await seedCompany(t);
    const caller = company.users[userType];
    const target = userType === 'MEMBER' ? company.users.MANAGER : company.users.MEMBER;
    expect((await start(caller, target.userId)).statusCode).toBe(403);
    expect((await call('GET', '/api/transfer-account', caller)).statusCode).toBe(403);
  });

  it('refuses the owner of an INDIVIDUAL workspace: 403', async () => {
    const personal = await seedCompany(t, { planType: 'INDIVIDUAL' });
    const res = await start(personal.users.OWNER, personal.users.MEMBER.userId);
    expect(res.statusCode).toBe(403);
  });

  it('needs a session: 401', async () => {
    const res = await call('POST', '/api/transfer-account', undefined, {
      to_user_id: other.users.MEMBER.userId,
    });
    expect(res.statusCode).toBe(401);
  });

  it("answers 404 for another company's user and for an unknown id", async () => {
    const company = await seedCompany(t);
    const owner = company.users.OWNER;
    expect((await start(owner, other.users.MEMBER.userId)).statusCode).toBe(404);
    expect((await start(owner, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });

  it('refuses bad input and impossible targets with 422 on to_user_id', async () => {
    const company = await seedCompany(t);
    const owner = company.users.OWNER;
    const secondOwner = await seedMember(t, company.companyId, 'OWNER');
    const removed = await seedMember(t, company.companyId, 'MEMBER');
    await t.platform.database.db
      .update(companyUsers)
      .set({ status: 'DELETED' })
      .where(and(eq(companyUsers.companyId, company.companyId), eq(companyUsers.userId, removed.userId)));
    const cases: [string, unknown][] = [
      ['missing', {}],
      ['not a uuid', { to_user_id: 'nobody' }],
      ['wrong type', { to_user_id: 42 }],
      ['yourself', { to_user_id: owner.userId }],
      ['another owner', { to_user_id: secondOwner.userId }],
      ['a removed member', { to_user_id: removed.userId }],
    ];
    for (const [label, body] of cases) {
      const res = await call('POST', '/api/transfer-account', owner, body);
      expect(res.statusCode, label).toBe(422);
      expect(keysOf(res), label).toEqual(['to_user_id']);
    }
    expect(await mailsTo(owner.email, 'transfer-account.started')).toHaveLength(0);
  });
});

describe('accept a transfer', () => {
  it('makes the member OWNER and the owner ADMIN, consumes the request and mails both', async () => {
    const { company, owner, target, id, code } = await pendingTransfer();
    const details = await call('GET', `/api/transfer-account/${id}`, target);
    expect(details.statusCode).toBe(200);
    expect(details.json().data).toMatchObject({
      company_name: company.name,
      from_user: { _id: owner.userId },
      is_target: true,
      is_current_workspace: true,
    });
    expect(details.body).not.toContain(code);

    const res = await accept(target, id, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'ACCEPTED' });
    expect(res.json().data.accepted_at).toEqual(expect.any(String));

    expect((await userTypeOf(company.companyId, target.userId))?.userType).toBe('OWNER');
    expect((await userTypeOf(company.companyId, owner.userId))?.userType).toBe('ADMIN');
    // The same sessions now carry the new rights (access is read fresh on every call).
    const targetPermissions = await call('GET', '/api/permissions', target);
    expect(targetPermissions.json().data.user_type).toBe('OWNER');
    expect(targetPermissions.json().data.permissions).toContain('company:transfer-account');
    expect((await call('GET', '/api/permissions', owner)).json().data.user_type).toBe('ADMIN');
    expect((await call('GET', '/api/transfer-account', target)).statusCode).toBe(200);
    expect((await call('GET', '/api/transfer-account', owner)).statusCode).toBe(403);
    // The new owner can hand it on; the previous one cannot any more.
    expect((await start(owner, company.users.MANAGER.userId)).statusCode).toBe(403);
    expect((await start(target, owner.userId)).statusCode).toBe(200);

    expect(await mailsTo(target.email, 'transfer-account.accepted')).toHaveLength(1);
    expect(await mailsTo(owner.email, 'transfer-account.completed')).toHaveLength(1);
    const again = await accept(target, id, code);
    expect(again.statusCode).toBe(410);
  });

  it('drops roles that no longer fit the new user types', async () => {
    const company = await seedCompany(t);
    const { OWNER: owner, MEMBER: target } = company.users;
    const [memberRole] = await t.platform.database.db
      .insert(roles)
      .values({ companyId: company.companyId, name: 'Back office', userType: 'MEMBER' })
      .returning({ id: roles.id });
    await t.platform.database.db
      .update(companyUsers)
      .set({ roleId: memberRole!.id })
      .where(and(eq(companyUsers.companyId, company.companyId), eq(companyUsers.userId, target.userId)));
    const res = await start(owner, target.userId);
    expect((await accept(target, res.json().data._id, await codeFor(target.email))).statusCode).toBe(200);
    expect(await userTypeOf(company.companyId, target.userId)).toEqual({ userType: 'OWNER', roleId: null });
  });

  it('answers 422 on code for a wrong or malformed code, with the tries left', async () => {
    const { company, owner, target, id, code } = await pendingTransfer();
    const res = await accept(target, id, wrong(code));
    expect(res.statusCode).toBe(422);
    expect(keysOf(res)).toEqual(['code']);
    expect(res.json().message).toBe(`Invalid code. ${MAX_TRANSFER_CODE_ATTEMPTS - 1} attempts left.`);
    for (const bad of ['12345', 'abcdef', '']) {
      const malformed = await accept(target, id, bad);
      expect(malformed.statusCode, bad).toBe(422);
      expect(keysOf(malformed)).toEqual(['code']);
    }
    const missing = await call('POST', `/api/transfer-account/${id}/accept`, target, {});
    expect(keysOf(missing)).toEqual(['code']);
    const pending = await call('GET', '/api/transfer-account', owner);
    expect(pending.json().data.attempts_left).toBe(MAX_TRANSFER_CODE_ATTEMPTS - 1);
    expect((await userTypeOf(company.companyId, target.userId))?.userType).toBe('MEMBER');
    expect((await accept(target, id, code)).statusCode).toBe(200);
  });

  it(`kills the code after ${MAX_TRANSFER_CODE_ATTEMPTS} wrong codes, until the owner resends`, async () => {
    const { company, owner, target, id, code } = await pendingTransfer();
    for (let i = 1; i <= MAX_TRANSFER_CODE_ATTEMPTS; i += 1) {
      const res = await accept(target, id, wrong(code));
      expect(res.statusCode).toBe(422);
      if (i === MAX_TRANSFER_CODE_ATTEMPTS) expect(res.json().message).toMatch(/Ask the owner/);
    }
    const dead = await accept(target, id, code);
    expect(dead.statusCode).toBe(429);
    expect((await userTypeOf(company.companyId, target.userId))?.userType).toBe('MEMBER');
    expect((await call('GET', '/api/transfer-account', owner)).json().data.attempts_left).toBe(0);

    const resent = await call('POST', `/api/transfer-account/${id}/resend`, owner);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().data.attempts_left).toBe(MAX_TRANSFER_CODE_ATTEMPTS);
    const fresh = await codeFor(target.email);
    if (fresh !== code) expect((await accept(target, id, code)).statusCode).toBe(422);
    expect((await accept(target, id, fresh)).statusCode).toBe(200);
  });

  it('answers 410 once the code has expired; a resend gives 24 more hours', async () => {
    const { owner, target, id, code } = await pendingTransfer();
    await t.platform.database.db
      .update(accountTransfers)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(accountTransfers.id, id));
    const res = await accept(target, id, code);
    expect(res.statusCode).toBe(410);
    expect(res.json().message).toMatch(/expired/);
    expect((await call('GET', '/api/transfer-account', owner)).json().data.is_expired).toBe(true);
    expect((await call('POST', `/api/transfer-account/${id}/resend`, owner)).json().data.is_expired).toBe(
      false,
    );
    expect((await accept(target, id, await codeFor(target.email))).statusCode).toBe(200);
  });

  it('lets only the member accept: the owner gets 403, other members and companies 404', async () => {
    const { company, owner, target, id, code } = await pendingTransfer();
    const manager = company.users.MANAGER;
    expect((await accept(owner, id, code)).statusCode).toBe(403);
    expect((await accept(manager, id, code)).statusCode).toBe(404);
    expect((await accept(other.users.OWNER, id, code)).statusCode).toBe(404);
    expect((await call('GET', `/api/transfer-account/${id}`, manager)).statusCode).toBe(404);
    expect((await call('GET', `/api/transfer-account/${id}`, other.users.OWNER)).statusCode).toBe(404);
    expect((await call('GET', `/api/transfer-account/${id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', '/api/transfer-account/not-an-id', target)).statusCode).toBe(404);
    expect((await accept(target, '00000000-0000-4000-8000-000000000000', code)).statusCode).toBe(404);
    // None of those tries used one of the member's attempts.
    expect((await call('GET', `/api/transfer-account/${id}`, target)).json().data.attempts_left).toBe(
      MAX_TRANSFER_CODE_ATTEMPTS,
    );
    expect((await userTypeOf(company.companyId, owner.userId))?.userType).toBe('OWNER');
  });

  it('shows the request to the member signed in elsewhere, who must switch to accept: 409', async () => {
    const { target, id, code } = await pendingTransfer();
    await t.platform.database.db
      .insert(companyUsers)
      .values({ companyId: other.companyId, userId: target.userId, userType: 'MEMBER' });
    const inOther = await signInAs(t, target, other.companyId, 'MEMBER');
    const details = await call('GET', `/api/transfer-account/${id}`, inOther);
    expect(details.statusCode).toBe(200);
    expect(details.json().data).toMatchObject({ is_current_workspace: false, is_target: true });
    const res = await accept(inOther, id, code);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/Switch to/);
    expect((await accept(target, id, code)).statusCode).toBe(200);
  });

  it('refuses when the owner who asked is no longer an owner: 409', async () => {
    const { company, owner, target, id, code } = await pendingTransfer();
    const secondOwner = await seedMember(t, company.companyId, 'OWNER');
    const demote = await call('PUT', '/api/user/companyUsers', secondOwner, {
      user_id: owner.userId,
      user_type: 'ADMIN',
    });
    expect(demote.statusCode, demote.body).toBe(200);
    const res = await accept(target, id, code);
    expect(res.statusCode).toBe(409);
    expect((await userTypeOf(company.companyId, target.userId))?.userType).toBe('MEMBER');
  });
});

describe('cancel and resend', () => {
  it('cancels: the code stops working, the member is told, repeating is harmless', async () => {
    const { owner, target, id, code } = await pendingTransfer();
    const res = await call('DELETE', `/api/transfer-account/${id}`, owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('CANCELLED');
    expect(await mailsTo(target.email, 'transfer-account.cancelled')).toHaveLength(1);
    expect((await call('GET', '/api/transfer-account', owner)).json().data).toBeNull();
    const late = await accept(target, id, code);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toMatch(/cancelled/);
    expect((await call('GET', `/api/transfer-account/${id}`, target)).json().data.status).toBe('CANCELLED');

    const again = await call('DELETE', `/api/transfer-account/${id}`, owner);
    expect(again.statusCode).toBe(200);
    expect(await mailsTo(target.email, 'transfer-account.cancelled')).toHaveLength(1);
    expect((await call('POST', `/api/transfer-account/${id}/resend`, owner)).statusCode).toBe(409);
  });

  it('cannot cancel an accepted transfer: 409', async () => {
    const { target, id, code } = await pendingTransfer();
    expect((await accept(target, id, code)).statusCode).toBe(200);
    // The member is the owner now and holds the right to call it.
    expect((await call('DELETE', `/api/transfer-account/${id}`, target)).statusCode).toBe(409);
  });

  it('resends a fresh code: the previous one stops working', async () => {
    const { owner, target, id, code } = await pendingTransfer();
    const res = await call('POST', `/api/transfer-account/${id}/resend`, owner);
    expect(res.statusCode).toBe(200);
    expect(await mailsTo(target.email, 'transfer-account.code')).toHaveLength(2);
    const fresh = await codeFor(target.email);
    if (fresh !== code) {
      const stale = await accept(target, id, code);
      expect(stale.statusCode).toBe(422);
    }
    expect((await accept(target, id, fresh)).statusCode).toBe(200);
  });

  it("answers 404 to another company's owner and 403 to non-owners", async () => {
    const { company, id } = await pendingTransfer();
    for (const [method, url] of [
      ['DELETE', `/api/transfer-account/${id}`],
      ['POST', `/api/transfer-account/${id}/resend`],
    ] as const) {
      expect((await call(method, url, other.users.OWNER)).statusCode, url).toBe(404);
      expect((await call(method, url, company.users.ADMIN)).statusCode, url).toBe(403);
    }
    expect((await call('DELETE', '/api/transfer-account/nope', company.users.OWNER)).statusCode).toBe(404);
  });
});

describe('documentation', () => {
  it('lists the transfer paths in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/transfer-account',
        '/api/transfer-account/{requestId}',
        '/api/transfer-account/{requestId}/accept',
        '/api/transfer-account/{requestId}/resend',
      ]),
    );
  });
});
