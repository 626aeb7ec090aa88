import { layoutProblems, type TFieldType, type TRecipient } from '@esigns/contracts/documents';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { AppError } from '../../platform/http/app-error';
import { readSheetGrid } from '../../platform/storage/spreadsheet-rows';
import type { ConfigurableRow } from './serializers';
import { fillTemplate, type TemplateSendInput } from './send-routes-service';

/** Most rows one bulk send takes. */
export const MAX_BULK_ROWS = 5000;
/** The optional column naming each row's document. */
export const DOCUMENT_NAME_COLUMN = 'Document Name';
/** Longest document name a row gives (a longer cell is cut, with an ellipsis). */
const MAX_DOCUMENT_NAME = 200;

/** Field types whose value can come from a column (by the field's label). */
const PREFILLABLE: readonly TFieldType[] = ['TEXT', 'NUMBER', 'DATE', 'CHECKBOX', 'RADIO', 'DROPDOWN'];

export type BulkColumns = {
  roles: {
    key: string;
    label: string;
    email: string;
    firstName: string;
    lastName: string;
    required: boolean;
  }[];
  /** Column name -> the keys of the fields it fills. */
  prefill: { column: string; fieldKeys: string[] }[];
};

/** A role's column prefix: its name, or "Recipient n" for an unnamed one. */
const roleLabel = (role: TRecipient, index: number): string =>
  role.role_name.trim() || `Recipient ${index + 1}`;

/**
 * The columns of a template's sheet: per role `<Role> Email`, `<Role> First Name`,
 * `<Role> Last Name` (optional for roles whose person the template already holds), then one
 * column per distinct label of the prefillable fields.
 */
export function bulkColumns(template: ConfigurableRow): BulkColumns {
  const roles = template.documentUsers.map((role, i) => {
    const label = roleLabel(role, i);
    return {
      key: role.key,
      label,
      email: `${label} Email`,
      firstName: `${label} First Name`,
      lastName: `${label} Last Name`,
      required: role.email.trim() === '',
    };
  });
  const byLabel = new Map<string, string[]>();
  for (const field of template.fields) {
    const label = field.label.trim();
    if (!label || !PREFILLABLE.includes(field.type) || field.read_only) continue;
    byLabel.set(label, [...(byLabel.get(label) ?? []), field.key]);
  }
  return { roles, prefill: [...byLabel].map(([column, fieldKeys]) => ({ column, fieldKeys })) };
}

/** The sample sheet (CSV): the header and one example row. */
export function sampleCsv(template: ConfigurableRow): string {
  const columns = bulkColumns(template);
  const header: string[] = [DOCUMENT_NAME_COLUMN];
  const example: string[] = [`${template.name} - Flat 4B`];
  columns.roles.forEach((role, i) => {
    header.push(role.email, role.firstName, role.lastName);
    example.push(`person${i + 1}@example.com`, 'First', 'Last');
  });
  for (const p of columns.prefill) {
    header.push(p.column);
    example.push('');
  }
  return `${[header, example].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

function csvCell(value: string): string {
  // A leading = + - @ makes spreadsheets run the cell as a formula.
  const safe = /^[=+\-@]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The sheet's cells (first worksheet for XLSX), as trimmed strings, header first, each row at its
 * place in the sheet: the platform's spreadsheet reader, which tells CSV from XLSX by the bytes
 * (the file's name and declared type are not looked at) and reads no further than one row past
 * the most a bulk send takes.
 */
export async function readSheet(
  data: Buffer,
  _fileName?: string,
  _contentType?: string,
): Promise<string[][]> {
  return readSheetGrid(data, MAX_BULK_ROWS + 2);
}

export type BulkRow = { row: number; name: string } & Pick<TemplateSendInput, 'document_users' | 'prefill'>;

/**
 * A row's document name: its `Document Name` cell, or the template's name and the first person
 * the row names ("Rental agreement - Ravi Kumar"), so that no two rows' documents look alike.
 */
function documentNameOf(template: ConfigurableRow, given: string, people: BulkRow['document_users']): string {
  const who = people
    .map((p) => [p.first_name, p.last_name].join(' ').trim() || p.email.trim())
    .find((name) => name !== '');
  const name = given || (who ? `${template.name} - ${who}` : template.name);
  return name.length > MAX_DOCUMENT_NAME ? `${name.slice(0, MAX_DOCUMENT_NAME - 1)}…` : name;
}

/**
 * Every row of the sheet checked as a send of the template would check it; nothing is sent
 * unless every row is right. Problems are 422 details keyed `rows.{sheet row}.{column}` (the
 * header is row 1), and `file` for the sheet as a whole.
 */
export function parseBulkRows(template: ConfigurableRow, cells: string[][]): BulkRow[] {
  const columns = bulkColumns(template);
  const [header = [], ...body] = cells;
  const index = new Map(header.map((h, i) => [h.trim().toLowerCase(), i]));
  const details: TValidationDetail[] = [];
  const missing = columns.roles
    .filter((r) => r.required)
    .flatMap((r) => [r.email, r.firstName, r.lastName])
    .filter((c) => !index.has(c.toLowerCase()));
  if (missing.length > 0) {
    throw fileError(`Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  }
  const rows = body
    .map((values, i) => ({ values, row: i + 2 }))
    .filter(({ values }) => values.some((v) => v.trim() !== ''));
  if (rows.length === 0) throw fileError('The sheet has no rows');
  if (rows.length > MAX_BULK_ROWS) throw fileError(`At most ${MAX_BULK_ROWS} rows at once`);
  const cell = (values: string[], column: string): string => {
    const at = index.get(column.toLowerCase());
    return at === undefined ? '' : (values[at] ?? '').trim();
  };
  const out: BulkRow[] = [];
  const templateProblems = new Map<string, string>();
  for (const { values, row } of rows) {
    const documentUsers = columns.roles
      .map((r) => ({
        key: r.key,
        email: cell(values, r.email),
        first_name: cell(values, r.firstName),
        last_name: cell(values, r.lastName),
      }))
      .filter((p, i) => columns.roles[i]!.required || p.email !== '');
    const prefill: Record<string, string> = {};
    for (const p of columns.prefill) {
      const value = cell(values, p.column);
      if (value !== '') for (const key of p.fieldKeys) prefill[key] = value;
    }
    const filled = fillTemplate(template, { document_users: documentUsers, prefill });
    const problems = layoutProblems(
      { fields: filled.source.fields, document_users: filled.source.recipients },
      filled.source.pages,
      'send',
    );
    for (const p of problems) {
      const role =
        p.path[0] === 'document_users' && typeof p.path[1] === 'number'
          ? columns.roles[p.path[1]]
          : undefined;
      if (!role || (p.path[2] !== 'email' && p.path[2] !== 'first_name')) {
        // The template's own problems (a signer without a signature field...) are the same on every row.
        templateProblems.set(`template.${p.key}`, p.message);
        continue;
      }
      let column = p.path[2] === 'email' ? role.email : role.firstName;
      const given = documentUsers.some((person) => person.key === role.key);
      if (!given && p.path[2] === 'email') {
        // A clash with a person the template holds: point at the sheet's cell with that email.
        const email = filled.source.recipients[p.path[1] as number]!.email.trim().toLowerCase();
        const twin = documentUsers.find((person) => person.email.trim().toLowerCase() === email);
        const twinRole = columns.roles.find((r) => r.key === twin?.key);
        if (twinRole) column = twinRole.email;
      }
      details.push({ key: `rows.${row}.${column}`, message: p.message, path: ['rows', row, column] });
    }
    out.push({
      row,
      name: documentNameOf(template, cell(values, DOCUMENT_NAME_COLUMN), documentUsers),
      document_users: documentUsers,
      prefill,
    });
  }
  if (templateProblems.size > 0) {
    const list = [...templateProblems].map(([key, message]) => ({ key, message, path: key.split('.') }));
    throw new AppError('VALIDATION_FAILED', {
      message: `Fix the template before sending it: ${list[0]!.message}`,
      details: list,
    });
  }
  if (details.length > 0) {
    const bad = new Set(details.map((d) => d.path[1])).size;
    throw new AppError('VALIDATION_FAILED', {
      message: `${bad} row${bad > 1 ? 's have' : ' has'} problems: nothing was sent`,
      details: details.slice(0, 500),
    });
  }
  return out;
}

function fileError(message: string): AppError {
  return new AppError('VALIDATION_FAILED', { message, details: [{ key: 'file', message, path: ['file'] }] });
}
