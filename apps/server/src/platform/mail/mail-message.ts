import { z } from 'zod';
import type { TBranding } from '@esigns/contracts/branding';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { validationError } from '../http/app-error';
import { htmlToText, renderMailLayout, type TMailButton, type TMailFrame } from './mail-layout';
import { isFreeOfSecrets, redactSecrets } from './redact';

export type TMailAttachment = { filename: string; storageKey: string; contentType: string };

export type TMailMessage = {
  to: string | string[];
  cc?: string[];
  subject: string;
  /** Used as given when there is no `bodyHtml`. */
  html?: string;
  /** Derived from the HTML when missing. */
  text?: string;
  /** What the mail is about (e.g. `document.sent`); shown and filterable in the Outbox and the email log. */
  kind?: string;
  /** The entity email template the mail was made from: the email log shows its name and filters by its id. */
  template?: { id: string; name: string };
  branding?: Partial<TBranding>;
  /** Defaults to the subject. */
  heading?: string;
  /** Trusted HTML built by our code (escape every user value in it): rendered inside the branded layout. */
  bodyHtml?: string;
  button?: TMailButton;
  preheader?: string;
  /**
   * The header and footer around a `bodyHtml` mail. Left out: the company's default one (the
   * registered frame resolver, for a mail queued with `companyId`); `null`: none.
   */
  frame?: TMailFrame | null;
  attachments?: TMailAttachment[];
  /**
   * Values only the recipient may see (one-time codes, tokens, links with tokens). They never
   * reach the email log: see `redact.ts`. Links and six-digit codes are redacted even when not
   * declared, but declare them anyway.
   */
  secrets?: string[];
};

/** The `email_logs` columns a message becomes (the row's own columns aside). */
export type TPreparedMail = {
  to: string[];
  cc: string[];
  subject: string;
  html: string;
  text: string;
  redactedSubject: string;
  redactedHtml: string | null;
  redactedText: string | null;
  kind: string;
  templateId: string | null;
  templateName: string | null;
  attachments: TMailAttachment[] | null;
};

const ZAddress = z.email();

/** Throws VALIDATION_FAILED (key `to`, `cc`, `subject`, ...) for a message that cannot be sent. */
export function checkMessage(message: TMailMessage): { to: string[]; cc: string[]; subject: string } {
  const details: TValidationDetail[] = [];
  const to = normaliseAddresses(message.to, 'to', details);
  const cc = normaliseAddresses(message.cc ?? [], 'cc', details);
  if (to.length === 0 && !details.some((d) => d.key === 'to')) {
    details.push({ key: 'to', message: 'At least one recipient is required', path: ['to'] });
  }
  // Line breaks in a subject would end the header.
  const subject = message.subject.replace(/[\r\n]+/g, ' ').trim();
  if (!subject) details.push({ key: 'subject', message: 'Subject is required', path: ['subject'] });
  if (message.bodyHtml === undefined && !message.html && !message.text) {
    details.push({
      key: 'bodyHtml',
      message: 'Mail has no content (bodyHtml, html or text)',
      path: ['bodyHtml'],
    });
  }
  if (message.button && !/^https?:\/\//i.test(message.button.url)) {
    details.push({
      key: 'button.url',
      message: 'Button link must be an http(s) URL',
      path: ['button', 'url'],
    });
  }
  (message.attachments ?? []).forEach((a, i) => {
    for (const field of ['filename', 'storageKey', 'contentType'] as const) {
      if (!a[field].trim()) {
        details.push({
          key: `attachments.${i}.${field}`,
          message: `${field} is required`,
          path: ['attachments', i, field],
        });
      }
    }
  });
  const first = details[0];
  if (first) throw validationError(details, first.message);
  return { to, cc, subject };
}

/**
 * Renders a checked message twice: as sent, and the email log's copy with every secret replaced
 * (see redact.ts). `safe` false: a secret survived redaction, so the log gets no body.
 */
export function renderMessage(
  message: TMailMessage,
  checked: { to: string[]; cc: string[]; subject: string },
  publicUrl: string,
): TPreparedMail & { safe: boolean } {
  const { subject } = checked;
  const { html, text } = renderParts(message, subject, null, publicUrl);
  const secrets = [...(message.secrets ?? []), ...(message.button ? [message.button.url] : [])];
  const redact = (value: string): string => redactSecrets(value, secrets);
  const redacted = renderParts(message, subject, redact, publicUrl);
  const redactedSubject = redact(subject);
  const safe = isFreeOfSecrets([redactedSubject, redacted.html, redacted.text], secrets);
  const kind = message.kind?.trim() || 'generic';
  return {
    ...checked,
    html,
    text,
    // The subject is shown in every list: when unsafe, the log shows the kind instead.
    redactedSubject: safe ? redactedSubject : `[redacted] ${message.kind?.trim() || 'mail'}`,
    redactedHtml: safe ? redacted.html : null,
    redactedText: safe ? redacted.text : null,
    kind,
    templateId: message.template?.id ?? null,
    templateName: message.template?.name.trim() || null,
    attachments: message.attachments?.length ? message.attachments : null,
    safe,
  };
}

/** The mail's HTML and text: as sent, or (with `redact`) with it applied to every value a caller gave. */
function renderParts(
  message: TMailMessage,
  subject: string,
  redact: ((value: string) => string) | null,
  publicUrl: string,
): { html: string; text: string } {
  const map = redact ?? ((value: string) => value);
  if (message.bodyHtml !== undefined) {
    const frame = message.frame
      ? { header_html: map(message.frame.header_html), footer_html: map(message.frame.footer_html) }
      : null;
    const rendered = renderMailLayout({
      branding: message.branding ?? {},
      heading: map(message.heading ?? subject),
      bodyHtml: map(message.bodyHtml),
      publicUrl,
      redactButtonLink: redact !== null,
      frame,
      ...(message.button ? { button: message.button } : {}),
      ...(message.preheader ? { preheader: map(message.preheader) } : {}),
    });
    return { html: rendered.html, text: message.text !== undefined ? map(message.text) : rendered.text };
  }
  // A text-only mail stays text-only: html '' means "no HTML part".
  const html = map(message.html ?? '');
  return { html, text: message.text !== undefined ? map(message.text) : htmlToText(html) };
}

function normaliseAddresses(value: string | string[], key: string, details: TValidationDetail[]): string[] {
  const list = (Array.isArray(value) ? value : [value])
    .flatMap((v) => (typeof v === 'string' ? v.split(',') : [String(v)]))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  for (const address of list) {
    if (!ZAddress.safeParse(address).success) {
      details.push({ key, message: `"${address}" is not a valid email address`, path: [key] });
    }
  }
  return [...new Set(list)];
}
