import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_RECORD_MAILS, type TRecordMailBatch, type ZRecordMailRequest } from '@esigns/contracts/email';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import { notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { loadEntityDefinition, type EntityDefinition } from '../entities';
import { existingRecordIds, recordIdsMatching } from '../entity-data';
import type { AccessContext } from '../permissions';
import { addressField } from './merge-fields';
import { RECORD_MAIL_JOB, type TRecordMailJob } from './record-mail-job';
import { recordMailBatches, recordMails } from './schema';
import { findTemplate } from './service';

/*
 * `POST /entities/emails`: records of an entity mailed with one of its templates. The batch and one
 * `record_mails` row per record are written in one transaction with the first chunk's job
 * (record-mail-job.ts), so a mailing either exists whole or not at all.
 */

type MailRequest = z.output<typeof ZRecordMailRequest>;
type BatchRow = typeof recordMailBatches.$inferSelect;

const ROWS_PER_INSERT = 1_000;

export function toBatch(row: BatchRow): TRecordMailBatch {
  return { batch_id: row.id, status: row.status, total: row.total, queued: row.queued, skipped: row.skipped };
}

const invalid = (key: string, message: string) => validationError([{ key, path: [key], message }], message);

/** The records mailed: the ids sent (each of the entity: else 422 naming them), or every match. */
async function recordIdsOf(
  platform: Platform,
  access: AccessContext,
  def: EntityDefinition,
  body: MailRequest,
) {
  const db = platform.database.db;
  if (body.all) {
    const matching = {
      filter_id: body.filter_id,
      filters: body.filters,
      base_filters: body.base_filters,
      search: body.search || undefined,
    };
    const ids = await recordIdsMatching(db, access, def, matching, MAX_RECORD_MAILS + 1);
    if (ids.length === 0) throw invalid('all', 'No records match: nothing to mail');
    if (ids.length > MAX_RECORD_MAILS) {
      throw invalid(
        'all',
        `More than ${MAX_RECORD_MAILS.toLocaleString('en')} records: narrow them with a filter`,
      );
    }
    return ids;
  }
  const ids = [...new Set(body.record_ids ?? [])];
  const found = await existingRecordIds(db, def, ids);
  const details: TValidationDetail[] = (body.record_ids ?? []).flatMap((id, index) =>
    found.has(id)
      ? []
      : [{ key: `record_ids.${index}`, path: ['record_ids', index], message: 'Not a record of this entity' }],
  );
  if (details.length > 0) {
    // At most 200 named (as imports do): the message counts them all.
    throw validationError(
      details.slice(0, 200),
      `${details.length} of the records are not records of this entity`,
    );
  }
  return ids;
}

export async function startRecordMails(
  platform: Platform,
  access: AccessContext,
  body: MailRequest,
): Promise<TRecordMailBatch> {
  const db = platform.database.db;
  const template = await findTemplate(db, access.companyId, body.template_id, 'ENTITY');
  const def = await loadEntityDefinition(db, access.companyId, body.entity_id);
  if (template.entityId !== def.row.id) throw invalid('template_id', 'This template is for another entity');
  if (!addressField(def, body.to_field ?? null)) {
    throw invalid(
      'to_field',
      body.to_field ? 'Choose an email field of this entity' : 'This entity has no email field',
    );
  }
  const ids = await recordIdsOf(platform, access, def, body);
  const batch = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(recordMailBatches)
      .values({
        companyId: access.companyId,
        entityId: def.row.id,
        templateId: template.id,
        templateName: template.name,
        toField: body.to_field ?? null,
        cc: body.cc,
        total: ids.length,
        createdBy: access.userId,
      })
      .returning();
    for (let start = 0; start < ids.length; start += ROWS_PER_INSERT) {
      const slice = ids.slice(start, start + ROWS_PER_INSERT);
      await tx
        .insert(recordMails)
        .values(slice.map((recordId, i) => ({ batchId: row!.id, position: start + i, recordId })));
    }
    await platform.jobs.send<TRecordMailJob>(RECORD_MAIL_JOB, { batch_id: row!.id, chunk: 0 }, { tx });
    return row!;
  });
  platform.jobs.wake(RECORD_MAIL_JOB);
  return toBatch(batch);
}

/** `GET /entities/emails/{batch_id}`: a mailing's progress (another company's: 404). */
export async function recordMailBatch(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TRecordMailBatch> {
  if (!isUuid(id)) throw notFound('Mailing');
  const [row] = await platform.database.db
    .select()
    .from(recordMailBatches)
    .where(and(eq(recordMailBatches.id, id), eq(recordMailBatches.companyId, access.companyId)))
    .limit(1);
  if (!row) throw notFound('Mailing');
  return toBatch(row);
}
