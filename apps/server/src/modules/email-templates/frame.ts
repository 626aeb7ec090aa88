import { and, eq } from 'drizzle-orm';
import { mergeFieldsOf } from '@esigns/contracts/email';
import type { Db } from '../../platform/db/database';
import { companyMerge } from './merge-values';
import { fillHtml } from './render';
import { emailTemplates } from './schema';

/*
 * Header/footer templates around mails: an entity template's own, else the company's default
 * (also what product mails carry, through `companyMailFrame`).
 */

export type MailFrame = { header_html: string; footer_html: string };

type FrameRow = { headerHtml: string; footerHtml: string };

const frameColumns = { headerHtml: emailTemplates.headerHtml, footerHtml: emailTemplates.footerHtml };

/** The company's default header/footer template, if it has one. */
async function defaultFrame(db: Pick<Db, 'select'>, companyId: string): Promise<FrameRow | undefined> {
  const [row] = await db
    .select(frameColumns)
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.companyId, companyId),
        eq(emailTemplates.type, 'HEADER_FOOTER'),
        eq(emailTemplates.isDefault, true),
      ),
    )
    .limit(1);
  return row;
}

/** The frame a template names (its company's HEADER_FOOTER), else the company default. */
export async function frameFor(
  db: Pick<Db, 'select'>,
  companyId: string,
  headerFooterId: string | null,
): Promise<FrameRow | undefined> {
  if (headerFooterId) {
    const [own] = await db
      .select(frameColumns)
      .from(emailTemplates)
      .where(
        and(
          eq(emailTemplates.id, headerFooterId),
          eq(emailTemplates.companyId, companyId),
          eq(emailTemplates.type, 'HEADER_FOOTER'),
        ),
      )
      .limit(1);
    if (own) return own;
  }
  return defaultFrame(db, companyId);
}

/**
 * The company's default header and footer (sanitised when saved), their merge fields filled with
 * the company's values (`company.*`, `today`, `global.*`: a frame may use no others); null when the
 * company has no default. For the mails of the product (mail-config).
 */
export async function companyMailFrame(db: Pick<Db, 'select'>, companyId: string): Promise<MailFrame | null> {
  const row = await defaultFrame(db, companyId);
  if (!row) return null;
  if (mergeFieldsOf(row.headerHtml + row.footerHtml).length === 0) {
    return { header_html: row.headerHtml, footer_html: row.footerHtml };
  }
  const { values } = await companyMerge(db, companyId);
  return {
    header_html: fillHtml(row.headerHtml, values).out,
    footer_html: fillHtml(row.footerHtml, values).out,
  };
}
