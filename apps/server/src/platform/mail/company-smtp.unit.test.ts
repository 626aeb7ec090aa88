import { describe, expect, it } from 'vitest';
import { companySmtpOptions, scrub, type TCompanySmtp } from './company-smtp';

const base: TCompanySmtp = {
  host: 'smtp.acme.test',
  port: 587,
  security: 'STARTTLS',
  username: 'acme',
  password: 'S3cret!',
  fromName: 'Acme',
  fromEmail: 'mail@acme.test',
};

describe('companySmtpOptions', () => {
  it.each([
    ['NONE', { secure: false, requireTLS: false, ignoreTLS: true }],
    ['STARTTLS', { secure: false, requireTLS: true, ignoreTLS: false }],
    ['TLS', { secure: true, requireTLS: false, ignoreTLS: false }],
  ] as const)('maps %s security', (security, expected) => {
    expect(companySmtpOptions({ ...base, security })).toMatchObject({
      host: 'smtp.acme.test',
      port: 587,
      ...expected,
    });
  });

  it('logs in only with a user name', () => {
    expect(companySmtpOptions(base).auth).toEqual({ user: 'acme', pass: 'S3cret!' });
    expect(companySmtpOptions({ ...base, username: '' }).auth).toBeUndefined();
    expect(companySmtpOptions({ ...base, password: null }).auth).toEqual({ user: 'acme', pass: '' });
  });
});

describe('scrub', () => {
  it('takes the password out of a server answer, as typed and in the forms a login sends', () => {
    const plain = Buffer.from('\u0000acme\u0000S3cret!').toString('base64');
    const login = Buffer.from('S3cret!').toString('base64');
    const reason = scrub(new Error(`535 rejected S3cret! (${plain}) [${login}]`), base);
    expect(reason).toBe('535 rejected [password] ([password]) [[password]]');
  });

  it('keeps an answer without it, cut to 2,000 characters', () => {
    expect(scrub(new Error('421 try later'), base)).toBe('421 try later');
    expect(scrub('x'.repeat(3000), { username: '', password: null })).toHaveLength(2003);
  });
});
