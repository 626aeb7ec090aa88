import type { TApplicationUserSession } from '@esigns/contracts/application-users';
import type { Db } from '../../platform/db/database';
import type { Platform } from '../../platform/platform';
import type { ClientInfo } from './session-service';

/*
 * Contact sessions (the contact area, `/ap`) belong to the application-users module, which comes
 * after auth in the module order: auth cannot ask it whether a contact's portal access still
 * stands, so application-users registers these at start-up (app.ts, before any route).
 */

export type ContactSessions = {
  /** Whether the login still has ACTIVE portal access in the company (each refresh of a contact session). */
  isActive: (db: Pick<Db, 'select'>, userId: string, companyId: string) => Promise<boolean>;
  /**
   * Opens the contact session a sign-in asked for, once its second factor passed
   * (`POST /mf2a/verifyOTP`): the contact's session reply, or 401 when the access ended meanwhile.
   */
  openAfterSecondFactor: (
    platform: Platform,
    input: { userId: string; companyId: string; client: ClientInfo },
  ) => Promise<TApplicationUserSession>;
};

let registered: ContactSessions | undefined;

export function registerContactSessions(sessions: ContactSessions): void {
  registered = sessions;
}

/** The registered contact sessions; never registered is a start-up mistake (throws). */
export function contactSessions(): ContactSessions {
  if (!registered) throw new Error('contact sessions were never registered (application-users)');
  return registered;
}

/**
 * Single-sign-on sessions (modules/sso, after auth in the module order): on each refresh of a staff
 * session, whether the family is an SSO one (its new access token carries the SSO flag); throws
 * 401 SSO_USER_LOGOUT when its identity provider ended it. Unregistered: no SSO sessions exist.
 */
export type SsoSessions = (db: Pick<Db, 'select'>, familyId: string) => Promise<boolean>;

let registeredSso: SsoSessions | undefined;

export function registerSsoSessions(sessions: SsoSessions): void {
  registeredSso = sessions;
}

export function ssoSessions(): SsoSessions | undefined {
  return registeredSso;
}
