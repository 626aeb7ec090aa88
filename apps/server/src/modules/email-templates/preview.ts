import type { z } from 'zod';
import type { TRenderedEmail, ZEmailTemplatePreviewRequest } from '@esigns/contracts/email';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { EntityDefinition } from '../entities';
import { recordIdsMatching, recordsWithLinks, type RecordRow } from '../entity-data';
import type { AccessContext } from '../permissions';
import { composeMail, loadMailContext, type MailTemplate } from './compose';
import { sanitizeRichText } from './sanitize';
import { findTemplate } from './service';
import { checkFrameId, checkMergeFields } from './write-service';

/*
 * `POST /entity-email-template/preview`: a saved template (or the editor's unsaved draft) rendered
 * with a real record of its entity: the one asked for, else the newest the caller sees; with no
 * record at all, record fields render empty. `send_to_me` also mails the result to the caller.
 */

type PreviewBody = z.output<typeof ZEmailTemplatePreviewRequest>;
type PreviewSource = MailTemplate & { id: string | null };

/** The template to render: a saved ENTITY template, or the draft checked as saving would check it. */
async function previewSource(
  platform: Platform,
  companyId: string,
  body: PreviewBody,
): Promise<PreviewSource> {
  const db = platform.database.db;
  if (body.id) {
    const row = await findTemplate(db, companyId, body.id, 'ENTITY');
    return {
      id: row.id,
      name: row.name,
      subject: row.subject,
      bodyHtml: row.bodyHtml,
      entityId: row.entityId!,
      headerFooterId: row.headerFooterId,
    };
  }
  const draft = body.draft!;
  await checkMergeFields(db, companyId, draft.entity_id, {
    subject: draft.subject,
    body_html: draft.body_html,
  });
  await checkFrameId(db, companyId, draft.header_footer_id);
  return {
    id: null,
    name: 'Preview',
    subject: draft.subject,
    bodyHtml: sanitizeRichText(draft.body_html),
    entityId: draft.entity_id,
    headerFooterId: draft.header_footer_id,
  };
}

/** The record asked for (404 when not the entity's), else the newest one the caller sees, else none. */
async function previewRecord(
  platform: Platform,
  access: AccessContext,
  def: EntityDefinition,
  recordId: string | undefined,
): Promise<{ record: RecordRow | null; linkedTitles: Record<string, string> }> {
  const db = platform.database.db;
  const ids = recordId ? [recordId] : await recordIdsMatching(db, access, def, {}, 1);
  const { rows, linkedTitles } = await recordsWithLinks(db, def, ids);
  if (recordId && rows.length === 0) throw notFound('Record');
  return { record: rows[0] ?? null, linkedTitles };
}

export async function previewTemplate(
  platform: Platform,
  access: AccessContext,
  body: PreviewBody,
): Promise<TRenderedEmail> {
  const db = platform.database.db;
  const template = await previewSource(platform, access.companyId, body);
  const context = await loadMailContext(
    db,
    { companyId: access.companyId, userId: access.userId, publicUrl: platform.config.publicUrl },
    template,
  );
  const { record, linkedTitles } = await previewRecord(platform, access, context.def, body.record_id);
  const rendered = composeMail(context, template, record, linkedTitles);
  const to = context.shared.get('user.email');
  if (body.send_to_me && to) {
    await platform.mail.queue(
      {
        to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        kind: 'entity.email.test',
        ...(template.id ? { template: { id: template.id, name: template.name } } : {}),
      },
      { companyId: access.companyId },
    );
  }
  return rendered;
}
