import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, memberOf, signUpAndSignIn, type TestSession } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { and, eq } from 'drizzle-orm';
import { userSettings } from './schema';
import { wantsNotification } from './service';

let t: TestApp;
let owner: TestSession;
let member: TestSession;
let other: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpAndSignIn(t, { company: 'Keys Realty' });
  member = await memberOf(t, owner.companyId, 'MEMBER');
  other = await signUpAndSignIn(t, { company: 'Elsewhere' });
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, who: TestSession) => t.app.inject({ method: 'GET', url, headers: bearer(who) });
const post = (url: string, who: TestSession, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: bearer(who), payload });

describe('personal settings', () => {
  it('answers the defaults, then what the user saved, per user', async () => {
    expect((await get('/api/application-settings', owner)).json().data).toEqual({
      date: 'MM-DD-YYYY',
      time: 'hh:mm A',
    });
    const saved = await post('/api/application-settings', owner, { date: 'DD-MM-YYYY', time: 'HH:mm' });
    expect(saved.statusCode).toBe(200);
    expect((await get('/api/application-settings', owner)).json().data.date).toBe('DD-MM-YYYY');
    // Another member keeps their own.
    expect((await get('/api/application-settings', member)).json().data.date).toBe('MM-DD-YYYY');
  });

  it('saves expiry and reminder defaults and checks them', async () => {
    const body = {
      expire_documents: true,
      expire_after_days: 14,
      send_reminders: true,
      reminder_every_days: 2,
      warn_before_expiry_days: 3,
    };
    expect((await post('/api/expirations-reminders', member, body)).statusCode).toBe(200);
    expect((await get('/api/expirations-reminders', member)).json().data.expire_after_days).toBe(14);
    const bad = await post('/api/expirations-reminders', member, { ...body, warn_before_expiry_days: 20 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.details[0].key).toBe('warn_before_expiry_days');
  });

  it('keeps notification choices per user, filling events saved before they existed', async () => {
    const defaults = (await get('/api/notifications', member)).json().data;
    expect(defaults.events.document_signed).toEqual({ email: true, in_app: true });
    const events = { ...defaults.events, document_signed: { email: false, in_app: true } };
    expect((await post('/api/notifications', member, { events })).statusCode).toBe(200);
    expect((await get('/api/notifications', member)).json().data.events.document_signed.email).toBe(false);
    expect((await get('/api/notifications', owner)).json().data.events.document_signed.email).toBe(true);
    expect(
      await wantsNotification(
        t.platform,
        { userId: member.userId, companyId: owner.companyId },
        'document_signed',
        'email',
      ),
    ).toBe(false);

    // A value saved by an older version lacks later events: they answer with their defaults.
    await t.platform.database.db
      .update(userSettings)
      .set({ value: { events: { document_signed: { email: false, in_app: false } } } })
      .where(and(eq(userSettings.userId, member.userId), eq(userSettings.group, 'notifications')));
    const merged = (await get('/api/notifications', member)).json().data.events;
    expect(merged.document_signed).toEqual({ email: false, in_app: false });
    expect(merged.document_completed).toEqual({ email: true, in_app: true });
  });

  it.each([
    ['/api/notifications', { events: { document_signed: { email: 'no' } } }, 'events.document_signed.email'],
    ['/api/application-settings', { date: 'YY' }, 'date'],
    ['/api/dashboard-stats-settings', { cards: ['nope'] }, 'cards.0'],
    ['/api/expirations-reminders', { expire_documents: 'yes' }, 'expire_documents'],
  ])('rejects bad input on %s with 422 on %s', async (url, payload, key) => {
    const res = await post(url, owner, payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.details.map((d: { key: string }) => d.key)).toContain(key);
  });

  it('needs a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/application-settings' })).statusCode).toBe(401);
  });
});

describe('API keys', () => {
  it('shows the secret once, keeps only the client id visible, and regenerates', async () => {
    expect((await get('/api/Get-keys', owner)).json().data).toBeNull();
    const made = await post('/api/generate-keys', owner);
    expect(made.statusCode).toBe(200);
    const { client_id, client_secret } = made.json().data;
    expect(client_secret).toMatch(/^cs_/);
    const shown = (await get('/api/Get-keys', owner)).json().data;
    expect(shown.client_id).toBe(client_id);
    expect(JSON.stringify(shown)).not.toContain(client_secret);
    expect(shown.secret_last4).toBe(client_secret.slice(-4));

    expect((await post('/api/generate-keys', owner)).statusCode).toBe(409);
    const again = (await post('/api/regenerate-keys', owner)).json().data;
    expect(again.client_secret).not.toBe(client_secret);
    expect((await get('/api/Get-keys', owner)).json().data.client_id).toBe(again.client_id);
  });

  it('keeps keys per workspace and refuses a MEMBER', async () => {
    expect((await get('/api/Get-keys', other)).json().data).toBeNull();
    expect((await post('/api/generate-keys', member)).statusCode).toBe(403);
    expect((await get('/api/Get-keys', member)).statusCode).toBe(403);
  });
});

describe('app mode', () => {
  it('answers the default, saves the choice per user and workspace, and checks it', async () => {
    expect((await get('/api/app-mode-settings', member)).json().data).toEqual({
      mode: 'everything',
      color_scheme: 'light',
    });
    const saved = await post('/api/app-mode-settings', member, { mode: 'nocode', color_scheme: 'dark' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ mode: 'nocode', color_scheme: 'dark' });
    expect((await get('/api/app-mode-settings', member)).json().data.mode).toBe('nocode');
    // The owner of the same workspace and a user of another keep the default.
    expect((await get('/api/app-mode-settings', owner)).json().data.mode).toBe('everything');
    expect((await get('/api/app-mode-settings', other)).json().data.mode).toBe('everything');

    for (const body of [{ mode: 'games', color_scheme: 'dark' }, { mode: 'esign' }, {}]) {
      const bad = await post('/api/app-mode-settings', member, body);
      expect(bad.statusCode).toBe(422);
    }
    expect((await get('/api/app-mode-settings', member)).json().data.mode).toBe('nocode');
    expect((await t.app.inject({ method: 'GET', url: '/api/app-mode-settings' })).statusCode).toBe(401);
  });
});
