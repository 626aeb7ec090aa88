import { describe, expect, it } from 'vitest';
import { createEmptySession, type SessionState } from '../shared/session/session-store';
import { decryptRedirectTarget, encryptRedirectTarget } from '../shared/session/redirect-target';
import {
  afterSigninPath,
  decideGuard,
  resolveRedirect,
  signinRedirectUrl,
  type GuardDecision,
  type GuardName,
} from './guard-decision';

const tokens = { access_token: 'access', refresh_token: 'refresh' };
const signedOut = createEmptySession();
const staff = (type: SessionState['user_type'] = 'MEMBER'): SessionState => ({
  ...createEmptySession(),
  tokens,
  user: { _id: 'u1' },
  user_type: type,
});
const contact: SessionState = {
  ...createEmptySession(),
  tokens,
  user: { _id: 'c1', is_contact: true },
  is_contact: true,
};

/** The address the redirect opens, with `redirect_url` encrypted by this browser's key. */
async function redirectOf(decision: GuardDecision) {
  if (decision.type !== 'redirect') throw new Error(`expected a redirect, got ${JSON.stringify(decision)}`);
  const url = new URL(await resolveRedirect(decision), 'http://x');
  return { path: url.pathname, params: url.searchParams, reason: decision.reason };
}

describe('decideGuard', async () => {
  it('user: signed-out visitors go to /signin with the encrypted target', async () => {
    const r = await redirectOf(
      decideGuard('user', signedOut, { pathname: '/contacts/edit/7', search: '?tab=a', hash: '#x' }),
    );
    expect(r.path).toBe('/signin');
    expect(r.reason).toBe('signed-out');
    expect(await decryptRedirectTarget(r.params.get('redirect_url'))).toBe('/contacts/edit/7?tab=a#x');
  });

  it('user: contacts go to /ap/forbidden, staff pass', async () => {
    expect(decideGuard('user', contact, { pathname: '/dashboard' })).toEqual({
      type: 'redirect',
      to: '/ap/forbidden',
      reason: 'wrong-role',
    });
    expect(decideGuard('user', staff(), { pathname: '/dashboard' })).toEqual({ type: 'allow' });
  });

  it('guest: signed-in staff go to /dashboard, contacts to /ap/documents, visitors pass', async () => {
    expect(decideGuard('guest', staff(), { pathname: '/signin' })).toMatchObject({
      to: '/dashboard',
      reason: 'signed-in',
    });
    expect(decideGuard('guest', contact, { pathname: '/ap/signin' })).toMatchObject({ to: '/ap/documents' });
    expect(decideGuard('guest', signedOut, { pathname: '/signin' })).toEqual({ type: 'allow' });
  });

  it('applicationUser: contacts pass, staff are forbidden', async () => {
    expect(decideGuard('applicationUser', contact, { pathname: '/ap/dashboard' })).toEqual({ type: 'allow' });
    expect(decideGuard('applicationUser', staff(), { pathname: '/ap/dashboard' })).toMatchObject({
      to: '/ap/forbidden',
      reason: 'wrong-role',
    });
  });

  it('applicationUser: signed-out goes to /ap/signin with the company slug, else /signin', async () => {
    const withSlug = await redirectOf(
      decideGuard(
        'applicationUser',
        { ...signedOut, company: { slug: 'acme' } },
        { pathname: '/ap/documents' },
      ),
    );
    expect(withSlug.path).toBe('/ap/signin');
    expect(withSlug.params.get('company')).toBe('acme');
    expect(await decryptRedirectTarget(withSlug.params.get('redirect_url'))).toBe('/ap/documents');
    const fromQuery = await redirectOf(
      decideGuard('applicationUser', signedOut, { pathname: '/ap/dashboard', search: '?company=beta' }),
    );
    expect(fromQuery.params.get('company')).toBe('beta');
    expect(
      (await redirectOf(decideGuard('applicationUser', signedOut, { pathname: '/ap/dashboard' }))).path,
    ).toBe('/signin');
  });

  it.each<GuardName>(['passwordProtected', 'passwordProtectedOrAuthUser'])(
    '%s: password or token needed',
    async (guard) => {
      const location = { pathname: '/emp/documents/custom/1/pp/verify-password' };
      expect((await redirectOf(decideGuard(guard, signedOut, location))).path).toBe('/signin');
      expect(decideGuard(guard, { ...signedOut, auth_details: { password: 'p' } }, location)).toEqual({
        type: 'allow',
      });
      expect(decideGuard(guard, signedOut, { ...location, search: '?password=p' })).toEqual({
        type: 'allow',
      });
      expect(decideGuard(guard, staff(), location)).toEqual({ type: 'allow' });
    },
  );

  it('userOrServer: adopts tokens from the query, else behaves like user', async () => {
    expect(
      decideGuard('userOrServer', signedOut, { pathname: '/x', search: '?access_token=A&refresh_token=R' }),
    ).toEqual({
      type: 'allow',
      adoptTokens: { access_token: 'A', refresh_token: 'R' },
    });
    expect((await redirectOf(decideGuard('userOrServer', signedOut, { pathname: '/x' }))).path).toBe(
      '/signin',
    );
    expect(decideGuard('userOrServer', staff(), { pathname: '/x' })).toEqual({ type: 'allow' });
  });

  it('onlyAdmin: ADMIN (and OWNER) pass, others go to /emp/', async () => {
    expect(decideGuard('onlyAdmin', staff('ADMIN'), { pathname: '/a' })).toEqual({ type: 'allow' });
    expect(decideGuard('onlyAdmin', staff('OWNER'), { pathname: '/a' })).toEqual({ type: 'allow' });
    expect(decideGuard('onlyAdmin', staff('MEMBER'), { pathname: '/a' })).toMatchObject({ to: '/emp/' });
    expect(decideGuard('onlyAdmin', contact, { pathname: '/a' })).toMatchObject({ to: '/emp/' });
    expect((await redirectOf(decideGuard('onlyAdmin', signedOut, { pathname: '/a' }))).path).toBe('/signin');
  });

  it('embedded: signed-out visitors go to the iframe sign-in of the same ssoAuth', async () => {
    const r = await redirectOf(decideGuard('embedded', signedOut, { pathname: '/if/tok123/contacts' }));
    expect(r.path).toBe('/if/tok123/iFrameSignin');
    expect(await decryptRedirectTarget(r.params.get('redirect_url'))).toBe('/if/tok123/contacts');
    expect(decideGuard('embedded', signedOut, { pathname: '/if/tok123/iFrameSignin' })).toEqual({
      type: 'allow',
    });
    expect(decideGuard('embedded', staff(), { pathname: '/if/tok123/contacts' })).toEqual({ type: 'allow' });
  });

  it('embedded frame (router basename /if/{ssoAuth}): signed-out visitors go to /iFrameSignin with the page to open', () => {
    expect(decideGuard('embedded', signedOut, { pathname: '/contacts', search: '?page=2' })).toEqual({
      type: 'redirect',
      to: `/iFrameSignin?${new URLSearchParams({ to: '/contacts?page=2' }).toString()}`,
      reason: 'signed-out',
    });
    expect(decideGuard('embedded', signedOut, { pathname: '/iFrameSignin' })).toEqual({ type: 'allow' });
    expect(decideGuard('embedded', signedOut, { pathname: '/link' })).toEqual({ type: 'allow' });
    expect(decideGuard('embedded', signedOut, { pathname: '/if/ifl_x/link' })).toEqual({ type: 'allow' });
    expect(decideGuard('embedded', staff(), { pathname: '/contacts' })).toEqual({ type: 'allow' });
  });

  it('public: always allows', async () => {
    for (const session of [signedOut, staff(), contact]) {
      expect(decideGuard('public', session, { pathname: '/view/1/2/3' })).toEqual({ type: 'allow' });
    }
  });

  it('formGuest: passcode plus user id or anonymous id, else the form auth screen', async () => {
    const location = { pathname: '/public/fbd/CODE/execute' };
    expect((await redirectOf(decideGuard('formGuest', signedOut, location))).path).toBe(
      '/public/fbd/CODE/auth/verify',
    );
    expect(
      (await redirectOf(decideGuard('formGuest', signedOut, { pathname: '/public/fb/CODE/D1/view' }))).path,
    ).toBe('/public/fb/CODE/D1/auth/verify');
    expect(decideGuard('formGuest', { ...signedOut, auth_details: { passcode: '1' } }, location).type).toBe(
      'redirect',
    );
    expect(
      decideGuard(
        'formGuest',
        { ...signedOut, auth_details: { passcode: '1', anonymous_user_id: 'a' } },
        location,
      ),
    ).toEqual({
      type: 'allow',
    });
  });

  it('formApproval: passcode plus approver id, else the approval auth screen', async () => {
    const location = { pathname: '/public/fbd/CODE/approval/execute' };
    expect((await redirectOf(decideGuard('formApproval', signedOut, location))).path).toBe(
      '/public/fbd/CODE/approval/auth',
    );
    expect(
      decideGuard(
        'formApproval',
        { ...signedOut, auth_details: { passcode: '1', approver_contact_id: 'c' } },
        location,
      ),
    ).toEqual({ type: 'allow' });
  });

  it('requestLink: a link token, the secret kept by the tab, or a signed-in member or contact; else sign-in', async () => {
    const page = { pathname: '/company-documents/requested/r1/execute' };
    expect(decideGuard('requestLink', signedOut, { ...page, search: '?token=s3cret' })).toEqual({
      type: 'allow',
    });
    expect(decideGuard('requestLink', { ...signedOut, auth_details: { password: 's3cret' } }, page)).toEqual({
      type: 'allow',
    });
    expect(decideGuard('requestLink', staff(), page)).toEqual({ type: 'allow' });
    expect(decideGuard('requestLink', contact, page)).toEqual({ type: 'allow' });
    const r = await redirectOf(decideGuard('requestLink', signedOut, page));
    expect(r.path).toBe('/signin');
    expect(await decryptRedirectTarget(r.params.get('redirect_url'))).toBe(page.pathname);
  });
});

describe('afterSigninPath', () => {
  const search = async (path: string) => `?redirect_url=${await encryptRedirectTarget(path)}`;

  it('answers the decrypted same-site target, else the fallback or the home of the session', async () => {
    expect(await afterSigninPath(staff(), await search('/contacts/edit/7?tab=a'))).toBe(
      '/contacts/edit/7?tab=a',
    );
    expect(await afterSigninPath(staff(), '')).toBe('/dashboard');
    expect(await afterSigninPath(staff(), '', '/documents/all')).toBe('/documents/all');
    expect(await afterSigninPath(contact, '')).toBe('/ap/documents');
    expect(await afterSigninPath(contact, await search('/ap/workflows'))).toBe('/ap/workflows');
  });

  it('refuses corrupt, plain, old-format, guest-page and foreign targets', async () => {
    expect(await afterSigninPath(staff(), '?redirect_url=https://evil.example/x')).toBe('/dashboard');
    expect(await afterSigninPath(staff(), '?redirect_url=/roles')).toBe('/dashboard');
    expect(await afterSigninPath(staff(), '?redirect_url=r1.L3JvbGVz')).toBe('/dashboard');
    expect(await afterSigninPath(staff(), '?redirect_url=r2.garbage!')).toBe('/dashboard');
    expect(await afterSigninPath(staff(), await search('/signin?redirect_url=x'))).toBe('/dashboard');
    expect(await afterSigninPath(staff(), await search('/forgot-password'))).toBe('/dashboard');
    const foreign = await search('/roles');
    localStorage.setItem('esigns:redirect-key', 'A'.repeat(43));
    expect(await afterSigninPath(staff(), foreign)).toBe('/dashboard');
    localStorage.clear();
  });

  it('is where the guest guard sends a fresh session', async () => {
    const decision = decideGuard('guest', staff(), { pathname: '/signin', search: await search('/roles') });
    expect(decision).toMatchObject({ to: '/dashboard', reason: 'signed-in' });
    expect(await redirectOf(decision)).toMatchObject({ path: '/roles' });
    const plain = decideGuard('guest', staff(), { pathname: '/signin', search: '?redirect_url=/roles' });
    expect((await redirectOf(plain)).path).toBe('/dashboard');
  });

  it('signinRedirectUrl: /signin with the current page encrypted', async () => {
    const url = new URL(await signinRedirectUrl({ pathname: '/roles', search: '?a=1' }), 'http://x');
    expect(url.pathname).toBe('/signin');
    expect(url.searchParams.get('redirect_url')).toMatch(/^r2\./);
    expect(await decryptRedirectTarget(url.searchParams.get('redirect_url'))).toBe('/roles?a=1');
  });

  it('sends a signed-out visitor of the home page to plain /signin (no redirect_url to read)', async () => {
    for (const pathname of ['/', '/dashboard']) {
      const decision = decideGuard('user', signedOut, { pathname });
      expect(decision).toMatchObject({ type: 'redirect', to: '/signin', reason: 'signed-out' });
      const { path, params } = await redirectOf(decision);
      expect(path).toBe('/signin');
      expect(params.has('redirect_url')).toBe(false);
    }
    expect(await signinRedirectUrl({ pathname: '/dashboard', search: '?tab=x' })).toMatch(
      /redirect_url=r2\./,
    );
  });
});
