import {
  globalVariableField,
  storedSettings,
  type TGlobalVariable,
  type TGlobalVariableType,
} from '@esigns/contracts/global-variables';
import type { TFileRef } from '@esigns/contracts/nocode-value-coercion';
import type { Db } from '../../platform/db/database';
import { findPeople } from '../auth';
import { findCompanyById } from '../company';

/*
 * The STANDARD global variables: read-only values derived from the company, the same ids in
 * every company (so a GLOBAL_VARIABLE field of a template may point at one). Their values are
 * computed when read, never stored.
 *
 * Companies have no address, email or phone of their own yet: those come from the profile of
 * the company's owner (the user who created it), which is what a small business shows anyway.
 */

type CompanyFacts = {
  name: string;
  logoKey: string | null;
  ownerEmail: string | null;
  ownerPhone: string | null;
  ownerAddress: string | null;
  createdAt: Date;
  updatedAt: Date;
};

type StandardDefinition = {
  id: string;
  key: string;
  label: string;
  input_type: TGlobalVariableType;
  description: string;
  settings: Record<string, unknown>;
  value: (facts: CompanyFacts, now: Date) => unknown;
};

const LOGO_TYPES: Record<string, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

function logoRef(key: string | null): TFileRef[] | null {
  if (!key) return null;
  const ext = key.split('.').pop()?.toLowerCase() ?? 'png';
  return [{ file_ref_id: key, name: `logo.${ext}`, size: 0, mime_type: LOGO_TYPES[ext] ?? 'image/png' }];
}

const blankToNull = (text: string | null): string | null => (text && text.trim() ? text.trim() : null);

export const STANDARD_GLOBAL_VARIABLES: readonly StandardDefinition[] = [
  {
    id: '6a0b7a11-0000-4000-8000-000000000001',
    key: 'company_name',
    label: 'Company name',
    input_type: 'SINGLE_LINE_TEXT',
    description: 'The name of the company (company profile)',
    settings: { max_length: 255 },
    value: (facts) => facts.name,
  },
  {
    id: '6a0b7a11-0000-4000-8000-000000000002',
    key: 'company_logo',
    label: 'Company logo',
    input_type: 'IMAGE',
    description: 'The logo uploaded in the company profile',
    settings: { allowed_file_types: ['image/png', 'image/jpeg', 'image/webp'], max_size_mb: 1, max_files: 1 },
    value: (facts) => logoRef(facts.logoKey),
  },
  {
    id: '6a0b7a11-0000-4000-8000-000000000003',
    key: 'company_address',
    label: 'Company address',
    input_type: 'MULTI_LINE_TEXT',
    description: "The address in the company owner's profile",
    settings: { max_length: 5000, rows: 4 },
    value: (facts) => blankToNull(facts.ownerAddress),
  },
  {
    id: '6a0b7a11-0000-4000-8000-000000000004',
    key: 'company_email',
    label: 'Company email',
    input_type: 'EMAIL',
    description: "The email address of the company's owner",
    settings: { allowed_domains: [] },
    value: (facts) => facts.ownerEmail,
  },
  {
    id: '6a0b7a11-0000-4000-8000-000000000005',
    key: 'company_phone',
    label: 'Company phone',
    input_type: 'PHONE',
    description: "The phone number in the company owner's profile",
    settings: { default_country_code: '91' },
    value: (facts) => blankToNull(facts.ownerPhone),
  },
  {
    id: '6a0b7a11-0000-4000-8000-000000000006',
    key: 'today',
    label: "Today's date",
    input_type: 'DATE',
    description: 'The current date (UTC) when the value is read',
    settings: {},
    value: (_facts, now) => now.toISOString().slice(0, 10),
  },
  {
    id: '6a0b7a11-0000-4000-8000-000000000007',
    key: 'current_year',
    label: 'Current year',
    input_type: 'NUMBER',
    description: 'The current year (UTC), e.g. for financial-year numbering',
    settings: { decimals: 0 },
    value: (_facts, now) => now.getUTCFullYear(),
  },
];

/** The definition's settings with the defaults of its type, as custom variables store them. */
function fullSettings(definition: StandardDefinition): Record<string, unknown> {
  const made = globalVariableField(definition.input_type, definition.settings);
  return made.ok ? storedSettings(made.field) : definition.settings;
}

export const STANDARD_BY_ID = new Map(STANDARD_GLOBAL_VARIABLES.map((s) => [s.id, s]));
export const STANDARD_KEYS = new Set(STANDARD_GLOBAL_VARIABLES.map((s) => s.key));

/** What the standard variables are computed from; null for an unknown company. */
async function loadCompanyFacts(db: Pick<Db, 'select'>, companyId: string): Promise<CompanyFacts | null> {
  const row = await findCompanyById(db, companyId);
  if (!row) return null;
  const owner = row.createdBy ? (await findPeople(db, [row.createdBy])).get(row.createdBy) : undefined;
  const logoKey = (row.settings as { logo_key?: unknown }).logo_key;
  return {
    name: row.name,
    logoKey: typeof logoKey === 'string' ? logoKey : null,
    ownerEmail: owner?.email ?? null,
    ownerPhone: owner?.phone ?? null,
    ownerAddress: owner?.address ?? null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A standard variable as the API answers it (without `value_urls`, added by the caller). */
export type StandardVariable = Omit<TGlobalVariable, 'value_urls'>;

/** The standard variables of a company with their current values (all of them, or those of `ids`). */
export async function standardVariables(
  db: Pick<Db, 'select'>,
  companyId: string,
  ids?: readonly string[],
  now: Date = new Date(),
): Promise<StandardVariable[]> {
  const wanted = ids
    ? STANDARD_GLOBAL_VARIABLES.filter((s) => ids.includes(s.id))
    : STANDARD_GLOBAL_VARIABLES;
  if (wanted.length === 0) return [];
  const facts = await loadCompanyFacts(db, companyId);
  if (!facts) return [];
  return wanted.map((s) => ({
    _id: s.id,
    company_id: null,
    type: 'STANDARD',
    label: s.label,
    key: s.key,
    input_type: s.input_type,
    settings: fullSettings(s),
    value: s.value(facts, now),
    is_fixed: true,
    tags: [],
    description: s.description,
    created_by: null,
    updated_by: null,
    created_at: facts.createdAt.toISOString(),
    updated_at: facts.updatedAt.toISOString(),
  }));
}
