import { and, asc, eq } from 'drizzle-orm';
import type { TRenderedEmail } from '@esigns/contracts/email';
import type { Db } from '../../platform/db/database';
import { recordsWithLinks } from '../entity-data';
import { composeMail, loadMailContext } from './compose';
import { emailTemplates } from './schema';
import { findTemplate } from './service';

/*
 * An entity template rendered for one record, for other modules that mail on their own
 * (automation pipelines): they queue the mail themselves, in their own transaction.
 */

/** The company's ENTITY template (404 otherwise): its id, name and entity. */
export async function findEntityEmailTemplate(db: Db, companyId: string, id: string) {
  const row = await findTemplate(db, companyId, id, 'ENTITY');
  return { id: row.id, name: row.name, entityId: row.entityId };
}

/** The entity's templates by name (pickers). */
export async function entityEmailTemplates(db: Db, companyId: string, entityId: string) {
  return db
    .select({ id: emailTemplates.id, name: emailTemplates.name })
    .from(emailTemplates)
    .where(
      and(
        eq(emailTemplates.companyId, companyId),
        eq(emailTemplates.entityId, entityId),
        eq(emailTemplates.type, 'ENTITY'),
      ),
    )
    .orderBy(asc(emailTemplates.name));
}

/**
 * The template rendered for the record (`recordId` null or gone: record fields empty), as sent by
 * `userId` (`{{user.*}}`). 404 when the template is not the company's ENTITY template.
 */
export async function renderTemplateMail(
  db: Db,
  options: { companyId: string; userId: string | null; publicUrl: string },
  templateId: string,
  recordId: string | null,
): Promise<TRenderedEmail & { template: { id: string; name: string } }> {
  const template = await findTemplate(db, options.companyId, templateId, 'ENTITY');
  const context = await loadMailContext(db, options, {
    entityId: template.entityId!,
    headerFooterId: template.headerFooterId,
  });
  const { rows, linkedTitles } = recordId
    ? await recordsWithLinks(db, context.def, [recordId])
    : { rows: [], linkedTitles: {} };
  const mail = composeMail(context, template, rows[0] ?? null, linkedTitles);
  return { ...mail, template: { id: template.id, name: template.name } };
}
