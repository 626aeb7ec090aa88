import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TEmailTemplate, ZEmailTemplateCreate, ZEmailTemplateUpdate } from '@esigns/contracts/email';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import { loadEntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import {
  entityMergeFieldNames,
  frameMergeFieldNames,
  unknownMergeFields,
  usedMergeFields,
} from './merge-fields';
import { allGlobalVariables } from '../global-variables';
import { sanitizeRichText } from './sanitize';
import { emailTemplates } from './schema';
import { findTemplate, toEmailTemplate, withEntityNames, type EmailTemplateRow } from './service';

/*
 * Creating, changing, copying and deleting templates. Rich text is sanitised before it is kept;
 * every merge field must exist (422 naming each unknown one with its path); at most one default
 * header/footer per company (setting one clears the other in the same transaction).
 */

type Create = z.output<typeof ZEmailTemplateCreate>;
type Update = z.output<typeof ZEmailTemplateUpdate>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const ENTITY_ONLY = ['subject', 'body_html', 'header_footer_id'] as const;
const FRAME_ONLY = ['header_html', 'footer_html', 'is_default'] as const;

/** 422 when the texts use merge fields the template may not. */
export async function checkMergeFields(
  db: Db,
  companyId: string,
  entityId: string | null,
  texts: Record<string, string | undefined>,
): Promise<void> {
  const globals = (await allGlobalVariables(db, companyId)).map((v) => ({ key: v.key, label: v.label }));
  const known = entityId
    ? entityMergeFieldNames(await loadEntityDefinition(db, companyId, entityId), globals)
    : frameMergeFieldNames(globals);
  const details = unknownMergeFields(texts, known);
  if (details.length > 0) throw validationError(details, details[0]!.message);
}

/** A header/footer id must be one of the company's HEADER_FOOTER templates (another company's: 404). */
export async function checkFrameId(db: Db, companyId: string, id: string | null | undefined): Promise<void> {
  if (!id) return;
  await findTemplate(db, companyId, id, 'HEADER_FOOTER');
}

/** Makes `id` the company's only default header/footer (the transaction serialises per company). */
async function takeDefault(tx: Tx, companyId: string, id: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-frame-default:${companyId}`}))`);
  await tx
    .update(emailTemplates)
    .set({ isDefault: false })
    .where(
      and(
        eq(emailTemplates.companyId, companyId),
        eq(emailTemplates.isDefault, true),
        ne(emailTemplates.id, id),
      ),
    );
  await tx.update(emailTemplates).set({ isDefault: true }).where(eq(emailTemplates.id, id));
}

/** `POST /entity-email-template/create`. */
export async function createTemplate(db: Db, access: AccessContext, body: Create): Promise<TEmailTemplate> {
  const { companyId, userId } = access;
  const base = { companyId, name: body.name, createdBy: userId, updatedBy: userId };
  if (body.type === 'ENTITY') {
    await checkMergeFields(db, companyId, body.entity_id, {
      subject: body.subject,
      body_html: body.body_html,
    });
    await checkFrameId(db, companyId, body.header_footer_id);
    const bodyHtml = sanitizeRichText(body.body_html);
    const [row] = await db
      .insert(emailTemplates)
      .values({
        ...base,
        type: 'ENTITY',
        entityId: body.entity_id,
        subject: body.subject,
        bodyHtml,
        headerFooterId: body.header_footer_id,
        mergeFields: usedMergeFields(body.subject, bodyHtml),
      })
      .returning();
    return (await withEntityNames(db, companyId, [row!]))[0]!;
  }
  await checkMergeFields(db, companyId, null, {
    header_html: body.header_html,
    footer_html: body.footer_html,
  });
  const [headerHtml, footerHtml] = [sanitizeRichText(body.header_html), sanitizeRichText(body.footer_html)];
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(emailTemplates)
      .values({
        ...base,
        type: 'HEADER_FOOTER',
        headerHtml,
        footerHtml,
        mergeFields: usedMergeFields(headerHtml, footerHtml),
      })
      .returning();
    if (body.is_default) await takeDefault(tx, companyId, created!.id);
    return { ...created!, isDefault: body.is_default };
  });
  return toEmailTemplate(row, null);
}

/** 422 for fields that the template's type does not have. */
function refuseOtherTypeFields(row: EmailTemplateRow, body: Update): void {
  const foreign = row.type === 'ENTITY' ? FRAME_ONLY : ENTITY_ONLY;
  const what = row.type === 'ENTITY' ? 'an entity template' : 'a header and footer template';
  const details: TValidationDetail[] = foreign
    .filter((key) => body[key] !== undefined)
    .map((key) => ({ key, path: [key], message: `Not a field of ${what}` }));
  if (details.length > 0) throw validationError(details, details[0]!.message);
}

/** The row's changed columns from `body` (rich text sanitised, merge fields recomputed). */
function changesOf(row: EmailTemplateRow, body: Update, userId: string): Partial<EmailTemplateRow> {
  const subject = body.subject ?? row.subject;
  const bodyHtml = body.body_html !== undefined ? sanitizeRichText(body.body_html) : row.bodyHtml;
  const headerHtml = body.header_html !== undefined ? sanitizeRichText(body.header_html) : row.headerHtml;
  const footerHtml = body.footer_html !== undefined ? sanitizeRichText(body.footer_html) : row.footerHtml;
  return {
    name: body.name ?? row.name,
    subject,
    bodyHtml,
    headerHtml,
    footerHtml,
    ...(body.header_footer_id !== undefined ? { headerFooterId: body.header_footer_id } : {}),
    mergeFields:
      row.type === 'ENTITY' ? usedMergeFields(subject, bodyHtml) : usedMergeFields(headerHtml, footerHtml),
    updatedBy: userId,
    updatedAt: new Date(),
  };
}

/** `PATCH /entity-email-template/update`: the fields sent; the type cannot change. */
export async function updateTemplate(db: Db, access: AccessContext, body: Update): Promise<TEmailTemplate> {
  const { companyId, userId } = access;
  const row = await findTemplate(db, companyId, body.id);
  refuseOtherTypeFields(row, body);
  if (body.header_footer_id === row.id) {
    throw validationError([
      { key: 'header_footer_id', path: ['header_footer_id'], message: 'Choose a header and footer template' },
    ]);
  }
  await checkMergeFields(db, companyId, row.type === 'ENTITY' ? row.entityId : null, {
    subject: body.subject,
    body_html: body.body_html,
    header_html: body.header_html,
    footer_html: body.footer_html,
  });
  await checkFrameId(db, companyId, body.header_footer_id);
  const updated = await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(emailTemplates)
      .set(changesOf(row, body, userId))
      .where(eq(emailTemplates.id, row.id))
      .returning();
    if (!changed) throw new AppError('NOT_FOUND', { message: 'Email template not found' });
    if (body.is_default === true) await takeDefault(tx, companyId, row.id);
    if (body.is_default === false) {
      await tx.update(emailTemplates).set({ isDefault: false }).where(eq(emailTemplates.id, row.id));
    }
    return { ...changed, isDefault: body.is_default ?? changed.isDefault };
  });
  return (await withEntityNames(db, companyId, [updated]))[0]!;
}

const copyName = (name: string): string => `Copy of ${name}`.slice(0, 120);

/** `POST /entity-email-template/duplicate`: "Copy of ..." (a header/footer copy is never the default). */
export async function duplicateTemplate(db: Db, access: AccessContext, id: string): Promise<TEmailTemplate> {
  const row = await findTemplate(db, access.companyId, id);
  const [copy] = await db
    .insert(emailTemplates)
    .values({
      companyId: row.companyId,
      type: row.type,
      name: copyName(row.name),
      entityId: row.entityId,
      subject: row.subject,
      bodyHtml: row.bodyHtml,
      headerFooterId: row.headerFooterId,
      headerHtml: row.headerHtml,
      footerHtml: row.footerHtml,
      isDefault: false,
      mergeFields: row.mergeFields,
      createdBy: access.userId,
      updatedBy: access.userId,
    })
    .returning();
  return (await withEntityNames(db, access.companyId, [copy!]))[0]!;
}

/**
 * `DELETE entity-email-template/delete/{id}`. A header/footer in use is deleted all the same: the
 * templates naming it fall back to the company's default (the foreign key sets them null).
 */
export async function deleteTemplate(db: Db, access: AccessContext, id: string): Promise<void> {
  const row = await findTemplate(db, access.companyId, id);
  await db.delete(emailTemplates).where(eq(emailTemplates.id, row.id));
}
