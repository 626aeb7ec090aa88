import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TSmtpConfig, ZSmtpConfigWrite } from '@esigns/contracts/email';
import type { Db } from '../../platform/db/database';
import { AppError, validationError } from '../../platform/http/app-error';
import type { CompanySmtpResolver, TCompanySmtp } from '../../platform/mail/company-smtp';
import { SmtpCheckError } from '../../platform/mail/company-smtp';
import { escapeHtml } from '../../platform/mail/mail-layout';
import type { Platform } from '../../platform/platform';
import { findPeople } from '../auth';
import { findCompanyById } from '../company';
import type { AccessContext } from '../permissions';
import { checkHostAtSave, guardedSocket, PrivateHostError } from './host-guard';
import { openPassword, PASSWORD_KEY_VERSION, sealPassword } from './password-box';
import { companySmtpConfigs } from './schema';

export type TSmtpConfigInput = z.output<typeof ZSmtpConfigWrite>;
type Row = typeof companySmtpConfigs.$inferSelect;

/** What the company sees of its settings: never the password, only whether one is stored. */
export async function readSmtpConfig(db: Pick<Db, 'select'>, companyId: string): Promise<TSmtpConfig> {
  const row = await findRow(db, companyId);
  return row ? toView(row) : NOT_CONFIGURED;
}

const NOT_CONFIGURED: TSmtpConfig = {
  configured: false,
  enabled: false,
  host: null,
  port: null,
  security: null,
  username: null,
  has_password: false,
  from_name: null,
  from_email: null,
  verified_at: null,
  updated_at: null,
};

/**
 * Saves the company's SMTP settings. Enabled ones are tried first (connection, login, a test mail
 * to `test_to` or the caller) and saved only when that works: else 422 'Please Verify your Details
 * Once' with the server's reason under the field it concerns. Disabled ones are kept untried.
 */
export async function saveSmtpConfig(
  platform: Platform,
  access: AccessContext,
  input: TSmtpConfigInput,
): Promise<TSmtpConfig> {
  const db = platform.database.db;
  const secret = platform.config.secrets.storageSecret;
  const allowPrivate = platform.config.smtpAllowPrivateHosts;
  await refusePrivateHost(input.host, allowPrivate);
  const existing = await findRow(db, access.companyId);
  const password = passwordToUse(input, existing, secret, access.companyId);
  if (input.enabled) {
    const tried = { ...settingsOf(input, allowPrivate), password };
    await trySettings(platform, access, tried, input.test_to);
  }

  const now = new Date();
  const values = {
    enabled: input.enabled,
    host: input.host,
    port: input.port,
    security: input.security,
    username: input.username,
    passwordEncrypted: password === null ? null : sealPassword(password, secret, access.companyId),
    keyVersion: PASSWORD_KEY_VERSION,
    fromName: input.from_name,
    fromEmail: input.from_email,
    verifiedAt: input.enabled ? now : null,
    updatedBy: access.userId,
    updatedAt: now,
  };
  const [row] = await db
    .insert(companySmtpConfigs)
    .values({ companyId: access.companyId, ...values })
    .onConflictDoUpdate({
      target: companySmtpConfigs.companyId,
      // A new version makes every process build a new transport for the company's next mail.
      set: { ...values, version: sql`${companySmtpConfigs.version} + 1` },
    })
    .returning();
  if (!row) throw new AppError('INTERNAL_ERROR', { message: 'The SMTP settings could not be saved' });
  platform.log.info(
    {
      companyId: access.companyId,
      userId: access.userId,
      host: row.host,
      port: row.port,
      enabled: row.enabled,
    },
    'company SMTP settings saved',
  );
  return toView(row);
}

/**
 * The mail job's view of a company's settings (registered with `platform.mail`): the enabled
 * row's version, and its settings with the password decrypted only when a transport is built.
 */
export function companySmtpResolver(
  db: Pick<Db, 'select'>,
  secret: string,
  allowPrivate: boolean,
): CompanySmtpResolver {
  return async (companyId) => {
    const [row] = await db
      .select()
      .from(companySmtpConfigs)
      .where(and(eq(companySmtpConfigs.companyId, companyId), eq(companySmtpConfigs.enabled, true)))
      .limit(1);
    if (!row) return null;
    return {
      version: String(row.version),
      settings: (): TCompanySmtp => ({
        ...settingsOf(toInput(row), allowPrivate),
        password: storedPassword(row, secret),
      }),
    };
  };
}

function storedPassword(row: Row, secret: string): string | null {
  if (row.passwordEncrypted === null) return null;
  try {
    return openPassword(row.passwordEncrypted, secret, row.companyId);
  } catch {
    // Every retry would fail the same way: `permanent` makes the mail FAILED at once, with this reason.
    throw Object.assign(
      new Error(
        "The company's SMTP password cannot be decrypted (STORAGE_SECRET changed since it was saved): save the SMTP settings again",
      ),
      { permanent: true },
    );
  }
}

/**
 * The password to try and store: the one given (`''`: none), else the stored one, but only for
 * the same server, security and user name: sending a kept password to a server it was never
 * typed for would hand it to whoever runs that server.
 */
function passwordToUse(
  input: TSmtpConfigInput,
  existing: Row | undefined,
  secret: string,
  companyId: string,
): string | null {
  if (input.password !== undefined) return input.password === '' ? null : input.password;
  if (!existing?.passwordEncrypted) return null;
  const sameServer =
    existing.host.toLowerCase() === input.host.toLowerCase() &&
    existing.port === input.port &&
    existing.security === input.security &&
    existing.username === input.username;
  const enterAgain = (message: string) =>
    validationError([{ key: 'password', message, path: ['password'] }], message);
  if (!sameServer) throw enterAgain('Enter the password again: the server, security or user name changed');
  try {
    return openPassword(existing.passwordEncrypted, secret, companyId);
  } catch {
    throw enterAgain(
      'The stored password can no longer be read (the instance secret changed): enter it again',
    );
  }
}

/** Connection, login and a test mail through the settings; a failure is the 422 with the server's reason. */
async function trySettings(
  platform: Platform,
  access: AccessContext,
  settings: TCompanySmtp,
  testTo: string | undefined,
): Promise<void> {
  const db = platform.database.db;
  const to = testTo ?? (await findPeople(db, [access.userId])).get(access.userId)?.email;
  if (!to) {
    throw validationError([
      { key: 'test_to', message: 'Enter an address for the test mail', path: ['test_to'] },
    ]);
  }
  const company = await findCompanyById(db, access.companyId);
  const server = `${settings.host}:${settings.port}`;
  try {
    await platform.mail.trySmtp(
      settings,
      {
        to,
        subject: `Test mail from ${company?.name ?? 'your workspace'}`,
        kind: 'smtp.test',
        heading: 'Your SMTP settings work',
        bodyHtml:
          `<p>This mail came through <strong>${escapeHtml(server)}</strong> as ` +
          `${escapeHtml(settings.fromName)} &lt;${escapeHtml(settings.fromEmail)}&gt;.</p>` +
          '<p>Once the settings are saved, the mails of your workspace are sent this way.</p>',
      },
      { companyId: access.companyId },
    );
  } catch (err) {
    if (!(err instanceof SmtpCheckError)) throw err;
    const key = fieldOf(err);
    throw new AppError('VALIDATION_FAILED', {
      message: 'Please Verify your Details Once',
      details: [{ key, message: err.reason, path: [key] }],
    });
  }
}

/** The field a failed check is about: the server, the login, the sender or the test address. */
function fieldOf(err: SmtpCheckError): string {
  if (err.stage === 'connect') return 'host';
  if (err.stage === 'login') return 'password';
  const command = (err.cause as { command?: unknown } | undefined)?.command;
  if (command === 'MAIL FROM') return 'from_email';
  if (command === 'RCPT TO') return 'test_to';
  return 'host';
}

/** A host leading into a private network is refused (SSRF), unless SMTP_ALLOW_PRIVATE_HOSTS. */
async function refusePrivateHost(host: string, allowPrivate: boolean): Promise<void> {
  try {
    await checkHostAtSave(host, allowPrivate);
  } catch (err) {
    if (!(err instanceof PrivateHostError)) throw err;
    throw validationError(
      [{ key: 'host', message: err.message, path: ['host'] }],
      'This SMTP host is not allowed: it leads into a private network',
    );
  }
}

/** The settings as the platform's mail takes them; its connections are checked for private addresses. */
function settingsOf(
  input: Omit<TSmtpConfigInput, 'password' | 'test_to'>,
  allowPrivate: boolean,
): Omit<TCompanySmtp, 'password'> {
  const getSocket = guardedSocket(allowPrivate);
  return {
    ...(getSocket ? { getSocket } : {}),
    host: input.host,
    port: input.port,
    security: input.security,
    username: input.username,
    fromName: input.from_name,
    fromEmail: input.from_email,
  };
}

function toInput(row: Row): Omit<TSmtpConfigInput, 'password' | 'test_to'> {
  return {
    enabled: row.enabled,
    host: row.host,
    port: row.port,
    security: row.security,
    username: row.username,
    from_name: row.fromName,
    from_email: row.fromEmail,
  };
}

async function findRow(db: Pick<Db, 'select'>, companyId: string): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(companySmtpConfigs)
    .where(eq(companySmtpConfigs.companyId, companyId))
    .limit(1);
  return row;
}

function toView(row: Row): TSmtpConfig {
  return {
    configured: true,
    enabled: row.enabled,
    host: row.host,
    port: row.port,
    security: row.security,
    username: row.username,
    has_password: row.passwordEncrypted !== null,
    from_name: row.fromName,
    from_email: row.fromEmail,
    verified_at: row.verifiedAt ? row.verifiedAt.toISOString() : null,
    updated_at: row.updatedAt.toISOString(),
  };
}
