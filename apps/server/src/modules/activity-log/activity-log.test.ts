import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HTTPMethods } from 'fastify';
import type { IntegrationEvent } from '@esigns/contracts/integration-events';
import { eq } from 'drizzle-orm';
import { bearer, memberOf, nextIp, signUpAndSignIn, type TestSession } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { until } from '../../../test/test-workers';
import type { Db } from '../../platform/db/database';
import { userIdsByEmails } from '../auth';
import { listWorkspaces } from '../company';
import { CAPTURED_ROUTES } from './capture';
import { activityLog } from './schema';
import { activityOfEvent, recordActivity } from './service';

let t: TestApp;
let owner: TestSession;
let admin: TestSession;
let member: TestSession;
let other: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpAndSignIn(t, { company: 'Audit Realty' });
  admin = await memberOf(t, owner.companyId, 'ADMIN');
  member = await memberOf(t, owner.companyId, 'MEMBER');
  other = await signUpAndSignIn(t, { company: 'Elsewhere' });
});
afterAll(async () => {
  await t.close();
});

const list = (who: TestSession, query = '') =>
  t.app.inject({ method: 'GET', url: `/api/activity-log${query}`, headers: bearer(who) });

describe('activity log', () => {
  it('covers only routes the app has', () => {
    for (const key of Object.keys(CAPTURED_ROUTES)) {
      const [method, url] = key.split(' ') as [HTTPMethods, string];
      expect(t.app.hasRoute({ method, url }), key).toBe(true);
    }
  });

  it('logs sign-ins, failed sign-ins, settings and API keys with actor, IP and user agent', async () => {
    const failed = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      payload: { email: admin.email, password: 'wrong-password-1' },
      remoteAddress: '203.0.113.9',
      headers: { 'user-agent': 'AuditTest/1.0' },
    });
    expect(failed.statusCode).toBe(401);
    const settings = await t.app.inject({
      method: 'POST',
      url: '/api/application-settings',
      headers: { ...bearer(admin), 'user-agent': 'AuditTest/1.0' },
      payload: { date: 'DD-MM-YYYY', time: 'HH:mm' },
      remoteAddress: '203.0.113.10',
    });
    expect(settings.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/generate-keys', headers: bearer(owner) })).statusCode,
    ).toBe(200);
    // A refused call is not an action.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/application-settings',
      headers: bearer(admin),
      payload: { date: 'nope' },
    });
    expect(refused.statusCode).toBe(422);

    const res = await list(owner, '?limit=50');
    expect(res.statusCode).toBe(200);
    const page = res.json().data;
    const actions = page.data.map((e: { action: string }) => e.action);
    expect(actions.filter((a: string) => a === 'settings.changed')).toHaveLength(1);
    expect(actions).toContain('api_key.created');
    expect(actions).toContain('auth.signin_failed');
    // The owner's and the members' sign-ins into this company.
    expect(actions.filter((a: string) => a === 'auth.signed_in').length).toBeGreaterThanOrEqual(1);
    const change = page.data.find((e: { action: string }) => e.action === 'settings.changed');
    expect(change).toMatchObject({
      actor: { _id: admin.userId, email: admin.email },
      ip: '203.0.113.10',
      user_agent: 'AuditTest/1.0',
    });
    expect(change.actor.name).toMatch(/^Test User/);
    const failure = page.data.find((e: { action: string }) => e.action === 'auth.signin_failed');
    expect(failure).toMatchObject({ actor: { _id: admin.userId }, ip: '203.0.113.9' });
  });

  it('filters by actor, action and time, and pages', async () => {
    const byAction = (await list(owner, '?action=api_key.created')).json().data;
    expect(byAction.total).toBe(1);
    expect(byAction.data[0].actor._id).toBe(owner.userId);

    const byActor = (await list(owner, `?actor=${admin.userId}&limit=50`)).json().data;
    expect(byActor.total).toBeGreaterThanOrEqual(2);
    expect(byActor.data.every((e: { actor: { _id: string } }) => e.actor._id === admin.userId)).toBe(true);

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await list(owner, `?from=${encodeURIComponent(future)}`)).json().data.total).toBe(0);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    const all = (
      await list(owner, `?from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`)
    ).json().data;
    expect(all.total).toBeGreaterThanOrEqual(4);

    const first = (await list(owner, '?limit=2&page=1')).json().data;
    const second = (await list(owner, '?limit=2&page=2')).json().data;
    expect(first).toMatchObject({ page: 1, total: all.total, total_pages: Math.ceil(all.total / 2) });
    expect(first.data).toHaveLength(2);
    expect(second.data[0]._id).not.toBe(first.data[0]._id);
    expect(second.data[0].occurred_at <= first.data[1].occurred_at).toBe(true);
  });

  it('refuses bad filters with 422', async () => {
    for (const query of [
      '?action=document.exploded',
      '?actor=not-a-uuid',
      '?from=yesterday',
      `?from=${encodeURIComponent('2026-02-01T00:00:00Z')}&to=${encodeURIComponent('2026-01-01T00:00:00Z')}`,
    ]) {
      const res = await list(owner, query);
      expect(res.statusCode, query).toBe(422);
    }
  });

  it("never shows another company's entries, and is for administrators only", async () => {
    const mine = (await list(owner, '?limit=100')).json().data;
    const theirs = (await list(other, '?limit=100')).json().data;
    const ids = new Set(mine.data.map((e: { _id: string }) => e._id));
    expect(theirs.data.some((e: { _id: string }) => ids.has(e._id))).toBe(false);
    expect(theirs.data.some((e: { actor: { _id: string } | null }) => e.actor?._id === admin.userId)).toBe(
      false,
    );
    // Filtering by a user of another company finds nothing.
    expect((await list(other, `?actor=${admin.userId}`)).json().data.total).toBe(0);
    expect((await list(admin)).statusCode).toBe(200);
    expect((await list(member)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/activity-log' })).statusCode).toBe(401);
  });

  it("logs a signer's action in a company whose staff made no call in this process (interest from its creation)", async () => {
    // A company signed up and nothing else: no sign-in, no staff call, no entry of its own yet.
    const email = `signer-only-${Date.now()}@example.com`;
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/companySignup',
      payload: {
        first_name: 'Quiet',
        last_name: 'Owner',
        email,
        password: 'S3cure-pass',
        company_name: 'Quiet Realty',
      },
      remoteAddress: nextIp(),
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const db = t.platform.database.db;
    const userId = (await userIdsByEmails(db, [email])).get(email)!;
    const [workspace] = await listWorkspaces(db, userId);
    const companyId = workspace!.company_id;
    expect(await db.select().from(activityLog).where(eq(activityLog.companyId, companyId))).toEqual([]);

    // A signer signs one of its documents: the signing module publishes the integration event.
    const subjectId = '7a1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d7';
    await db.transaction((tx) =>
      t.platform.events.publish(tx as unknown as Db, {
        companyId,
        type: 'document.signed',
        subjectId,
        data: {
          document_id: subjectId,
          name: 'Quiet lease.pdf',
          status: 'INPROGRESS',
          recipient: { email: 'quiet.signer@example.com', name: 'Quinn Signer' },
        },
      }),
    );
    const [entry] = await until(
      async () => {
        const rows = await db.select().from(activityLog).where(eq(activityLog.companyId, companyId));
        return rows.length > 0 && rows;
      },
      "the signer's entry",
      20_000,
    );
    expect(entry).toMatchObject({
      action: 'document.signed',
      actorId: null,
      actorEmail: 'quiet.signer@example.com',
      targetType: 'document',
      targetId: subjectId,
      targetName: 'Quiet lease.pdf',
    });
  });

  it("logs a signer's event once, however often it is delivered", async () => {
    const event = {
      id: '2f6b1f5e-8a3c-4d7e-9b1a-0c2d3e4f5a6b',
      type: 'document.signed',
      company_id: owner.companyId,
      subject_id: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
      occurred_at: new Date().toISOString(),
      data: {
        document_id: '5d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6',
        name: 'Lease.pdf',
        status: 'INPROGRESS',
        recipient: { email: 'signer@example.com', name: 'Sam Signer' },
      },
    } as IntegrationEvent;
    const entry = activityOfEvent(event);
    expect(entry).toMatchObject({ action: 'document.signed', targetName: 'Lease.pdf' });
    await recordActivity(t.platform, [entry!]);
    await recordActivity(t.platform, [entry!]);
    const signed = (await list(owner, '?action=document.signed')).json().data;
    expect(signed.total).toBe(1);
    expect(signed.data[0]).toMatchObject({
      actor: { _id: null, email: 'signer@example.com' },
      target_type: 'document',
      target_id: event.subject_id,
    });
  });
});
