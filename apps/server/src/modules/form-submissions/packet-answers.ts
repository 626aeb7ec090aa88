import { and, eq, isNull } from 'drizzle-orm';
import { formatCalendarDate, formatDateTimeIn, type TDateStyle } from '@esigns/contracts/dates';
import type { TSubmissionStatus } from '@esigns/contracts/form-builders';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { valueText } from '@esigns/contracts/nocode-value-text';
import type { Db } from '../../platform/db/database';
import { unlessAppError } from '../../platform/http/app-error';
import { findFormBuilder } from '../form-builders';
import { formSubmissions } from './schema';
import { dataSteps, type StepWithFields } from './template-data-query';
import { fileRefsIn } from './uploads-keys';

/*
 * One submission as a packet shows it (workflows' ZIP download): its questions and answers in the
 * form's order, as text, and the files its answers hold. Read-only; the caller prints it.
 */

export type PacketAnswer = { question: string; answer: string };
export type PacketFile = { key: string; name: string; mimeType: string; step: string; question: string };

export type SubmissionPacket = {
  formName: string;
  status: TSubmissionStatus;
  fillerName: string;
  fillerEmail: string | null;
  submittedAt: Date | null;
  sections: { step: string; answers: PacketAnswer[] }[];
  files: PacketFile[];
};

const stripHtml = (html: string): string =>
  html
    .replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

function answerText(field: TFormField, value: unknown, dates: TDateStyle): string {
  if (field.type === 'FILE' || field.type === 'IMAGE') {
    return fileRefsIn(value)
      .map((f) => f.ref.name)
      .join(', ');
  }
  if (field.type === 'RICH_TEXT' && typeof value === 'string') return stripHtml(value);
  return valueText(field, value, {
    formatDate: (v) => formatCalendarDate(v, dates.format),
    formatDateTime: (v) => formatDateTimeIn(v, { format: dates.format, zone: dates.zone, withZone: true }),
  });
}

function filesOf(step: StepWithFields, values: Record<string, unknown>): PacketFile[] {
  return step.fields.flatMap((field) =>
    field.type === 'FILE' || field.type === 'IMAGE'
      ? fileRefsIn(values[field.key]).map(({ ref }) => ({
          key: ref.file_ref_id,
          name: ref.name,
          mimeType: ref.mime_type,
          step: step.step.name,
          question: field.label || field.key,
        }))
      : [],
  );
}

/**
 * The company's submission `id` (not deleted) as a packet prints it, or null when there is none.
 * Questions follow the form's TEMPLATE and ENTITY steps and their fields in order; steps the filler
 * never reached are left out. A form deleted since lists the stored answers by field key.
 */
export async function submissionForPacket(
  db: Db,
  companyId: string,
  id: string,
  dates: TDateStyle,
): Promise<SubmissionPacket | null> {
  const live = and(eq(formSubmissions.companyId, companyId), isNull(formSubmissions.deletedAt));
  const [row] = await db
    .select({
      formBuilderId: formSubmissions.formBuilderId,
      status: formSubmissions.status,
      fillerName: formSubmissions.fillerName,
      fillerEmail: formSubmissions.fillerEmail,
      values: formSubmissions.values,
      submittedAt: formSubmissions.submittedAt,
    })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.id, id), live));
  if (!row) return null;
  const form = await unlessAppError(findFormBuilder(db, companyId, row.formBuilderId));
  const steps = form ? await dataSteps(db, form) : [];
  const sections: SubmissionPacket['sections'] = [];
  const files: PacketFile[] = [];
  for (const step of steps) {
    const values = row.values[step.step.id];
    if (!values) continue;
    sections.push({
      step: step.step.name,
      answers: step.fields.map((field) => ({
        question: field.label || field.key,
        answer: answerText(field, values[field.key], dates),
      })),
    });
    files.push(...filesOf(step, values));
  }
  if (!form) {
    for (const [stepId, values] of Object.entries(row.values)) {
      sections.push({
        step: stepId,
        answers: Object.entries(values).map(([key, value]) => ({
          question: key,
          answer: typeof value === 'string' ? value : JSON.stringify(value),
        })),
      });
      files.push(
        ...fileRefsIn(values).map(({ ref, path }) => ({
          key: ref.file_ref_id,
          name: ref.name,
          mimeType: ref.mime_type,
          step: stepId,
          question: String(path[0] ?? ''),
        })),
      );
    }
  }
  return {
    formName: form?.name ?? 'Form',
    status: row.status,
    fillerName: row.fillerName,
    fillerEmail: row.fillerEmail,
    submittedAt: row.submittedAt,
    sections,
    files,
  };
}
