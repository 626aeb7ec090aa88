import type { TCallerCompany, TInvoiceField, TInvoiceInfo } from '@esigns/contracts/custom-dashboards';
import { offsetLabel } from '@esigns/contracts/dates';
import { DEFAULT_CURRENCY } from '@esigns/contracts/nocode-field-types';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findCompanyById, getCompanyBySlug } from '../company';
import { findReadableTemplate } from '../form-templates';
import type { AccessContext } from '../permissions';
import { companyDateStyle } from '../settings';

/*
 * Two lookups of the entities and invoice screens: the caller's own company as those screens
 * show it, and the fields of a form template an invoice is made from.
 */

/** `GET /entities/getCompany/CompanyId`: the caller's workspace (name, logo, zone, date format, currency). */
export async function callerCompany(platform: Platform, access: AccessContext): Promise<TCallerCompany> {
  const db = platform.database.db;
  const row = await findCompanyById(db, access.companyId);
  if (!row) throw notFound('Company');
  const [face, style] = await Promise.all([
    getCompanyBySlug(platform, row.slug),
    companyDateStyle(db, row.id),
  ]);
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    logo_url: face.logo_url,
    time_zone: typeof style.zone === 'string' ? style.zone : offsetLabel(style.zone.offsetMinutes),
    date_format: style.format,
    currency: DEFAULT_CURRENCY,
    primary_color: face.branding.primary_color,
  };
}

const AMOUNT_TYPES = new Set(['NUMBER', 'CURRENCY', 'PERCENTAGE', 'FORMULA']);

const currencyOf = (field: { type: string; currency?: unknown }): string | null =>
  field.type === 'CURRENCY' ||
  (field.type === 'FORMULA' && (field as { result_type?: string }).result_type === 'CURRENCY')
    ? String(field.currency ?? DEFAULT_CURRENCY)
    : null;

/** An amount, number or line-item field of the template as an invoice reads it (others: null). */
function invoiceField(field: TFormField): TInvoiceField | null {
  if (field.type === 'DATA_TABLE') {
    return {
      key: field.key,
      label: field.label,
      type: 'DATA_TABLE',
      currency: null,
      decimals: null,
      columns: field.columns.map((c) => ({
        key: c.key,
        label: c.label,
        type: c.type,
        currency: currencyOf(c),
      })),
    };
  }
  if (!AMOUNT_TYPES.has(field.type)) return null;
  if (field.type === 'FORMULA' && field.result_type !== 'NUMBER' && field.result_type !== 'CURRENCY')
    return null;
  return {
    key: field.key,
    label: field.label,
    type: field.type as TInvoiceField['type'],
    currency: currencyOf(field),
    decimals: 'decimals' in field && typeof field.decimals === 'number' ? field.decimals : null,
    columns: null,
  };
}

/** `GET /get-form-template-invoice-info?template_id=`: a template readable by the company (else 404). */
export async function invoiceInfo(
  platform: Platform,
  access: AccessContext,
  templateId: string,
): Promise<TInvoiceInfo> {
  const db = platform.database.db;
  const template = await findReadableTemplate(db, access.companyId, templateId);
  const company = await callerCompany(platform, access);
  return {
    template: { _id: template.id, name: template.name },
    fields: template.fields.flatMap((f) => {
      const found = invoiceField(f);
      return found ? [found] : [];
    }),
    company: { _id: company._id, name: company.name, logo_url: company.logo_url },
  };
}
