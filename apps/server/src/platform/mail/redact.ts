import { escapeHtml, REDACTED_CODE, REDACTED_LINK } from './mail-layout';

/*
 * The email log (what a company's admins read) must never show a secret meant for the
 * recipient: signing links, invitation and reset links, one-time codes. The mail service renders
 * every mail twice at queue time, the second time with these values replaced, and stores both;
 * the log only ever reads the second. Three layers, so that one slip does not leak:
 *   1. values a mail declares secret (`TMailMessage.secrets`) are replaced wherever they occur,
 *      raw, HTML-escaped or URL-encoded;
 *   2. every http(s) link is replaced, the button's included (the mail service renders the
 *      button itself): the log has no use for a link, and product links carry tokens;
 *   3. every standalone six-digit number is replaced: the product's one-time codes all have
 *      that form (`sixDigitCode`), and a mail that forgot to declare its code is still safe.
 * Afterwards the result is checked: if a declared secret or the button's link is still in it,
 * no redacted rendering is stored at all and the log shows no body.
 */

const URL_PATTERN = /\bhttps?:\/\/[^\s"'<>]+/gi;
// Not part of a longer number or word, and not a colour (`#123456`) or a character reference (`&#123456;`).
const CODE_PATTERN = /(?<![\w#])\d{6}(?!\w)/g;

/** The forms a secret may take inside a mail's subject, HTML or text. */
function formsOf(secret: string): string[] {
  return [...new Set([secret, escapeHtml(secret), encodeURIComponent(secret)])].filter((f) => f !== '');
}

function placeholderOf(secret: string): string {
  return /^https?:\/\//i.test(secret) || secret.length > 12 ? REDACTED_LINK : REDACTED_CODE;
}

/** `value` with the declared secrets, every http(s) link and every six-digit code replaced. */
export function redactSecrets(value: string, secrets: readonly string[]): string {
  let out = value;
  // Longest first, so that a link is replaced whole before a token inside it.
  for (const secret of [...secrets].filter((s) => s.trim() !== '').sort((a, b) => b.length - a.length)) {
    for (const form of formsOf(secret)) out = out.split(form).join(placeholderOf(secret));
  }
  return out.replace(URL_PATTERN, REDACTED_LINK).replace(CODE_PATTERN, REDACTED_CODE);
}

/** True when none of the secrets (in any of its forms) is left in any of the values. */
export function isFreeOfSecrets(values: readonly string[], secrets: readonly string[]): boolean {
  const forms = secrets.filter((s) => s.trim() !== '').flatMap(formsOf);
  return values.every((value) => forms.every((form) => !value.includes(form)));
}
