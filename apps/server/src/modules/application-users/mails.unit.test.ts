import { describe, expect, it } from 'vitest';
import { UTC_STYLE } from '@esigns/contracts/dates';
import { invitationMessage } from '../company-users';
import { contactInvitationMail } from './mails';

/* The contact invitation is built by the staff invitation's builder (company-users): same frame, its own words. */

const base = {
  to: 'tina@example.com',
  firstName: 'Tina <b>',
  companyName: 'Acme & Co',
  inviterName: 'Ann <Admin>',
  link: 'http://localhost:3000/ap/signin?company=acme&invitation=t0k3n',
  expiresAt: new Date('2030-01-08T09:30:00Z'),
  dates: UTC_STYLE,
  branding: { primary_color: '#123456' },
};

describe('contact invitation mail', () => {
  it('says who gave access to which contact area, until when, and links the invitation', () => {
    const mail = contactInvitationMail(base);
    expect(mail.kind).toBe('application-users.invite');
    expect(mail.to).toBe('tina@example.com');
    expect(mail.subject).toBe('Acme & Co invited you to its contact area');
    expect(mail.heading).toBe('Your access to Acme & Co');
    expect(mail.bodyHtml).toContain('<p>Hi Tina &lt;b&gt;,</p>');
    expect(mail.bodyHtml).toContain(
      'Ann &lt;Admin&gt; gave you access to the contact area of <strong>Acme &amp; Co</strong>',
    );
    expect(mail.bodyHtml).toMatch(/valid until [^<]*2030[^<]*09:30[^<]*UTC[^<]* and works once/);
    expect(mail.preheader).toMatch(/^Accept the invitation before .*2030/);
    expect(mail.button).toEqual({ label: 'Accept invitation', url: base.link });
    expect(mail.branding).toEqual({ primary_color: '#123456' });
  });

  it('is the shared invitation frame with the contact area words', () => {
    const shared = invitationMessage({
      ...base,
      kind: 'application-users.invite',
      subject: 'Acme & Co invited you to its contact area',
      heading: 'Your access to Acme & Co',
      invitedHtml:
        'Ann &lt;Admin&gt; gave you access to the contact area of <strong>Acme &amp; Co</strong>: the ' +
        'documents sent to you, your forms and your records, in one place.',
    });
    expect(contactInvitationMail(base)).toEqual(shared);
  });

  it('leaves the greeting without a name when there is none', () => {
    expect(contactInvitationMail({ ...base, firstName: '' }).bodyHtml).toMatch(/^<p>Hi,<\/p>/);
  });
});
