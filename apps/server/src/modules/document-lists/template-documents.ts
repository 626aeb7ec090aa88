import { sql } from 'drizzle-orm';
import {
  DOCUMENT_LIST_MAX_LIMIT,
  type TDocumentListItem,
  type TDocumentListQuery,
} from '@esigns/contracts/document-lists';
import type { TDocumentListFilter, TField } from '@esigns/contracts/documents';
import { isImageField } from '@esigns/contracts/field-values';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  canSeeTemplate,
  fieldsOfDocuments,
  findConfigurable,
  requireSlug,
  type ConfigurableRow,
} from '../documents';
import type { AccessContext } from '../permissions';
import { fieldValuesOf } from '../signing';
import { listDocuments } from './list-service';

/*
 * The documents sent from one template and the data collected in them (spec 2 §7 "Documents":
 * `POST /documents/template-documents`, `GET /documents/template-documents-data/{id}`; the spec's
 * "Employee template data"): a document list narrowed to the template, with the values the
 * signing module stored for its fields.
 */

export type TemplateDataColumn = {
  key: string;
  label: string;
  type: TField['type'];
  recipient_key: string;
  role_name: string;
};
export type TemplateDataRow = {
  document_id: string;
  name: string;
  status: TDocumentListItem['status'];
  sent_at: string | null;
  completed_at: string | null;
  recipients: { name: string; email: string; status: string }[];
  values: Record<string, string | null>;
};
export type TemplateData = {
  template: { _id: string; name: string };
  columns: TemplateDataColumn[];
  data: TemplateDataRow[];
  total: number;
  page: number;
  total_pages: number;
};

/** CSV exports stop here (a sheet, not a backup); the answer says when rows were left out. */
export const MAX_CSV_ROWS = 10_000;

/** A template of the company the caller sees (else 404), for reading its documents (`documents:view`). */
async function readableTemplate(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<ConfigurableRow> {
  const row = await findConfigurable(platform.database.db, access.companyId, id);
  if (!row.isTemplate || !canSeeTemplate(access, row)) throw notFound('Template');
  requireSlug(access, 'documents:view');
  return row;
}

const fromTemplate = (templateId: string) => () => sql`ed.configurable_document_id = ${templateId}`;

/**
 * `POST /documents/template-documents`: the documents sent from a template (send-template, bulk
 * send, its public link) that the caller sees, as the document lists show them (same filters,
 * search, order and paging).
 */
export async function listTemplateDocuments(
  platform: Platform,
  access: AccessContext,
  templateId: string,
  filter: TDocumentListFilter,
  query: TDocumentListQuery,
  offsetMinutes: number,
): Promise<{ rows: TDocumentListItem[]; total: number }> {
  const template = await readableTemplate(platform, access, templateId);
  return listDocuments(platform.database.db, access, filter, query, {
    offsetMinutes,
    extra: fromTemplate(template.id),
  });
}

/** The data columns of a template: every field but signatures, initials and images (they are in the PDF). */
function columnsOf(template: ConfigurableRow): TemplateDataColumn[] {
  const roles = new Map(template.documentUsers.map((r, i) => [r.key, r.role_name || `Recipient ${i + 1}`]));
  return template.fields
    .filter((f) => !isImageField(f))
    .map((f) => ({
      key: f.key,
      label: f.label || f.key,
      type: f.type,
      recipient_key: f.recipient_key,
      role_name: roles.get(f.recipient_key) ?? '',
    }));
}

/**
 * `GET /documents/template-documents-data/{id}`: one row per document sent from the template
 * (those the caller sees, as `template-documents` lists them), with each data field's value: what
 * the recipient entered, else the value prefilled when it was sent, else null.
 */
export async function templateDocumentsData(
  platform: Platform,
  access: AccessContext,
  templateId: string,
  filter: TDocumentListFilter,
  query: TDocumentListQuery,
  offsetMinutes: number,
): Promise<TemplateData> {
  const template = await readableTemplate(platform, access, templateId);
  const page = await listDocuments(platform.database.db, access, filter, query, {
    offsetMinutes,
    extra: fromTemplate(template.id),
  });
  const columns = columnsOf(template);
  return {
    template: { _id: template.id, name: template.name },
    columns,
    data: await rowsWithValues(platform, access.companyId, page.rows, columns),
    total: page.total,
    page: query.page,
    total_pages: Math.ceil(page.total / query.limit),
  };
}

async function rowsWithValues(
  platform: Platform,
  companyId: string,
  rows: TDocumentListItem[],
  columns: TemplateDataColumn[],
): Promise<TemplateDataRow[]> {
  const ids = rows.map((r) => r._id);
  if (ids.length === 0) return [];
  const db = platform.database.db;
  const given = await fieldValuesOf(
    db,
    companyId,
    ids,
    columns.map((c) => c.key),
  );
  const fields = await fieldsOfDocuments(db, companyId, ids);
  const prefilled = new Map(
    [...fields].map(([id, list]) => [id, new Map(list.map((f) => [f.key, f.default_value] as const))]),
  );
  return rows.map((row) => ({
    document_id: row._id,
    name: row.name,
    status: row.status,
    sent_at: row.sent_at,
    completed_at: row.completed_at,
    recipients: row.recipients.map((r) => ({ name: r.name, email: r.email, status: r.status })),
    values: Object.fromEntries(
      columns.map((c) => [
        c.key,
        given.get(`${row._id}\n${c.key}`) ?? (prefilled.get(row._id)?.get(c.key) || null),
      ]),
    ),
  }));
}

/** The whole data (up to `MAX_CSV_ROWS` rows) as CSV, for spreadsheets. */
export async function templateDocumentsCsv(
  platform: Platform,
  access: AccessContext,
  templateId: string,
  filter: TDocumentListFilter,
  query: TDocumentListQuery,
  offsetMinutes: number,
): Promise<{ name: string; csv: string }> {
  const limit = DOCUMENT_LIST_MAX_LIMIT;
  const first = await templateDocumentsData(
    platform,
    access,
    templateId,
    filter,
    { ...query, page: 1, limit },
    offsetMinutes,
  );
  const rows = [...first.data];
  for (let page = 2; page <= first.total_pages && rows.length < MAX_CSV_ROWS; page++) {
    const next = await templateDocumentsData(
      platform,
      access,
      templateId,
      filter,
      { ...query, page, limit },
      offsetMinutes,
    );
    rows.push(...next.data);
  }
  const header = [
    'Document',
    'Status',
    'Sent at',
    'Completed at',
    'Recipients',
    ...first.columns.map((c) => c.label),
  ];
  const lines = [
    header,
    ...rows
      .slice(0, MAX_CSV_ROWS)
      .map((r) => [
        r.name,
        r.status,
        r.sent_at ?? '',
        r.completed_at ?? '',
        r.recipients.map((p) => p.email).join('; '),
        ...first.columns.map((c) => r.values[c.key] ?? ''),
      ]),
  ];
  return {
    name: first.template.name,
    csv: `\uFEFF${lines.map((l) => l.map(csvCell).join(',')).join('\r\n')}\r\n`,
  };
}

/** One CSV cell: quoted when needed; text a spreadsheet would run as a formula is defused with `'`. */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
