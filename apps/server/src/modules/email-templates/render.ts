import { MERGE_FIELD_PATTERN } from '@esigns/contracts/email';
import { escapeHtml } from '../../platform/mail/mail-layout';
import { hasMergeFieldInTag, sanitizeRichText } from './sanitize';

/*
 * Merge fields filled with a mail's values (already text for people: merge-values.ts). A field
 * with no value (or one unknown by now: its field was removed since the template was saved)
 * becomes nothing, never `{{...}}`.
 */

/** Merge name -> the value as text ('' when empty). */
export type MergeValues = ReadonlyMap<string, string>;

export type Filled = { out: string; empty: string[] };

function fill(
  text: string,
  values: MergeValues,
  put: (value: string, name: string, at: number) => string,
): Filled {
  const empty = new Set<string>();
  const out = text.replace(
    new RegExp(MERGE_FIELD_PATTERN.source, 'g'),
    (_whole, name: string, at: number) => {
      const value = values.get(name) ?? '';
      if (value === '') empty.add(name);
      return put(value, name, at);
    },
  );
  return { out, empty: [...empty] };
}

/** Merge fields whose value is an address of ours, made a link where they stand as text. */
const LINKED_FIELDS: ReadonlySet<string> = new Set(['record.url']);

/** Whether position `at` of `html` is text outside any tag and outside a link. */
function isLinkableText(html: string, at: number): boolean {
  const before = html.slice(0, at);
  if (before.lastIndexOf('<') > before.lastIndexOf('>')) return false;
  const lower = before.toLowerCase();
  const opened = Math.max(lower.lastIndexOf('<a '), lower.lastIndexOf('<a>'));
  return opened < 0 || lower.lastIndexOf('</a>') > opened;
}

/** Plain text (the subject): values as they are, on one line. */
export function fillSubject(text: string, values: MergeValues): Filled {
  const filled = fill(text, values, (value) => value);
  return { out: filled.out.replace(/\s*[\r\n]+\s*/g, ' ').trim(), empty: filled.empty };
}

/**
 * Sanitised HTML (a template's body, header or footer): values HTML-escaped, their line breaks as
 * `<br>`; `{{record.url}}` standing as text (not in a tag, not inside a link) becomes a link to itself. Merge fields inside a tag (a link's address) are checked again by the sanitiser once
 * filled, so a value cannot become a `javascript:` link.
 */
export function fillHtml(html: string, values: MergeValues): Filled {
  const filled = fill(html, values, (value, name, at) => {
    const text = escapeHtml(value).replace(/\r?\n/g, '<br>');
    return value && LINKED_FIELDS.has(name) && isLinkableText(html, at)
      ? `<a href="${text}" target="_blank" rel="noopener noreferrer">${text}</a>`
      : text;
  });
  return hasMergeFieldInTag(html) ? { out: sanitizeRichText(filled.out), empty: filled.empty } : filled;
}
