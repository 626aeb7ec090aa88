import { describe, expect, it } from 'vitest';
import { UTC_STYLE } from '@esigns/contracts/dates';
import { invitationMail } from './mails';

describe('staff invitation mail', () => {
  it('says who invited whom to join the company as what, until when, and links the invitation', () => {
    const mail = invitationMail({
      to: 'new@example.com',
      firstName: null,
      companyName: 'Acme & Co',
      inviterName: 'Ann <Admin>',
      userType: 'MANAGER',
      roleName: 'Sales <lead>',
      link: 'http://localhost:3000/inviteUser?token=abc',
      expiresAt: new Date('2030-01-08T09:30:00Z'),
      dates: UTC_STYLE,
      branding: {},
    });
    expect(mail.kind).toBe('company-users.invite');
    expect(mail.subject).toBe('Ann <Admin> invited you to join Acme & Co');
    expect(mail.heading).toBe('Join Acme & Co');
    expect(mail.bodyHtml).toContain('<p>Hi,</p>');
    expect(mail.bodyHtml).toContain(
      '<p>Ann &lt;Admin&gt; invited you to join <strong>Acme &amp; Co</strong> as a manager (Sales &lt;lead&gt;).</p>',
    );
    expect(mail.bodyHtml).toMatch(/valid until [^<]*2030[^<]*09:30[^<]*UTC[^<]* and works once/);
    expect(mail.preheader).toMatch(/^Accept the invitation before .*2030/);
    expect(mail.button).toEqual({
      label: 'Accept invitation',
      url: 'http://localhost:3000/inviteUser?token=abc',
    });
  });
});
