import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CONTACT_IMPORT_MAX_ROWS,
  ZContactEmail,
  ZContactPhone,
  type TContactImportResult,
} from '@esigns/contracts/contacts';
import type { Db } from '../../platform/db/database';
import type { AppError } from '../../platform/http/app-error';
import { validationError } from '../../platform/http/app-error';
import { cellToText, readSheetRows } from '../../platform/storage/spreadsheet-rows';
import type { AccessContext } from '../permissions';
import { contactTypeIdsByName, typeKey } from './contact-types';
import { contacts } from './schema';

/*
 * `POST /bulk-users-add`: contacts from a CSV or XLSX file. The first row names the columns
 * (case-insensitive, common synonyms); each further row is one contact, validated on its own.
 * New emails are created; emails that are already contacts are updated with the row's non-empty
 * cells (an empty cell keeps the current value). Everything is written in one transaction, in
 * batches, so an import either lands whole or not at all.
 */

export type ImportField =
  'email' | 'first_name' | 'last_name' | 'name' | 'phone' | 'title' | 'account_name' | 'contact_type';

/** Header names (lowercased, letters and digits only) and the field each one fills. */
const HEADER_SYNONYMS: Record<ImportField, string[]> = {
  email: ['email', 'emailaddress', 'emailid', 'mail', 'mailid', 'contactemail'],
  first_name: ['firstname', 'first', 'givenname', 'fname', 'forename'],
  last_name: ['lastname', 'last', 'surname', 'familyname', 'lname'],
  name: ['name', 'fullname', 'contactname', 'contact'],
  phone: [
    'phone',
    'phonenumber',
    'phoneno',
    'mobile',
    'mobilenumber',
    'mobileno',
    'cell',
    'cellphone',
    'telephone',
    'tel',
    'contactnumber',
  ],
  title: ['title', 'jobtitle', 'designation', 'position'],
  account_name: ['accountname', 'account', 'company', 'companyname', 'organisation', 'organization', 'org'],
  contact_type: ['contacttype', 'type', 'category'],
};

const HEADER_TO_FIELD = new Map<string, ImportField>(
  Object.entries(HEADER_SYNONYMS).flatMap(([field, names]) => names.map((n) => [n, field as ImportField])),
);

export function fieldOfHeader(header: string): ImportField | undefined {
  return HEADER_TO_FIELD.get(header.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

type RawRow = { row: number; cells: string[] };

function fileError(message: string): AppError {
  return validationError([{ key: 'file', message, path: ['file'] }], message);
}

// ---------------------------------------------------------------------------------------------
// Reading the file

/**
 * The rows of a CSV or XLSX file (first sheet; told apart by their bytes, not the name) as text
 * cells: the platform's sheet reader (`readSheetRows`), up to the header plus one row too many,
 * which is enough to refuse the file.
 */
export async function readSpreadsheet(bytes: Buffer): Promise<RawRow[]> {
  const rows = await readSheetRows(bytes, CONTACT_IMPORT_MAX_ROWS + 2);
  return rows.map(({ row, cells }) => ({ row, cells: cells.map(cellToText) }));
}

// ---------------------------------------------------------------------------------------------
// Rows to contacts

const ZImportRow = z.object({
  email: ZContactEmail,
  first_name: z.string().max(100, 'At most 100 characters'),
  last_name: z.string().max(100, 'At most 100 characters'),
  phone: ZContactPhone,
  title: z.string().max(100, 'At most 100 characters'),
  account_name: z.string().max(200, 'At most 200 characters'),
  contact_type: z.string().max(80, 'At most 80 characters'),
});
type ImportRow = z.output<typeof ZImportRow> & { row: number };

const FIELD_LABELS: Record<keyof z.output<typeof ZImportRow>, string> = {
  email: 'Email',
  first_name: 'First Name',
  last_name: 'Last Name',
  phone: 'Phone',
  title: 'Title',
  account_name: 'Account Name',
  contact_type: 'Contact Type',
};

/** The column index of each field, from the header row; 422 without an Email column. */
export function mapHeader(cells: string[]): Map<ImportField, number> {
  const columns = new Map<ImportField, number>();
  cells.forEach((cell, index) => {
    const field = fieldOfHeader(cell);
    if (field && !columns.has(field)) columns.set(field, index);
  });
  if (!columns.has('email')) {
    const found = cells.filter(Boolean).slice(0, 8).join(', ');
    throw fileError(
      `The first row must name the columns, one of them "Email"${found ? ` (found: ${found})` : ''}`,
    );
  }
  return columns;
}

function rowValues(columns: Map<ImportField, number>, cells: string[]): Record<string, string> {
  const cell = (field: ImportField) => {
    const index = columns.get(field);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  let first = cell('first_name');
  let last = cell('last_name');
  // A single "Name" column: the last word is the last name.
  if (!columns.has('first_name') && !columns.has('last_name') && columns.has('name')) {
    const words = cell('name').split(/\s+/).filter(Boolean);
    first = words.length > 1 ? words.slice(0, -1).join(' ') : (words[0] ?? '');
    last = words.length > 1 ? words[words.length - 1]! : '';
  }
  return {
    email: cell('email'),
    first_name: first,
    last_name: last,
    phone: cell('phone'),
    title: cell('title'),
    account_name: cell('account_name'),
    contact_type: cell('contact_type'),
  };
}

/** Rows inserted per statement (9 parameters each, far below PostgreSQL's 65,535). */
const BATCH = 500;

/** Reads, checks and writes one import file. */
export async function importContacts(
  db: Db,
  access: AccessContext,
  bytes: Buffer,
): Promise<TContactImportResult> {
  const raw = await readSpreadsheet(bytes);
  const [header, ...body] = raw;
  if (!header) throw fileError('The file is empty');
  const columns = mapHeader(header.cells);
  if (body.length === 0) throw fileError('The file has no contacts below its header row');
  if (body.length > CONTACT_IMPORT_MAX_ROWS) {
    throw fileError(`At most ${CONTACT_IMPORT_MAX_ROWS.toLocaleString('en')} contacts per file`);
  }

  const errors: TContactImportResult['errors'] = [];
  const valid: ImportRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { row, cells } of body) {
    const parsed = ZImportRow.safeParse(rowValues(columns, cells));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path[0] as keyof typeof FIELD_LABELS;
      errors.push({ row, message: `${FIELD_LABELS[field] ?? 'Row'}: ${issue.message}` });
      continue;
    }
    const earlier = firstRowOf.get(parsed.data.email);
    if (earlier !== undefined) {
      errors.push({ row, message: `Email ${parsed.data.email} is already in row ${earlier}` });
      continue;
    }
    firstRowOf.set(parsed.data.email, row);
    valid.push({ ...parsed.data, row });
  }

  let created = 0;
  let updated = 0;
  await db.transaction(async (tx) => {
    const typeIds = await contactTypeIdsByName(
      tx,
      access.companyId,
      valid.map((row) => row.contact_type),
      true,
    );
    for (let start = 0; start < valid.length; start += BATCH) {
      const batch = valid.slice(start, start + BATCH);
      const existing = new Set(
        (
          await tx
            .select({ email: contacts.email })
            .from(contacts)
            .where(
              and(
                eq(contacts.companyId, access.companyId),
                inArray(
                  contacts.email,
                  batch.map((row) => row.email),
                ),
              ),
            )
        ).map((row) => row.email),
      );
      const writes = batch.filter((row) => {
        if (existing.has(row.email) || row.first_name) return true;
        errors.push({ row: row.row, message: 'First Name: Required for a new contact' });
        return false;
      });
      if (writes.length === 0) continue;
      await tx
        .insert(contacts)
        .values(
          writes.map((row) => ({
            companyId: access.companyId,
            email: row.email,
            firstName: row.first_name,
            lastName: row.last_name,
            phone: row.phone,
            title: row.title,
            accountName: row.account_name,
            contactTypeId: row.contact_type ? (typeIds.get(typeKey(row.contact_type)) ?? null) : null,
            createdBy: access.userId,
          })),
        )
        .onConflictDoUpdate({
          target: [contacts.companyId, contacts.email],
          // An empty cell keeps what the contact has.
          set: {
            firstName: sql.raw(`coalesce(nullif(excluded.first_name, ''), contacts.first_name)`),
            lastName: sql.raw(`coalesce(nullif(excluded.last_name, ''), contacts.last_name)`),
            phone: sql.raw(`coalesce(nullif(excluded.phone, ''), contacts.phone)`),
            title: sql.raw(`coalesce(nullif(excluded.title, ''), contacts.title)`),
            accountName: sql.raw(`coalesce(nullif(excluded.account_name, ''), contacts.account_name)`),
            contactTypeId: sql.raw(`coalesce(excluded.contact_type_id, contacts.contact_type_id)`),
            updatedAt: sql`now()`,
          },
        });
      for (const row of writes) {
        if (existing.has(row.email)) updated += 1;
        else created += 1;
      }
    }
  });
  errors.sort((a, b) => a.row - b.row);
  return { created, updated, skipped: errors.length, errors };
}
