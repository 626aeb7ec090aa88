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

function fill(text: string, values: MergeValues, put: (value: string) => string): Filled {
  const empty = new Set<string>();
  const out = text.replace(new RegExp(MERGE_FIELD_PATTERN.source, 'g'), (_whole, name: string) => {
    const value = values.get(name) ?? '';
    if (value === '') empty.add(name);
    return put(value);
  });
  return { out, empty: [...empty] };
}

/** Plain text (the subject): values as they are, on one line. */
export function fillSubject(text: string, values: MergeValues): Filled {
  const filled = fill(text, values, (value) => value);
  return { out: filled.out.replace(/\s*[\r\n]+\s*/g, ' ').trim(), empty: filled.empty };
}

/**
 * Sanitised HTML (a template's body, header or footer): values HTML-escaped, their line breaks as
 * `<br>`. Merge fields inside a tag (a link's address) are checked again by the sanitiser once
 * filled, so a value cannot become a `javascript:` link.
 */
export function fillHtml(html: string, values: MergeValues): Filled {
  const filled = fill(html, values, (value) => escapeHtml(value).replace(/\r?\n/g, '<br>'));
  return hasMergeFieldInTag(html) ? { out: sanitizeRichText(filled.out), empty: filled.empty } : filled;
}
