import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { DEFAULT_BRANDING, type TBranding, type TBrandingOverride } from '@esigns/contracts/branding';
import { brandingContrastIssues, mailLinkColour, readableTextOn } from '@esigns/contracts/contrast';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { sniffContentType } from '../../platform/storage/sniff';
import { webpToPng } from '../../platform/storage/webp-to-png';
import type { AccessContext } from '../permissions';
import { companies } from './schema';

type CompanySettings = { branding?: Partial<TBranding>; logo_key?: string };

export type CompanyProfile = {
  _id: string;
  name: string;
  slug: string;
  plan_type: 'INDIVIDUAL' | 'BUSINESS';
  is_active: boolean;
  logo_url: string | null;
  branding: TBranding;
  /** What the branding's colours become where text stands on them (derived, never stored). */
  readable_colors: ReadableColours;
};

/** Button text on the primary and secondary colours, and the colour of links in mails. */
export type ReadableColours = { on_primary: string; on_secondary: string; mail_link: string };

export function readableColoursOf(branding: TBranding): ReadableColours {
  return {
    on_primary: readableTextOn(branding.primary_color),
    on_secondary: readableTextOn(branding.secondary_color),
    mail_link: mailLinkColour(branding),
  };
}

/**
 * Refuses a branding change whose text would not read (WCAG AA, 4.5:1): the dialog header text on
 * its background, the mail link colour on white; only the pairs the change touches (the merged
 * values: a new background is checked against the saved text). One 422 detail per pair, keyed
 * `branding.<text field>`, its message naming the nearest colour that passes.
 */
function checkBrandingContrast(saved: Partial<TBranding> | undefined, change: TBrandingOverride): void {
  const merged = { ...DEFAULT_BRANDING, ...saved, ...change };
  const touched = (key: keyof TBrandingOverride) => change[key] !== undefined;
  const issues = brandingContrastIssues(merged).filter((issue) =>
    issue.key === 'link_color'
      ? touched('link_color')
      : touched('dialog_header_color') || touched('dialog_header_text_color'),
  );
  if (issues.length === 0) return;
  throw validationError(
    issues.map((issue) => ({
      key: `branding.${issue.key}`,
      message: issue.message,
      path: ['branding', issue.key],
    })),
    issues[0]?.message,
  );
}

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
): Promise<Pick<CompanyProfile, '_id' | 'name' | 'slug' | 'logo_url' | 'branding' | 'readable_colors'>> {
  const [row] = await platform.database.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.slug, slug), eq(companies.isActive, true)))
    .limit(1);
  if (!row) throw notFound('Company');
  const { _id, name, slug: s, logo_url, branding, readable_colors } = await loadProfile(platform, row.id);
  return { _id, name, slug: s, logo_url, branding, readable_colors };
}

export async function updateCompanyProfile(
  platform: Platform,
  access: AccessContext,
  input: { name?: string | undefined; slug?: string | undefined; branding?: TBrandingOverride | undefined },
): Promise<CompanyProfile> {
  const db = platform.database.db;
  const [current] = await db.select().from(companies).where(eq(companies.id, access.companyId)).limit(1);
  if (!current) throw notFound('Company');
  const settings = current.settings as CompanySettings;
  if (input.branding) {
    if (!access.permissions.has('company:update-branding'))
      throw new AppError('FORBIDDEN', { message: 'Your user type cannot change the branding' });
    checkBrandingContrast(settings.branding, input.branding);
  }
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

/** The company's saved branding over the defaults. */
export async function savedBranding(platform: Platform, companyId: string): Promise<TBranding> {
  const [row] = await platform.database.db
    .select({ settings: companies.settings })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) throw notFound('Company');
  return { ...DEFAULT_BRANDING, ...(row.settings as CompanySettings).branding };
}

async function loadProfile(platform: Platform, id: string): Promise<CompanyProfile> {
  const [row] = await platform.database.db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!row) throw notFound('Company');
  const settings = row.settings as CompanySettings;
  const branding: TBranding = { ...DEFAULT_BRANDING, ...settings.branding };
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    plan_type: row.planType,
    is_active: row.isActive,
    logo_url: settings.logo_key
      ? await platform.storage.createDownloadUrl(settings.logo_key, { expiresInSeconds: 3600 })
      : null,
    branding,
    readable_colors: readableColoursOf(branding),
  };
}
