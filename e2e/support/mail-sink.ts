import { expect } from '@playwright/test';
import { smtpSinkURL } from '../playwright.config';

/** A mail the app delivered over SMTP to the sink (e2e/support/smtp-sink.mjs). */
export type SinkMail = { to: string[]; subject: string; text: string; received_at: string };

/** Waits until the sink holds a mail to `to` whose subject matches, and answers the newest. */
export async function waitForDeliveredMail(to: string, subject: RegExp): Promise<SinkMail> {
  let found: SinkMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${smtpSinkURL}/messages?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as SinkMail[];
        found = mails.filter((mail) => subject.test(mail.subject)).at(-1);
        return Boolean(found);
      },
      { timeout: 30_000, message: `a mail to ${to} matching ${subject}` },
    )
    .toBe(true);
  return found as SinkMail;
}

/** The links of a delivered mail that lead into the app at `baseURL`. */
export function appLinksOf(mail: SinkMail, baseURL: string): string[] {
  const links = new Set<string>();
  for (const match of mail.text.matchAll(/href="([^"]+)"/g)) {
    const href = (match[1] ?? '').replace(/&amp;/g, '&');
    if (href.startsWith(baseURL)) links.add(href);
  }
  return [...links];
}
