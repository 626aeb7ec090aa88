import type { Db } from '../../platform/db/database';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { Platform } from '../../platform/platform';
import { findCompanyById } from '../company';
import { brandingOf } from '../company-users';
import { findContactsByIds } from '../contacts';

type Decided = { name: string; contactId: string | null };
export type FileDecision = { status: 'APPROVED' } | { status: 'REJECTED'; reason: string };

/**
 * Tells each contact whose uploads were just decided what became of them: one mail per contact
 * and decision (the files named, the reason of a rejection), with a link to their files in the
 * contact area. Queued in the decision's transaction: a decision that rolls back mails nothing,
 * a committed one is mailed exactly once (the mail queue's job). Staff uploads mail nobody.
 */
export async function queueDecisionMails(
  platform: Platform,
  tx: Db,
  companyId: string,
  files: readonly Decided[],
  decision: FileDecision,
): Promise<void> {
  const byContact = new Map<string, string[]>();
  for (const file of files) {
    if (file.contactId) byContact.set(file.contactId, [...(byContact.get(file.contactId) ?? []), file.name]);
  }
  if (byContact.size === 0) return;
  const company = await findCompanyById(tx, companyId);
  if (!company) return;
  const people = await findContactsByIds(tx, companyId, [...byContact.keys()]);
  const link = `${platform.config.publicUrl}/ap/files`;
  for (const person of people) {
    const names = byContact.get(person.id) ?? [];
    if (!person.email || names.length === 0) continue;
    await platform.mail.queue(
      {
        to: person.email,
        branding: brandingOf(company.settings),
        ...decisionMail(company.name, person.firstName, names, decision, link),
      },
      { tx, companyId },
    );
  }
}

/** The subject, heading, body and button of one contact's decision mail. */
export function decisionMail(
  companyName: string,
  firstName: string | null,
  names: readonly string[],
  decision: FileDecision,
  link: string,
) {
  const approved = decision.status === 'APPROVED';
  const what = names.length === 1 ? `Your file ${names[0]}` : `${names.length} of your files`;
  const list = `<ul>${names.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}</ul>`;
  const reason = approved ? '' : `<p>The reason given: ${escapeHtml(decision.reason)}</p>`;
  return {
    kind: approved ? 'files.approved' : 'files.rejected',
    subject: `${what} ${approved ? 'accepted' : 'not accepted'} by ${companyName}`,
    heading: approved ? 'Files accepted' : 'Files not accepted',
    bodyHtml:
      `<p>Hi${firstName ? ` ${escapeHtml(firstName)}` : ''},</p>` +
      `<p>${escapeHtml(companyName)} ${approved ? 'accepted' : 'did not accept'} ` +
      `${names.length === 1 ? 'the file you uploaded' : 'these files you uploaded'}:</p>${list}${reason}` +
      (approved ? '' : '<p>You can upload a corrected file from your files.</p>'),
    button: { label: 'Open your files', url: link },
  };
}
