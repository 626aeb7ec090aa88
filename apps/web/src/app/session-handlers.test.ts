import { describe, expect, it } from 'vitest';
import { signinAfterSessionEnd } from './session-handlers';

describe('signinAfterSessionEnd', () => {
  it('sends a visitor of a staff screen to sign in with the way back', async () => {
    const target = await signinAfterSessionEnd({ pathname: '/dashboard', search: '?tab=1', hash: '' });
    expect(target).toMatch(/^\/signin\?redirect_url=/);
  });

  it('keeps the redirect_url when a second refused call ends the session on the sign-in page', async () => {
    const first = await signinAfterSessionEnd({ pathname: '/dashboard', search: '', hash: '' });
    const url = new URL(first, 'http://x');
    const second = await signinAfterSessionEnd({ pathname: url.pathname, search: url.search, hash: '' });
    expect(second).toBe(first);
  });

  it('stays on a plain sign-in page', async () => {
    expect(await signinAfterSessionEnd({ pathname: '/signin', search: '', hash: '' })).toBe('/signin');
  });
});
