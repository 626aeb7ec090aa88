import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memberOf, signUpAndSignIn } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { companyUsers } from '../company/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const leave = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/workspaces/leave',
    headers: { authorization: `Bearer ${token}` },
  });

describe('leaving a workspace', () => {
  it('lets a member leave a company and ends their sessions there', async () => {
    const owner = await signUpAndSignIn(t, { company: 'Leavers Ltd' });
    const member = await memberOf(t, owner.companyId, 'MEMBER');
    // The member also has their own personal workspace from sign-up, so this is not their only one.
    expect((await leave(member.access_token)).statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/revoke-token',
      payload: { token: member.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    // The company no longer answers to the former member's (still unexpired) access token.
    const company = await t.app.inject({
      method: 'GET',
      url: `/api/company/${owner.companyId}`,
      headers: bearer(member),
    });
    expect(company.statusCode).toBe(401);
  });

  it('refuses the personal workspace, the last owner and the only workspace', async () => {
    const person = await signUpAndSignIn(t);
    expect((await leave(person.access_token)).statusCode).toBe(409);
    const owner = await signUpAndSignIn(t, { company: 'Solo Owner Co' });
    const only = await leave(owner.access_token);
    expect(only.statusCode).toBe(409);
    expect(only.json().message).toMatch(/only workspace/);
    // With a second workspace, the last owner still may not leave.
    const elsewhere = await signUpAndSignIn(t, { company: 'Elsewhere Co' });
    await t.platform.database.db
      .insert(companyUsers)
      .values({ companyId: elsewhere.companyId, userId: owner.userId, userType: 'MEMBER' });
    const lastOwner = await leave(owner.access_token);
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.json().message).toMatch(/only owner/);
    expect((await t.app.inject({ method: 'POST', url: '/api/workspaces/leave' })).statusCode).toBe(401);
  });
});
