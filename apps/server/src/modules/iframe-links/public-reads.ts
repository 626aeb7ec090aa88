import { eq, sql } from 'drizzle-orm';
import { DEFAULT_DATE_FORMAT } from '@esigns/contracts/dates';
import { ZDocumentListQuery } from '@esigns/contracts/document-lists';
import type { TPageQuery } from '@esigns/contracts/envelope';
import type {
  TIframeLinkDocument,
  TIframeLinkPublic,
  TIframeLinkRecords,
} from '@esigns/contracts/iframe-links';
import { splitFieldRef } from '@esigns/contracts/nocode-filters';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, unlessAppError, validationError } from '../../platform/http/app-error';
import { findCompanyById } from '../company';
import { listDocuments } from '../document-lists';
import { allowedOriginsOf } from '../embedding';
import type { EntityDefinition } from '../entities';
import { printableText, queryRecords } from '../entity-data';
import { viewExportSections } from '../entity-views';
import { findFormBuilder } from '../form-builders';
import { loadAccess, type AccessContext } from '../permissions';
import { iframeLinks, type IframeLinkRow } from './schema';
import { statusOf } from './service';
import { formProblem, isListFilter, KIND_PERMISSIONS } from './targets';
import { isPreviewMarker, tokenLinkId, tokenMatches } from './token';

/*
 * The link's own screen (`/if/{token}/link`): calls that take only the token and serve only the
 * link's target, read with its creator's rights as they are now (a creator who left the company or
 * lost the kind's permissions leaves the link unavailable: 410 LINK_UNAVAILABLE).
 */

const gone = (errorCode: string, message: string) => new AppError('GONE', { message, errorCode });
const unavailable = () => gone('LINK_UNAVAILABLE', 'This link is no longer available');

/** The live link of a token: 404 unknown or forged, 410 revoked or expired. */
export async function resolveToken(db: Db, instanceSecret: string, token: string): Promise<IframeLinkRow> {
  const id = tokenLinkId(token);
  const [row] = id ? await db.select().from(iframeLinks).where(eq(iframeLinks.id, id)).limit(1) : [];
  if (!row || !tokenMatches(instanceSecret, token, row.id, row.secret)) throw notFound('Link');
  const status = statusOf(row);
  if (status === 'REVOKED') throw gone('LINK_REVOKED', 'This link was revoked');
  if (status === 'EXPIRED') throw gone('LINK_EXPIRED', 'This link has expired');
  return row;
}

/** The company a token's link belongs to when it is live (frame-ancestors of `/if/ifl_...`), else null. */
export async function companyOfToken(db: Db, instanceSecret: string, token: string): Promise<string | null> {
  const row = await unlessAppError(resolveToken(db, instanceSecret, token), ['NOT_FOUND', 'GONE']);
  return row?.companyId ?? null;
}

/** The creator's access as it is now, holding the kind's permissions, else 410. */
async function creatorAccess(db: Db, row: IframeLinkRow): Promise<AccessContext> {
  if (!row.createdBy) throw unavailable();
  const access = await unlessAppError(loadAccess(db, { userId: row.createdBy, companyId: row.companyId }), [
    'UNAUTHORIZED',
  ]);
  if (!access || KIND_PERMISSIONS[row.kind].some((slug) => !access.permissions.has(slug)))
    throw unavailable();
  return access;
}

/**
 * `GET /iframe-link/{token}`: what the screen shows; counts an open, unless `preview` is a live staff
 * preview marker of this link (token.ts: only a staff answer carries one).
 */
export async function describeLink(
  db: Db,
  instanceSecret: string,
  token: string,
  preview?: string,
): Promise<TIframeLinkPublic> {
  const row = await resolveToken(db, instanceSecret, token);
  await creatorAccess(db, row);
  const company = await findCompanyById(db, row.companyId);
  const base = {
    name: row.name,
    kind: row.kind,
    expires_at: row.expiresAt.toISOString(),
    company: { name: company?.name ?? '' },
    allowed_origins: await allowedOriginsOf(db, row.companyId),
    form: null,
    view: null,
    documents: null,
  };
  let answer: TIframeLinkPublic;
  switch (row.kind) {
    case 'FORM': {
      const form = await unlessAppError(findFormBuilder(db, row.companyId, row.targetId));
      if (!form || formProblem(form)) throw unavailable();
      answer = { ...base, form: { _id: form.id, code: form.code, name: form.name } };
      break;
    }
    case 'ENTITY_VIEW': {
      const view = await unlessAppError(viewExportSections(db, row.companyId, row.targetId, {}), [
        'NOT_FOUND',
        'VALIDATION_FAILED',
      ]);
      if (!view) throw unavailable();
      answer = {
        ...base,
        view: {
          name: view.name,
          entities: view.sections.map((s) => ({ _id: s.def.row.id, name: s.def.row.name })),
        },
      };
      break;
    }
    case 'DOCUMENT_LIST': {
      if (!isListFilter(row.targetId)) throw unavailable();
      answer = { ...base, documents: { filter: row.targetId } };
      break;
    }
  }
  if (isPreviewMarker(instanceSecret, row.id, preview)) return answer;
  await db
    .update(iframeLinks)
    .set({ opens: sql`${iframeLinks.opens} + 1`, lastOpenedAt: new Date() })
    .where(eq(iframeLinks.id, row.id));
  return answer;
}

type Column = {
  key: string;
  label: string;
  cell: (record: RecordLike, titles: Record<string, string>) => string;
};
type RecordLike = {
  title: string;
  values: Record<string, Record<string, unknown>>;
  created_at: string;
  updated_at: string;
};

/** The view's columns of the entity (its default: the primary template's fields, then Created). */
function columnsOf(def: EntityDefinition, refs: string[]): Column[] {
  const day = (iso: string) => iso.slice(0, 10);
  const system: Record<string, Column> = {
    title: { key: 'title', label: 'Title', cell: (r) => r.title },
    created_at: { key: 'created_at', label: 'Created', cell: (r) => day(r.created_at) },
    updated_at: { key: 'updated_at', label: 'Updated', cell: (r) => day(r.updated_at) },
  };
  const fieldColumn = (templateId: string, field: EntityDefinition['primary']['fields'][number]): Column => ({
    key: `${templateId}#${field.key}`,
    label: field.label,
    cell: (r, titles) =>
      printableText(field, r.values[templateId]?.[field.key], {
        dateFormat: DEFAULT_DATE_FORMAT,
        linkedTitles: titles,
      }),
  });
  if (refs.length === 0) {
    return [...def.primary.fields.slice(0, 8).map((f) => fieldColumn(def.primary.id, f)), system.created_at!];
  }
  return refs.flatMap((ref): Column[] => {
    if (system[ref]) return [system[ref]];
    const parts = splitFieldRef(ref);
    const template = parts ? def.byId.get(parts.templateId) : undefined;
    const field =
      template && !template.isRepeatable ? template.fields.find((f) => f.key === parts!.key) : undefined;
    return field ? [fieldColumn(template!.id, field)] : [];
  });
}

/** `GET /iframe-link/{token}/records`: a page of the view's rows of one entity, its columns only, as text. */
export async function linkRecords(
  db: Db,
  instanceSecret: string,
  token: string,
  query: TPageQuery & { entity_id?: string | undefined },
): Promise<TIframeLinkRecords> {
  const row = await resolveToken(db, instanceSecret, token);
  if (row.kind !== 'ENTITY_VIEW') throw notFound('Records');
  const access = await creatorAccess(db, row);
  const view = await unlessAppError(viewExportSections(db, row.companyId, row.targetId, {}), [
    'NOT_FOUND',
    'VALIDATION_FAILED',
  ]);
  if (!view) throw unavailable();
  const section = query.entity_id
    ? view.sections.find((s) => s.def.row.id === query.entity_id)
    : view.sections[0];
  if (!section) {
    throw validationError([{ key: 'entity_id', path: ['entity_id'], message: 'Not an entity of this view' }]);
  }
  const limit = Math.min(query.limit, 100);
  const page = await queryRecords(db, access, section.def, {
    ...section.recordQuery,
    apply_global_filters: false,
    page: query.page,
    limit,
  });
  const columns = columnsOf(section.def, section.columns);
  return {
    entity: { _id: section.def.row.id, name: section.def.row.name },
    columns: columns.map(({ key, label }) => ({ key, label })),
    data: page.data.map((record) => ({
      _id: record._id,
      cells: columns.map((c) => c.cell(record, page.linked_titles)),
    })),
    total: page.total,
    page: query.page,
    total_pages: Math.ceil(page.total / limit),
  };
}

/** `GET /iframe-link/{token}/documents`: a page of the creator's documents list: names, status, dates. */
export async function linkDocuments(
  db: Db,
  instanceSecret: string,
  token: string,
  query: TPageQuery,
): Promise<{ rows: TIframeLinkDocument[]; total: number; limit: number }> {
  const row = await resolveToken(db, instanceSecret, token);
  if (row.kind !== 'DOCUMENT_LIST' || !isListFilter(row.targetId)) throw notFound('Documents');
  const access = await creatorAccess(db, row);
  const listQuery = ZDocumentListQuery.parse({ page: query.page, limit: Math.min(query.limit, 100) });
  const { rows, total } = await listDocuments(db, access, row.targetId, listQuery);
  return {
    rows: rows.map((d) => ({
      _id: d._id,
      name: d.name,
      status: d.status,
      sent_at: d.sent_at,
      completed_at: d.completed_at,
      expires_at: d.expires_at,
      created_at: d.created_at,
    })),
    total,
    limit: listQuery.limit,
  };
}
