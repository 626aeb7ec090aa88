import { beforeEach, describe, expect, it } from 'vitest';
import { decideGuard } from '../../app/guard-decision';
import { createEmptySession } from '../../shared/session/session-store';
import {
  readGuestCredentials,
  saveApproverCredentials,
  saveGuestSession,
  saveLinkCredentials,
  tabFormAuthDetails,
} from './guest-session';

const session = (expires_at = '2099-01-01T00:00:00.000Z') => ({
  contact: { _id: 'g1', email: 'a@example.com', kind: 'GUEST' as const },
  passcode: 'secret-1',
  secure_access: true,
  formbuilder_details_id: 'f1',
  expires_at,
});

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('the guest of a form on this tab', () => {
  it('is kept per form code in sessionStorage only, and forgotten once expired', () => {
    saveGuestSession('CODE', session());
    expect(readGuestCredentials('CODE')).toMatchObject({
      user_id: 'g1',
      passcode: 'secret-1',
      form_id: 'f1',
    });
    expect(readGuestCredentials('OTHER')).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('secret-1');
    saveGuestSession('OLD', session('2020-01-01T00:00:00.000Z'));
    expect(readGuestCredentials('OLD')).toBeNull();
  });

  it('refuses a link secret that cannot be one', () => {
    expect(saveLinkCredentials('CODE', 'g1', 'x'.repeat(201))).toBeNull();
    expect(saveLinkCredentials('CODE', 'g1', 'tok')).toMatchObject({
      user_id: 'g1',
      passcode: 'tok',
      form_id: '',
    });
  });

  it('lets the formGuest and formApproval guards through with what the tab holds for that form', () => {
    const signedOut = createEmptySession();
    saveGuestSession('CODE', session());
    saveApproverCredentials({ code: 'CODE', approval_id: 'ap1', passcode: 'link-1' });
    const guest = tabFormAuthDetails('/public/fbd/CODE/execute');
    expect(guest).toEqual({ passcode: 'secret-1', user_id: 'g1', formbuilder_id: 'f1' });
    const withGuest = { ...signedOut, auth_details: guest };
    expect(decideGuard('formGuest', withGuest, { pathname: '/public/fbd/CODE/execute' }).type).toBe('allow');
    const approver = tabFormAuthDetails('/public/fb/CODE/d1/approval/execute');
    expect(approver).toEqual({ passcode: 'link-1', approver_contact_id: 'ap1' });
    expect(tabFormAuthDetails('/public/fbd/ELSEWHERE/execute')).toEqual({});
    expect(tabFormAuthDetails('/contacts')).toEqual({});
  });
});
