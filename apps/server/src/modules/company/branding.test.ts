import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, sql } from 'drizzle-orm';
import { emailLogs } from '../../platform/mail/schema';
import { bearer, memberOf, signUpAndSignIn, type TestSession } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/test-app';

/**
 * The company's look (`/branding`): colours with their contrast rules through `PATCH /company`,
 * the mail preview, and a mail queued afterwards in the new colours with the default header and footer.
 */
let t: TestApp;
let owner: TestSession;
let admin: TestSession;
let member: TestSession;
let other: TestSession;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signUpAndSignIn(t, { company: 'Harbour Homes' });
  admin = await memberOf(t, owner.companyId, 'ADMIN');
  member = await memberOf(t, owner.companyId, 'MEMBER');
  other = await signUpAndSignIn(t, { company: 'Inland Estates' });
});
afterAll(async () => {
  await t.close();
});

const patch = (who: TestSession, branding: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/company', headers: bearer(who), payload: { branding } });
const profileOf = async (who: TestSession) =>
  (await t.app.inject({ method: 'GET', url: `/api/company/${who.companyId}`, headers: bearer(who) })).json()
    .data;
const preview = (who: TestSession, branding?: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/company/branding/mail-preview',
    headers: bearer(who),
    payload: branding ? { branding } : {},
  });

describe('branding colours', () => {
  it('saves every colour and answers the text colours derived from them', async () => {
    const res = await patch(admin, {
      primary_color: '#0055AA',
      secondary_color: '#FFD43B',
      dialog_header_color: '#1f2937',
      dialog_header_text_color: '#ffffff',
      link_color: '#0b5394',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      branding: {
        primary_color: '#0055AA',
        secondary_color: '#FFD43B',
        dialog_header_color: '#1f2937',
        dialog_header_text_color: '#ffffff',
        link_color: '#0b5394',
      },
      // White reads on the blue, black on the yellow.
      readable_colors: { on_primary: '#ffffff', on_secondary: '#000000', mail_link: '#0b5394' },
    });
    // The public sign-in data (what the running app reads) has them at once.
    const slug = res.json().data.slug;
    const page = await t.app.inject({ method: 'GET', url: `/api/company/by-slug/${slug}` });
    expect(page.json().data.branding.primary_color).toBe('#0055AA');
  });

  it('derives the mail link colour from the primary when the link colour is emptied', async () => {
    const res = await patch(owner, { primary_color: '#F27E0C', link_color: '' });
    expect(res.statusCode, res.body).toBe(200);
    const { readable_colors: readable } = res.json().data;
    // The orange itself is 2.6:1 on white: links get it darkened until they read.
    expect(readable.on_primary).toBe('#000000');
    expect(readable.mail_link).not.toBe('#f27e0c');
    expect(readable.mail_link).toMatch(/^#[0-9a-f]{6}$/);
    await patch(owner, { primary_color: '#0055AA' });
  });

  it.each([
    [{ primary_color: 'orange' }, 'branding.primary_color'],
    [{ secondary_color: '#12345' }, 'branding.secondary_color'],
    [{ dialog_header_color: '#eee' }, 'branding.dialog_header_color'],
    [{ link_color: 'red;background:url(x)' }, 'branding.link_color'],
    [{ dialog_header_text_color: 42 }, 'branding.dialog_header_text_color'],
  ])('refuses the bad colour %o with 422 on %s', async (branding, key) => {
    const res = await patch(owner, branding);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.details[0].key).toBe(key);
  });

  it('refuses text that would not read on its colour, naming the field and the nearest colour that does', async () => {
    const before = await profileOf(owner);
    const grey = await patch(owner, { dialog_header_color: '#eeeeee', dialog_header_text_color: '#aaaaaa' });
    expect(grey.statusCode).toBe(422);
    const [detail] = grey.json().errors.details;
    expect(detail.key).toBe('branding.dialog_header_text_color');
    expect(detail.message).toMatch(/^Dialog header text on its background is \d\.\d\d:1, below the 4\.5:1/);
    const suggestion = /(#[0-9a-f]{6}) is the nearest colour/.exec(detail.message)?.[1];
    expect(suggestion).toBeDefined();
    // The suggested colour is accepted.
    const fixed = await patch(owner, {
      dialog_header_color: '#eeeeee',
      dialog_header_text_color: suggestion,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);

    // A new background alone is checked against the saved text.
    const background = await patch(owner, { dialog_header_color: '#333333' });
    expect(background.statusCode).toBe(422);
    expect(background.json().errors.details[0].key).toBe('branding.dialog_header_text_color');

    const link = await patch(owner, { link_color: '#ffff00' });
    expect(link.statusCode).toBe(422);
    expect(link.json().errors.details[0]).toMatchObject({ key: 'branding.link_color' });
    expect(link.json().errors.details[0].message).toMatch(/^The link colour on white is 1\.\d\d:1/);

    // Nothing refused was stored.
    const after = await profileOf(owner);
    expect(after.branding.link_color).toBe(before.branding.link_color);
    expect(after.branding.dialog_header_text_color).toBe(suggestion);
  });

  it('lets only those who may edit the branding change it', async () => {
    const res = await patch(member, { primary_color: '#111111' });
    expect(res.statusCode).toBe(403);
    expect((await profileOf(owner)).branding.primary_color).toBe('#0055AA');
  });

  it("cannot change another company's branding", async () => {
    const res = await patch(other, { primary_color: '#990000' });
    expect(res.statusCode).toBe(200);
    // Each owner changes their own company only.
    expect((await profileOf(owner)).branding.primary_color).toBe('#0055AA');
    expect((await profileOf(other)).branding.primary_color).toBe('#990000');
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/company/${owner.companyId}`,
      headers: bearer(other),
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('mails in the company look', () => {
  const mailsTo = (email: string) =>
    t.platform.database.db
      .select()
      .from(emailLogs)
      .where(sql`${email} = ANY(${emailLogs.to})`)
      .orderBy(desc(emailLogs.createdAt));

  it("previews a mail with unsaved colours and the company's header and footer, storing nothing", async () => {
    const frame = await t.app.inject({
      method: 'POST',
      url: '/api/entity-email-template/create',
      headers: bearer(owner),
      payload: {
        type: 'HEADER_FOOTER',
        name: 'Harbour letterhead',
        header_html: '<p>Harbour Homes, <a href="https://harbour.example">harbour.example</a></p>',
        footer_html: '<p>12 Quay Street, Portsmouth</p>',
        is_default: true,
      },
    });
    expect(frame.statusCode, frame.body).toBe(200);

    const res = await preview(owner, { primary_color: '#2f9e44', link_color: '#1b5e20' });
    expect(res.statusCode, res.body).toBe(200);
    const { html, text } = res.json().data;
    expect(html).toContain('background-color:#2f9e44');
    expect(html).toContain('<a style="color:#1b5e20;" href="https://harbour.example"');
    expect(html).toContain('12 Quay Street, Portsmouth');
    expect(text).toMatch(/^Harbour Homes, harbour\.example: https:\/\/harbour\.example/);
    expect((await profileOf(owner)).branding.primary_color).toBe('#0055AA');

    // Another company's preview has its own colours and no frame of this one.
    const theirs = (await preview(other)).json().data.html;
    expect(theirs).toContain('background-color:#990000');
    expect(theirs).not.toContain('Quay Street');

    const bad = await preview(owner, { primary_color: 'blue' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.details[0].key).toBe('branding.primary_color');
    // A member cannot see the company profile (`company:view`), nor its preview.
    expect((await preview(member)).statusCode).toBe(403);
  });

  it('sends the next mail in the saved colours, with the header and footer', async () => {
    expect((await patch(owner, { primary_color: '#7048e8', link_color: '#5f3dc4' })).statusCode).toBe(200);
    const email = `branding-${Date.now()}@example.com`;
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/user/inviteUser',
      headers: bearer(owner),
      payload: { email, user_type: 'MEMBER' },
    });
    expect(invite.statusCode, invite.body).toBe(200);
    const [mail] = await mailsTo(email);
    expect(mail?.html).toContain('bgcolor="#7048e8"');
    // White text on the violet button (it reads: 5.6:1).
    expect(mail?.html).toMatch(/background-color:#7048e8;">\s*<a [^>]*color:#ffffff;/);
    expect(mail?.html).toContain('<a style="color:#5f3dc4;" href="https://harbour.example"');
    expect(mail?.html).toContain('12 Quay Street, Portsmouth');
    expect(mail?.text).toContain('12 Quay Street, Portsmouth');
    // The company's email log (the outbox as admins read it) shows the same look.
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/email-logs/${mail?.id}`,
      headers: bearer(owner),
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data.html).toContain('bgcolor="#7048e8"');
    expect(log.json().data.html).toContain('12 Quay Street, Portsmouth');
    // Another company's admins do not see it.
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/email-logs/${mail?.id}`,
      headers: bearer(other),
    });
    expect(theirs.statusCode).toBe(404);
  });
});
