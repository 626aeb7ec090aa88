import { and, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  INDUSTRY_TYPES,
  type TApp,
  type TAppContents,
  type TAppDetail,
  type TAppInfo,
  type TAppListQuery,
  type TAppManifest,
  type TAppStatus,
  type TIndustryType,
  type TInstalledApp,
  type TInstallResult,
  ZAppInfo,
  type ZCreateApplicationRequest,
  type ZInstallAppRequest,
  type ZPublishAppRequest,
  type ZUpdatePublishedAppRequest,
} from '@esigns/contracts/apps';
import { escapeLike, type Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { isUniqueViolation } from '../auth';
import { findCompanyById } from '../company';
import type { AccessContext } from '../permissions';
import { checkManifest } from './check';
import { installManifest } from './install';
import { isInstanceOperator } from './operators';
import { packageGroup } from './package';
import { appInstallations, apps } from './schema';
import { SHIPPED_APPS, type ShippedApp } from './shipped';
import { uninstallCreated } from './uninstall';
import { detail } from './refs';
import type { z } from 'zod';

/*
 * Apps: packaging, review, the marketplace, installs. Company apps are rows of `apps`; shipped
 * apps are manifests in `shipped/`, approved on every instance. See README.
 */

type AppRow = typeof apps.$inferSelect;
type InstallRow = typeof appInstallations.$inferSelect;

/** `1.10.0` > `1.9.3`. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i += 1) if ((pa[i] ?? 0) !== (pb[i] ?? 0)) return (pa[i] ?? 0) - (pb[i] ?? 0);
  return 0;
}

export function contentsOf(m: TAppManifest): TAppContents {
  const names = (items: { body: Record<string, unknown> }[]) => items.map((c) => String(c.body.name ?? ''));
  return {
    entities: names(m.entities),
    templates: m.templates.length,
    relationships: m.relationships.length,
    views: m.views.length,
    email_templates: m.email_templates.length,
    forms: names(m.forms),
    workflows: names(m.workflows),
    dashboards: names(m.dashboards),
    menus: m.menus.length,
    records: m.records.length,
  };
}

type Listed = {
  id: string;
  manifest: TAppManifest;
  status: TAppStatus;
  shipped: boolean;
  publisher: { _id: string; name: string } | null;
  reviewNote: string | null;
  createdAt: Date;
  updatedAt: Date;
};

function toApp(item: Listed, installedVersion: string | null): TApp {
  const info = item.manifest.app;
  return {
    _id: item.id,
    name: info.name,
    version: info.version,
    description: info.description,
    industry_type: info.industry_type,
    icon: info.icon,
    release_notes: info.release_notes,
    screenshots: info.screenshots,
    status: item.status,
    shipped: item.shipped,
    publisher: item.publisher,
    review_note: item.reviewNote,
    contents: contentsOf(item.manifest),
    installed_version: installedVersion,
    created_at: item.createdAt.toISOString(),
    updated_at: item.updatedAt.toISOString(),
  };
}

const shippedListed = (app: ShippedApp): Listed => ({
  id: app.id,
  manifest: app.manifest,
  status: 'APPROVED',
  shipped: true,
  publisher: null,
  reviewNote: null,
  createdAt: app.since,
  updatedAt: app.since,
});

async function rowsListed(db: Db, rows: AppRow[]): Promise<Listed[]> {
  const names = new Map<string, string>();
  for (const companyId of new Set(rows.map((r) => r.companyId))) {
    names.set(companyId, (await findCompanyById(db, companyId))?.name ?? '');
  }
  return rows.map((row) => ({
    id: row.id,
    manifest: row.manifest,
    status: row.status,
    shipped: false,
    publisher: { _id: row.companyId, name: names.get(row.companyId) ?? '' },
    reviewNote: row.reviewNote,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }));
}

async function installedVersions(db: Db, companyId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ appId: appInstallations.appId, version: appInstallations.version })
    .from(appInstallations)
    .where(eq(appInstallations.companyId, companyId));
  return new Map(rows.map((r) => [r.appId, r.version]));
}

/** `GET /fetchAllApps`. */
export async function listApps(
  platform: Platform,
  access: AccessContext,
  query: TAppListQuery,
): Promise<{ rows: TApp[]; total: number }> {
  const { db } = platform.database;
  if (query.scope === 'pending' && !(await isInstanceOperator(platform, access.userId)))
    throw new AppError('FORBIDDEN', { message: 'Only the instance operator reviews apps' });
  const conditions: (SQL | undefined)[] = [
    query.scope === 'mine'
      ? eq(apps.companyId, access.companyId)
      : eq(apps.status, query.scope === 'pending' ? 'PENDING' : 'APPROVED'),
    query.industry_type ? eq(apps.industryType, query.industry_type) : undefined,
    query.search
      ? or(
          ilike(apps.name, `%${escapeLike(query.search)}%`),
          sql`${apps.manifest} -> 'app' ->> 'description' ilike ${`%${escapeLike(query.search)}%`}`,
        )
      : undefined,
  ];
  const rows = await db
    .select()
    .from(apps)
    .where(and(...conditions))
    .orderBy(desc(apps.updatedAt))
    .limit(1000);
  let listed = await rowsListed(db, rows);
  if (query.scope === 'marketplace') {
    const needle = query.search?.toLowerCase();
    const shipped = SHIPPED_APPS.filter(
      (a) =>
        (!query.industry_type || a.manifest.app.industry_type === query.industry_type) &&
        (!needle || `${a.manifest.app.name} ${a.manifest.app.description}`.toLowerCase().includes(needle)),
    ).map(shippedListed);
    listed = [...shipped, ...listed];
  }
  const versions = await installedVersions(db, access.companyId);
  const start = (query.page - 1) * query.limit;
  return {
    rows: listed.slice(start, start + query.limit).map((item) => toApp(item, versions.get(item.id) ?? null)),
    total: listed.length,
  };
}

/** An app the caller may see: shipped, approved, its company's own, or (operators) pending. */
async function findVisible(platform: Platform, access: AccessContext, id: string): Promise<Listed> {
  const shipped = SHIPPED_APPS.find((a) => a.id === id);
  if (shipped) return shippedListed(shipped);
  const { db } = platform.database;
  const [row] = await db.select().from(apps).where(eq(apps.id, id)).limit(1);
  if (!row) throw notFound('App');
  const mayRead =
    row.status === 'APPROVED' ||
    row.companyId === access.companyId ||
    (row.status === 'PENDING' && (await isInstanceOperator(platform, access.userId)));
  if (!mayRead) throw notFound('App');
  return (await rowsListed(db, [row]))[0]!;
}

/** `GET /app-details/{_id}`: with its manifest. */
export async function getApp(platform: Platform, access: AccessContext, id: string): Promise<TAppDetail> {
  const item = await findVisible(platform, access, id);
  const versions = await installedVersions(platform.database.db, access.companyId);
  return { ...toApp(item, versions.get(item.id) ?? null), manifest: item.manifest };
}

async function ownRow(db: Db, access: AccessContext, id: string): Promise<AppRow> {
  const [row] = await db
    .select()
    .from(apps)
    .where(and(eq(apps.id, id), eq(apps.companyId, access.companyId)))
    .limit(1);
  if (!row) throw notFound('App');
  return row;
}

/** The manifest of a create or update: packaged from a group, or given (checked either way). */
async function manifestOf(
  db: Db,
  access: AccessContext,
  source: { entity_group_id?: string | undefined; manifest?: unknown; include_records: boolean },
  info: TAppInfo,
): Promise<TAppManifest> {
  if (source.entity_group_id) {
    const packaged = await packageGroup(db, access, source.entity_group_id, info, source.include_records);
    return checkManifest(packaged);
  }
  const given = checkManifest(source.manifest, 'manifest');
  return { ...given, app: { ...given.app, ...info, screenshots: given.app.screenshots } };
}

/** `POST /create-application`: a DRAFT app of the caller's company. */
export async function createApplication(
  platform: Platform,
  access: AccessContext,
  input: z.output<typeof ZCreateApplicationRequest>,
): Promise<TAppDetail> {
  const { db } = platform.database;
  const uploaded =
    input.manifest !== undefined ? (input.manifest as { app?: Partial<TAppInfo> }).app : undefined;
  const name = input.name ?? uploaded?.name;
  if (!name) throw validationError([detail('name', 'Give the app a name')]);
  const info = ZAppInfo.parse({
    name,
    version:
      input.manifest !== undefined && !input.name ? (uploaded?.version ?? input.version) : input.version,
    description: input.description || uploaded?.description || '',
    industry_type:
      input.manifest !== undefined && input.industry_type === 'OTHER'
        ? (uploaded?.industry_type ?? 'OTHER')
        : input.industry_type,
    icon: input.icon ?? uploaded?.icon ?? null,
    release_notes: input.release_notes || uploaded?.release_notes || '',
  } satisfies Partial<TAppInfo>);
  const manifest = await manifestOf(db, access, input, info);
  const [row] = await db
    .insert(apps)
    .values({
      companyId: access.companyId,
      name: manifest.app.name,
      version: manifest.app.version,
      industryType: manifest.app.industry_type,
      manifest,
      entityGroupId: input.entity_group_id ?? null,
      createdBy: access.userId,
    })
    .returning();
  return getApp(platform, access, row!.id);
}

/** `POST /createApp/{_id}`: PUBLISH / WITHDRAW (the owner's company), APPROVE / REJECT (the instance operator). */
export async function decideApp(
  platform: Platform,
  access: AccessContext,
  id: string,
  body: z.output<typeof ZPublishAppRequest>,
): Promise<TAppDetail> {
  const { db } = platform.database;
  const review = body.action === 'APPROVE' || body.action === 'REJECT';
  let row: AppRow | undefined;
  if (review) {
    if (!(await isInstanceOperator(platform, access.userId)))
      throw new AppError('FORBIDDEN', { message: 'Only the instance operator approves or rejects apps' });
    [row] = await db.select().from(apps).where(eq(apps.id, id)).limit(1);
    if (!row) throw notFound('App');
  } else {
    row = await ownRow(db, access, id);
  }
  const from: Record<typeof body.action, TAppStatus[]> = {
    PUBLISH: ['DRAFT', 'REJECTED'],
    WITHDRAW: ['PENDING', 'APPROVED'],
    APPROVE: ['PENDING'],
    REJECT: ['PENDING', 'APPROVED'],
  };
  const to: Record<typeof body.action, TAppStatus> = {
    PUBLISH: 'PENDING',
    WITHDRAW: 'DRAFT',
    APPROVE: 'APPROVED',
    REJECT: 'REJECTED',
  };
  if (!from[body.action].includes(row.status))
    throw new AppError('CONFLICT', {
      message: `The app is ${row.status}: it cannot be ${to[body.action].toLowerCase()} now`,
    });
  const [changed] = await db
    .update(apps)
    .set({
      status: to[body.action],
      updatedAt: new Date(),
      ...(review ? { reviewNote: body.note ?? null, reviewedBy: access.userId, reviewedAt: new Date() } : {}),
    })
    .where(and(eq(apps.id, row.id), eq(apps.status, row.status)))
    .returning({ id: apps.id });
  if (!changed) throw new AppError('CONFLICT', { message: 'The app changed meanwhile: reload it' });
  const listed = (await rowsListed(db, [(await db.select().from(apps).where(eq(apps.id, row.id)))[0]!]))[0]!;
  return { ...toApp(listed, null), manifest: listed.manifest };
}

/** `PATCH /updatePublishedApp`: a higher version; a listed or pending app goes back to review. */
export async function updatePublishedApp(
  platform: Platform,
  access: AccessContext,
  input: z.output<typeof ZUpdatePublishedAppRequest>,
): Promise<TAppDetail> {
  const { db } = platform.database;
  const row = await ownRow(db, access, input._id);
  if (compareVersions(input.version, row.version) <= 0)
    throw validationError([detail('version', `Give a version above ${row.version}`)]);
  const info = ZAppInfo.parse({
    ...row.manifest.app,
    version: input.version,
    release_notes: input.release_notes,
    ...(input.description !== undefined ? { description: input.description } : {}),
    ...(input.industry_type ? { industry_type: input.industry_type } : {}),
  });
  const groupId =
    input.entity_group_id ?? (input.manifest === undefined ? (row.entityGroupId ?? undefined) : undefined);
  if (!groupId && input.manifest === undefined)
    throw validationError([
      detail('manifest', 'Give the new manifest (the app was not packaged from a group)'),
    ]);
  const manifest = await manifestOf(
    db,
    access,
    { entity_group_id: groupId, manifest: input.manifest, include_records: input.include_records },
    info,
  );
  await db
    .update(apps)
    .set({
      manifest,
      version: manifest.app.version,
      name: manifest.app.name,
      industryType: manifest.app.industry_type,
      status: row.status === 'DRAFT' ? 'DRAFT' : 'PENDING',
      updatedAt: new Date(),
    })
    .where(eq(apps.id, row.id));
  return getApp(platform, access, row.id);
}

/** `DELETE /delete-application-permanently/{_id}`: the company's own app; installs elsewhere keep what they installed. */
export async function deleteApp(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<{ _id: string }> {
  const { db } = platform.database;
  const row = await ownRow(db, access, id);
  await db.delete(apps).where(eq(apps.id, row.id));
  return { _id: row.id };
}

function toInstalled(row: InstallRow, latest: string | null): TInstalledApp {
  return {
    _id: row.id,
    app_id: row.appId,
    name: row.name,
    version: row.version,
    latest_version: latest,
    industry_type: row.industryType as TIndustryType,
    installed_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    created: row.created,
    renamed: row.renamed,
  };
}

/** The version each app offers now (shipped, approved, or the company's own). */
async function latestVersions(db: Db, companyId: string, appIds: string[]): Promise<Map<string, string>> {
  const result = new Map<string, string>(SHIPPED_APPS.map((a) => [a.id, a.manifest.app.version]));
  const ids = appIds.filter((id) => !result.has(id));
  if (ids.length > 0) {
    const rows = await db
      .select({ id: apps.id, version: apps.version, status: apps.status, companyId: apps.companyId })
      .from(apps)
      .where(inArray(apps.id, ids));
    for (const r of rows)
      if (r.status === 'APPROVED' || r.companyId === companyId) result.set(r.id, r.version);
  }
  return result;
}

/** `GET /fetchInstalledApplications`. */
export async function listInstalled(db: Db, access: AccessContext): Promise<TInstalledApp[]> {
  const rows = await db
    .select()
    .from(appInstallations)
    .where(eq(appInstallations.companyId, access.companyId))
    .orderBy(desc(appInstallations.createdAt));
  const latest = await latestVersions(
    db,
    access.companyId,
    rows.map((r) => r.appId),
  );
  return rows.map((row) => toInstalled(row, latest.get(row.appId) ?? null));
}

/**
 * `POST /create-entities-templates`: installs the app's current version, or updates the installed
 * one to it (new components and fields; records kept). One transaction.
 */
export async function installApp(
  platform: Platform,
  access: AccessContext,
  input: z.output<typeof ZInstallAppRequest>,
): Promise<TInstallResult> {
  const { db } = platform.database;
  const app = await findVisible(platform, access, input.app_id).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'NOT_FOUND')
      throw validationError([detail('app_id', 'No such app in the marketplace')]);
    throw err;
  });
  if (app.status !== 'APPROVED' && app.publisher?._id !== access.companyId)
    throw validationError([detail('app_id', 'No such app in the marketplace')]);
  // Checked again: a manifest stored by an older build must still hold.
  const manifest = checkManifest(app.manifest);
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(appInstallations)
        .where(and(eq(appInstallations.companyId, access.companyId), eq(appInstallations.appId, app.id)))
        .for('update');
      if (current && compareVersions(manifest.app.version, current.version) <= 0)
        throw new AppError('CONFLICT', {
          message: `${current.name} ${current.version} is installed already`,
          errorCode: 'APP_INSTALLED',
        });
      const outcome = await installManifest(tx, access, manifest, {
        ...(current ? { previous: current.created } : {}),
        includeRecords: input.include_records,
      });
      const values = {
        name: manifest.app.name,
        version: manifest.app.version,
        industryType: manifest.app.industry_type,
        manifest,
        created: outcome.created,
        renamed: { ...(current?.renamed ?? {}), ...outcome.renamed },
        updatedAt: new Date(),
      };
      const [row] = current
        ? await tx.update(appInstallations).set(values).where(eq(appInstallations.id, current.id)).returning()
        : await tx
            .insert(appInstallations)
            .values({ ...values, companyId: access.companyId, appId: app.id, installedBy: access.userId })
            .returning();
      return {
        ...toInstalled(row!, manifest.app.version),
        records_created: outcome.recordsCreated,
        fields_added: outcome.fieldsAdded,
      };
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw new AppError('CONFLICT', {
        message: 'The app was installed meanwhile',
        errorCode: 'APP_INSTALLED',
      });
    throw err;
  }
}

/** `DELETE /uninstallApplication/{_id}`: `_id` is the installation's or the app's. One transaction. */
export async function uninstallApp(
  platform: Platform,
  access: AccessContext,
  id: string,
  keepRecords: boolean,
): Promise<{ _id: string; kept_records: boolean }> {
  const { db } = platform.database;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(appInstallations)
      .where(
        and(
          eq(appInstallations.companyId, access.companyId),
          or(eq(appInstallations.id, id), eq(appInstallations.appId, id)),
        ),
      )
      .for('update');
    if (!row) throw notFound('Installed app');
    await uninstallCreated(tx, access, row.created, keepRecords);
    await tx.delete(appInstallations).where(eq(appInstallations.id, row.id));
    return { _id: row.id, kept_records: keepRecords };
  });
}

/** `GET /get-all-industry-types`: with how many listed apps each has. */
export async function industryTypes(
  db: Db,
): Promise<{ value: TIndustryType; label: string; apps: number }[]> {
  const rows = await db
    .select({ type: apps.industryType, n: sql<number>`count(*)::int` })
    .from(apps)
    .where(eq(apps.status, 'APPROVED'))
    .groupBy(apps.industryType);
  const counts = new Map(rows.map((r) => [r.type, r.n]));
  for (const a of SHIPPED_APPS)
    counts.set(a.manifest.app.industry_type, (counts.get(a.manifest.app.industry_type) ?? 0) + 1);
  return INDUSTRY_TYPES.map((t) => ({ value: t.value, label: t.label, apps: counts.get(t.value) ?? 0 }));
}
