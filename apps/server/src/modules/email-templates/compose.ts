import type { TBranding } from '@esigns/contracts/branding';
import type { TRenderedEmail } from '@esigns/contracts/email';
import type { Db } from '../../platform/db/database';
import { renderMailLayout } from '../../platform/mail/mail-layout';
import { findCompanyById } from '../company';
import { brandingOf } from '../company-users';
import { loadEntityDefinition, type EntityDefinition } from '../entities';
import type { RecordRow } from '../entity-data';
import { frameFor } from './frame';
import { entityFieldsByName, type MergeableField } from './merge-fields';
import { companyMerge, recordValues, senderValues } from './merge-values';
import { fillHtml, fillSubject, type MergeValues } from './render';

/*
 * A template made a mail: subject, HTML and plain text, rendered by the company's branded layout
 * (`renderMailLayout`: table layout, inline styles, the company's colours, the text part derived
 * from the same HTML) with the template's header and footer (its own, else the company default).
 * What stays the same for every record of a mailing is loaded once.
 */

export type MailTemplate = {
  name: string;
  subject: string;
  bodyHtml: string;
  entityId: string;
  headerFooterId: string | null;
};

export type MailContext = {
  def: EntityDefinition;
  fields: ReadonlyMap<string, MergeableField>;
  /** Company, sender, today and global variables. */
  shared: MergeValues;
  style: Awaited<ReturnType<typeof companyMerge>>['style'];
  frame: { headerHtml: string; footerHtml: string } | undefined;
  branding: Partial<TBranding>;
  publicUrl: string;
};

/** What every mail of `template` sent by `userId` shares. */
export async function loadMailContext(
  db: Db,
  options: { companyId: string; userId: string | null; publicUrl: string },
  template: Pick<MailTemplate, 'entityId' | 'headerFooterId'>,
): Promise<MailContext> {
  const { companyId } = options;
  const [def, company, sender, frame, row] = await Promise.all([
    loadEntityDefinition(db, companyId, template.entityId),
    companyMerge(db, companyId),
    senderValues(db, options.userId),
    frameFor(db, companyId, template.headerFooterId),
    findCompanyById(db, companyId),
  ]);
  return {
    def,
    fields: entityFieldsByName(def),
    shared: new Map([...company.values, ...sender]),
    style: company.style,
    frame,
    branding: brandingOf(row?.settings ?? {}),
    publicUrl: options.publicUrl,
  };
}

/** The values of one mail: the shared ones and the record's (none for a preview without records). */
function valuesFor(
  context: MailContext,
  record: RecordRow | null,
  linkedTitles: Record<string, string>,
): MergeValues {
  if (!record) return context.shared;
  const own = recordValues(record, {
    fields: context.fields,
    style: context.style,
    linkedTitles,
    publicUrl: context.publicUrl,
  });
  return new Map([...context.shared, ...own]);
}

/** One template rendered for one record. */
export function composeMail(
  context: MailContext,
  template: Pick<MailTemplate, 'name' | 'subject' | 'bodyHtml'>,
  record: RecordRow | null,
  linkedTitles: Record<string, string> = {},
): TRenderedEmail {
  const values = valuesFor(context, record, linkedTitles);
  const filled = fillSubject(template.subject, values);
  // A subject made only of empty merge fields: the template's name, never an empty subject.
  const subject = { out: filled.out || template.name, empty: filled.empty };
  const body = fillHtml(template.bodyHtml, values);
  const header = context.frame ? fillHtml(context.frame.headerHtml, values) : { out: '', empty: [] };
  const footer = context.frame ? fillHtml(context.frame.footerHtml, values) : { out: '', empty: [] };
  const { html, text } = renderMailLayout({
    branding: context.branding,
    heading: subject.out,
    bodyHtml: body.out,
    frame: context.frame ? { header_html: header.out, footer_html: footer.out } : null,
    publicUrl: context.publicUrl,
  });
  const empty = new Set([...subject.empty, ...body.empty, ...header.empty, ...footer.empty]);
  return { subject: subject.out, html, text, empty_fields: [...empty] };
}
