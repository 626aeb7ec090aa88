import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { DEFAULT_BRANDING, ZBranding, type TBranding } from '@esigns/contracts/branding';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { sniffContentType } from '../../platform/storage/sniff';
import { webpToPng } from '../../platform/storage/webp-to-png';
import type { AccessContext } from '../permissions';
import { companies } from './schema';

/** What a company may override of the white-label branding (spec 1 §1-§2). */
export const ZBrandingOverride = ZBranding.pick({
  slogan: true,
  primary_color: true,
  secondary_color: true,
  dialog_header_color: true,
  dialog_header_text_color: true,
}).partial();

type CompanySettings = { branding?: Partial<TBranding>; logo_key?: string };

export type CompanyProfile = {
  _id: string;
  name: string;
  slug: string;
  plan_type: 'INDIVIDUAL' | 'BUSINESS';
  is_active: boolean;
  logo_url: string | null;
  branding: TBranding;
};

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const MAX_LOGO_BYTES = 1024 * 1024;
/** A logo's largest canvas (a 4096 x 4096 square): decoding a WebP takes 4 bytes per pixel. */
const MAX_LOGO_PIXELS = 4096 * 4096;

const logoProblem = (message: string) => validationError([{ key: 'logo', message, path: ['logo'] }], message);

/**
 * The logo as stored: PNG and JPEG as sent; a WebP converted to PNG, since PDFs (exports,
 * documents) and several mail clients draw only PNG and JPEG.
 */
async function storableLogo(bytes: Buffer, type: string): Promise<{ bytes: Buffer; type: string }> {
  if (type !== 'image/webp') return { bytes, type };
  try {
    return { bytes: await webpToPng(bytes, MAX_LOGO_PIXELS), type: 'image/png' };
  } catch (err) {
    throw logoProblem(
      err instanceof RangeError
        ? 'The logo is too large: at most 4096 x 4096 pixels'
        : 'The logo could not be read as a WebP image',
    );
  }
}

export async function getCompanyProfile(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<CompanyProfile> {
  // Only the caller's own workspace: another company's id is simply not found.
  if (id !== access.companyId) throw notFound('Company');
  return loadProfile(platform, id);
}

/** The public face of a company for its own sign-in page: name, logo, branding. */
export async function getCompanyBySlug(
  platform: Platform,
  slug: string,
): Promise<Pick<CompanyProfile, '_id' | 'name' | 'slug' | 'logo_url' | 'branding'>> {
  const [row] = await platform.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.slug, slug), eq(companies.isActive, true)))
    .limit(1);
  if (!row) throw notFound('Company');
  const { _id, name, slug: s, logo_url, branding } = await loadProfile(platform, row.id);
  return { _id, name, slug: s, logo_url, branding };
}

export async function updateCompanyProfile(
  platform: Platform,
  access: AccessContext,
  input: { name?: string | undefined; slug?: string | undefined; branding?: Partial<TBranding> | undefined },
): Promise<CompanyProfile> {
  const db = platform.database.db;
  const [current] = await db.select().from(companies).where(eq(companies.id, access.companyId)).limit(1);
  if (!current) throw notFound('Company');
  const settings = current.settings as CompanySettings;
  if (input.slug !== undefined && input.slug !== current.slug) {
    const [taken] = await db
      .select({ id: companies.id })
      .from(companies)
      .where(and(eq(companies.slug, input.slug), ne(companies.id, current.id)))
      .limit(1);
    if (taken) throw validationError([{ key: 'slug', message: 'This address is taken', path: ['slug'] }]);
  }
  await db
    .update(companies)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.slug !== undefined ? { slug: input.slug } : {}),
      ...(input.branding
        ? { settings: { ...settings, branding: { ...settings.branding, ...input.branding } } }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(companies.id, current.id));
  return loadProfile(platform, current.id);
}

export async function saveCompanyLogo(
  platform: Platform,
  access: AccessContext,
  dataUrl: string,
): Promise<string> {
  const match = /^data:[^;]*;base64,(.*)$/s.exec(dataUrl.trim());
  const bytes = Buffer.from((match ? (match[1] ?? '') : dataUrl).replace(/\s+/g, ''), 'base64');
  if (bytes.length === 0)
    throw validationError([{ key: 'logo', message: 'The logo is empty', path: ['logo'] }]);
  if (bytes.length > MAX_LOGO_BYTES)
    throw new AppError('PAYLOAD_TOO_LARGE', { message: 'The logo must be at most 1 MB' });
  const sniffed = await sniffContentType(bytes);
  if (!sniffed || !LOGO_TYPES.includes(sniffed)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `The logo must be PNG, JPEG or WebP${sniffed ? `, not ${sniffed}` : ''}`,
    });
  }
  const logo = await storableLogo(bytes, sniffed);
  const key = `companies/${access.companyId}/logo-${randomUUID()}.${logo.type.split('/')[1]}`;
  await platform.storage.put(key, logo.bytes, logo.type);
  const db = platform.database.db;
  const [current] = await db
    .select({ settings: companies.settings })
    .from(companies)
    .where(eq(companies.id, access.companyId));
  const previous = (current?.settings as CompanySettings | undefined)?.logo_key;
  await db
    .update(companies)
    .set({
      settings: sql`${companies.settings} || ${JSON.stringify({ logo_key: key })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(eq(companies.id, access.companyId));
  if (previous) await platform.storage.delete(previous).catch(() => undefined);
  return platform.storage.createDownloadUrl(key, { expiresInSeconds: 3600 });
}

/** A short-lived URL of a company's logo (public: sign-in pages show it), or undefined. */
export async function companyLogoUrl(platform: Platform, companyId: string): Promise<string | undefined> {
  const [row] = await platform.database.db
    .select({ settings: companies.settings })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const key = (row?.settings as CompanySettings | undefined)?.logo_key;
  return key ? platform.storage.createDownloadUrl(key, { expiresInSeconds: 3600 }) : undefined;
}

/** `POST /company-name-status`: whether no other company uses this name (case-insensitive). */
export async function isCompanyNameAvailable(
  platform: Platform,
  access: AccessContext,
  name: string,
): Promise<boolean> {
  const [row] = await platform.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(sql`lower(${companies.name}) = lower(${name})`, ne(companies.id, access.companyId)))
    .limit(1);
  return !row;
}

async function loadProfile(platform: Platform, id: string): Promise<CompanyProfile> {
  const [row] = await platform.database.db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw notFound('Company');
  const settings = row.settings as CompanySettings;
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    plan_type: row.planType,
    is_active: row.isActive,
    logo_url: settings.logo_key
      ? await platform.storage.createDownloadUrl(settings.logo_key, { expiresInSeconds: 3600 })
      : null,
    branding: { ...DEFAULT_BRANDING, ...settings.branding },
  };
}
