import { and, eq } from 'drizzle-orm';
import type { IntegrationEventType } from '@esigns/contracts/integration-events';
import {
  SHAREPOINT_DEFAULT_PATTERN,
  type TSharePointConnection,
  type TSharePointCredentials,
  type TSharePointSettings,
  type TSharePointTestResult,
} from '@esigns/contracts/sharepoint';
import { secretBox } from '../../platform/auth/secret-box';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  fetchToken,
  forgetToken,
  getDrive,
  getSite,
  GraphError,
  listDrives,
  searchSites,
  type GraphCredentials,
  type GraphSession,
  type NamedThing,
} from './graph-client';
import { sharepointConnections } from './schema';

/** The event subscriber name of this module (`platform.events`). */
export const SUBSCRIBER = 'sharepoint';

export type ConnectionRow = typeof sharepointConnections.$inferSelect;

const boxOf = (platform: Platform) =>
  secretBox(platform.config.secrets.storageSecret, 'sharepoint_connections/client-secret');

export function connectionView(row: ConnectionRow): TSharePointConnection {
  return {
    _id: row.id,
    tenant_id: row.tenantId,
    client_id: row.clientId,
    has_secret: row.secretEncrypted !== '',
    site_id: row.siteId,
    site_name: row.siteName,
    site_url: row.siteUrl,
    drive_id: row.driveId,
    drive_name: row.driveName,
    folder_pattern: row.folderPattern,
    copy_documents: row.copyDocuments,
    copy_workflows: row.copyWorkflows,
    enabled: row.enabled,
    is_copying: isCopying(row),
    verified_at: row.verifiedAt?.toISOString() ?? null,
    backfill:
      row.backfillStatus && row.backfillStartedAt
        ? {
            status: row.backfillStatus,
            queued: row.backfillQueued,
            started_at: row.backfillStartedAt.toISOString(),
            finished_at: row.backfillFinishedAt?.toISOString() ?? null,
          }
        : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const isCopying = (row: Pick<ConnectionRow, 'enabled' | 'driveId'>): boolean => row.enabled && !!row.driveId;

/** What the connection listens to, as the event bus keeps it: nothing until a library is chosen. */
export function interestOf(
  row: Pick<ConnectionRow, 'enabled' | 'driveId' | 'copyDocuments' | 'copyWorkflows'>,
): IntegrationEventType[] {
  if (!isCopying(row)) return [];
  return [
    ...(row.copyDocuments ? (['document.completed'] as const) : []),
    ...(row.copyWorkflows ? (['workflow.completed'] as const) : []),
  ];
}

export async function findConnectionRow(
  db: Pick<Db, 'select'>,
  companyId: string,
): Promise<ConnectionRow | undefined> {
  const [row] = await db
    .select()
    .from(sharepointConnections)
    .where(eq(sharepointConnections.companyId, companyId));
  return row;
}

async function requireConnection(db: Pick<Db, 'select'>, companyId: string): Promise<ConnectionRow> {
  const row = await findConnectionRow(db, companyId);
  if (!row) throw notFound('SharePoint connection');
  return row;
}

export function credentialsOf(platform: Platform, row: ConnectionRow): GraphCredentials {
  return {
    tenantId: row.tenantId,
    clientId: row.clientId,
    clientSecret: boxOf(platform).open(row.secretEncrypted, row.companyId),
  };
}

/** A Graph session with the connection's app (a fresh token when the cached one is gone). */
export async function sessionOf(
  platform: Platform,
  row: ConnectionRow,
  signal?: AbortSignal,
): Promise<GraphSession> {
  const urls = platform.config.sharepoint;
  return {
    urls,
    token: await fetchToken(urls, credentialsOf(platform, row), signal),
    ...(signal ? { signal } : {}),
  };
}

/** A Graph failure while the user waits: Microsoft's message, never a 500. */
export function graphFailure(err: unknown, key?: string): AppError {
  if (!(err instanceof GraphError)) throw err;
  if (err.status === 0) return new AppError('SERVICE_UNAVAILABLE', { message: err.message });
  if (key) return validationError([{ key, message: err.message, path: [key] }], err.message);
  return new AppError('CONFLICT', { message: err.message, errorCode: 'SHAREPOINT_REFUSED' });
}

/** The token endpoint's refusal, said against the field it is about. */
function refusalKey(err: GraphError): 'tenant_id' | 'client_id' | 'client_secret' {
  const text = `${err.code} ${err.message}`;
  if (/AADSTS90002|AADSTS900023|tenant/i.test(text)) return 'tenant_id';
  if (/AADSTS700016|unauthorized_client|application with identifier/i.test(text)) return 'client_id';
  return 'client_secret';
}

export async function getConnection(db: Pick<Db, 'select'>, companyId: string) {
  const row = await findConnectionRow(db, companyId);
  return row ? connectionView(row) : null;
}

/**
 * `PUT /sharepoint/connection`: asks Microsoft for a token with these credentials first; only
 * credentials that work are saved (a new secret is needed unless one is stored and the app is the
 * same). Changing the tenant or app forgets the site and library chosen with the old one.
 */
export async function saveCredentials(
  platform: Platform,
  companyId: string,
  body: TSharePointCredentials,
): Promise<TSharePointConnection> {
  const db = platform.database.db;
  const existing = await findConnectionRow(db, companyId);
  const sameApp = existing && existing.tenantId === body.tenant_id && existing.clientId === body.client_id;
  let secret = body.client_secret;
  if (!secret) {
    if (!existing || !sameApp) {
      throw validationError([
        { key: 'client_secret', message: 'Enter the client secret', path: ['client_secret'] },
      ]);
    }
    secret = credentialsOf(platform, existing).clientSecret;
  }
  const credentials = { tenantId: body.tenant_id, clientId: body.client_id, clientSecret: secret };
  const urls = platform.config.sharepoint;
  forgetToken(urls, credentials);
  try {
    await fetchToken(urls, credentials);
  } catch (err) {
    if (err instanceof GraphError && err.status !== 0 && err.status < 500) {
      const key = refusalKey(err);
      throw validationError([{ key, message: err.message, path: [key] }], err.message);
    }
    if (err instanceof GraphError && err.status === 0) {
      // Like a company's SMTP server that cannot be reached (mail-config): said on the field that
      // names where to connect, nothing saved; the connection is tried again on the next save.
      const message = `${err.message}. Nothing was saved; check the tenant and this server's access to Microsoft.`;
      throw validationError([{ key: 'tenant_id', message, path: ['tenant_id'] }], message);
    }
    throw graphFailure(err);
  }
  const sealed = boxOf(platform).seal(secret, companyId);
  return db.transaction(async (tx) => {
    const now = new Date();
    const changes = {
      tenantId: body.tenant_id,
      clientId: body.client_id,
      secretEncrypted: sealed,
      verifiedAt: now,
      updatedAt: now,
      ...(sameApp ? {} : { siteId: null, siteName: null, siteUrl: null, driveId: null, driveName: null }),
    };
    const [row] = await tx
      .insert(sharepointConnections)
      .values({ companyId, folderPattern: SHAREPOINT_DEFAULT_PATTERN, ...changes })
      .onConflictDoUpdate({ target: sharepointConnections.companyId, set: changes })
      .returning();
    await platform.events.setInterest(tx, SUBSCRIBER, companyId, row!.id, interestOf(row!));
    return connectionView(row!);
  });
}

/** `PATCH /sharepoint/connection`: the site and library (checked with Graph), pattern and switches. */
export async function updateSettings(
  platform: Platform,
  companyId: string,
  body: TSharePointSettings,
): Promise<TSharePointConnection> {
  const db = platform.database.db;
  const row = await requireConnection(db, companyId);
  if (body.drive_id && !(body.site_id ?? row.siteId)) {
    throw validationError([{ key: 'site_id', message: 'Choose the site first', path: ['site_id'] }]);
  }
  const changes: Partial<ConnectionRow> = {};
  if (body.site_id !== undefined && body.site_id !== row.siteId) {
    const session = await sessionOf(platform, row).catch((err: unknown) => {
      throw graphFailure(err, 'site_id');
    });
    const site = await getSite(session, body.site_id).catch((err: unknown) => {
      throw graphFailure(err, 'site_id');
    });
    Object.assign(changes, { siteId: site.id, siteName: site.name, siteUrl: site.web_url });
    if (!body.drive_id) Object.assign(changes, { driveId: null, driveName: null });
  }
  if (body.drive_id !== undefined) {
    const siteId = changes.siteId ?? row.siteId!;
    const session = await sessionOf(platform, row).catch((err: unknown) => {
      throw graphFailure(err, 'drive_id');
    });
    const drives = await listDrives(session, siteId).catch((err: unknown) => {
      throw graphFailure(err, 'drive_id');
    });
    const drive = drives.find((d) => d.id === body.drive_id);
    if (!drive) {
      throw validationError([
        { key: 'drive_id', message: 'Not a document library of the chosen site', path: ['drive_id'] },
      ]);
    }
    Object.assign(changes, { driveId: drive.id, driveName: drive.name });
  }
  if (body.folder_pattern !== undefined)
    changes.folderPattern = body.folder_pattern || SHAREPOINT_DEFAULT_PATTERN;
  if (body.copy_documents !== undefined) changes.copyDocuments = body.copy_documents;
  if (body.copy_workflows !== undefined) changes.copyWorkflows = body.copy_workflows;
  if (body.enabled !== undefined) changes.enabled = body.enabled;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(sharepointConnections)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(sharepointConnections.id, row.id), eq(sharepointConnections.companyId, companyId)))
      .returning();
    if (!updated) throw notFound('SharePoint connection');
    await platform.events.setInterest(tx, SUBSCRIBER, companyId, updated.id, interestOf(updated));
    return connectionView(updated);
  });
}

/** `DELETE /sharepoint/connection`: with its copy log; queued tries then find nothing. */
export async function deleteConnection(platform: Platform, companyId: string): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(sharepointConnections)
      .where(eq(sharepointConnections.companyId, companyId))
      .returning({ id: sharepointConnections.id });
    if (!row) throw notFound('SharePoint connection');
    await platform.events.setInterest(tx, SUBSCRIBER, companyId, row.id, []);
  });
}

/** `POST /sharepoint/connection/test`: a token now and, when chosen, the library; said, not thrown. */
export async function testConnection(platform: Platform, companyId: string): Promise<TSharePointTestResult> {
  const db = platform.database.db;
  const row = await requireConnection(db, companyId);
  try {
    forgetToken(platform.config.sharepoint, credentialsOf(platform, row));
    const session = await sessionOf(platform, row);
    await db
      .update(sharepointConnections)
      .set({ verifiedAt: new Date() })
      .where(eq(sharepointConnections.id, row.id));
    if (!row.driveId) {
      return {
        ok: true,
        message: 'Microsoft accepted the app. Choose a site and a library next.',
        drive_name: null,
      };
    }
    const drive = await getDrive(session, row.driveId);
    return {
      ok: true,
      message: `Connected: the library ${drive.name} can be reached.`,
      drive_name: drive.name,
    };
  } catch (err) {
    if (!(err instanceof GraphError)) throw err;
    return { ok: false, message: err.message, drive_name: null };
  }
}

export async function findSites(
  platform: Platform,
  companyId: string,
  search: string,
): Promise<NamedThing[]> {
  const row = await requireConnection(platform.database.db, companyId);
  try {
    return await searchSites(await sessionOf(platform, row), search);
  } catch (err) {
    throw graphFailure(err);
  }
}

export async function findDrives(
  platform: Platform,
  companyId: string,
  siteId: string,
): Promise<NamedThing[]> {
  const row = await requireConnection(platform.database.db, companyId);
  try {
    return await listDrives(await sessionOf(platform, row), siteId);
  } catch (err) {
    if (err instanceof GraphError && (err.status === 404 || err.status === 400)) throw notFound('Site');
    throw graphFailure(err);
  }
}
