import type { TMailMessage } from '../../platform/mail/mail-service';
import { escapeHtml } from '../../platform/mail/mail-layout';

const codeBlock = (code: string): string =>
  `<p style="font-size:28px;letter-spacing:8px;font-weight:700;margin:16px 0">${escapeHtml(code)}</p>`;

export function verificationMail(input: {
  to: string;
  firstName: string;
  code: string;
  link: string;
}): TMailMessage {
  return {
    to: input.to,
    kind: 'auth.verify-email',
    subject: `Your verification code: ${input.code}`,
    heading: 'Verify your email',
    bodyHtml:
      `<p>Hi ${escapeHtml(input.firstName)},</p><p>Enter this code to verify your email address:</p>` +
      `${codeBlock(input.code)}<p>The code expires in 24 hours. If you did not sign up, ignore this mail.</p>`,
    button: { label: 'Verify email', url: input.link },
  };
}

export function accountExistsMail(input: { to: string; firstName: string; signinUrl: string }): TMailMessage {
  return {
    to: input.to,
    kind: 'auth.signup-existing',
    subject: 'You already have an account',
    heading: 'You already have an account',
    bodyHtml:
      `<p>Hi ${escapeHtml(input.firstName)},</p><p>Someone tried to sign up with this email address, ` +
      'which already has an account. If it was you, sign in instead (or reset your password). ' +
      'If not, you can ignore this mail.</p>',
    button: { label: 'Sign in', url: input.signinUrl },
  };
}

export function passwordResetMail(input: {
  to: string;
  firstName: string;
  code: string;
  link: string;
}): TMailMessage {
  return {
    to: input.to,
    kind: 'auth.password-reset',
    subject: `Your password reset code: ${input.code}`,
    heading: 'Reset your password',
    bodyHtml:
      `<p>Hi ${escapeHtml(input.firstName)},</p><p>Use this code to choose a new password:</p>` +
      `${codeBlock(input.code)}<p>The code expires in 15 minutes. If you did not ask for it, ignore this mail: ` +
      'your password stays as it is.</p>',
    button: { label: 'Choose a new password', url: input.link },
  };
}

export function passwordChangedMail(input: { to: string; firstName: string }): TMailMessage {
  return {
    to: input.to,
    kind: 'auth.password-changed',
    subject: 'Your password was changed',
    heading: 'Your password was changed',
    bodyHtml:
      `<p>Hi ${escapeHtml(input.firstName)},</p><p>The password of your account was just changed and ` +
      'every other session was signed out. If this was not you, reset your password now.</p>',
  };
}

export function signinCodeMail(input: { to: string; firstName: string; code: string }): TMailMessage {
  return {
    to: input.to,
    kind: 'auth.mf2a-code',
    subject: `Your sign-in code: ${input.code}`,
    heading: 'Your sign-in code',
    bodyHtml:
      `<p>Hi ${escapeHtml(input.firstName)},</p><p>Enter this code to finish signing in:</p>` +
      `${codeBlock(input.code)}<p>The code expires in 10 minutes.</p>`,
  };
}
