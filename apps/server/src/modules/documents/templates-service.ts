import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TConfigurableDocument, TPublishSettings, TRecipient } from '@esigns/contracts/documents';
import { hasPermission } from '@esigns/contracts/permissions';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { isUuid } from '@esigns/contracts/ids';
import { AppError, notFound, unlessAppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { activeMemberIds } from '../company';
import type { AccessContext } from '../permissions';
import { likePattern } from '../roles';
import { insertConfigurable } from './configurable-service';
import { copyPdf } from './document-files';
import {
  canSeeOneOff,
  canSeeTemplate,
  findConfigurable,
  findEmployeeDocument,
  peopleByIds,
  presentConfigurable,
  type Reader,
} from './lookups';
import { configurableDocuments, companyDocuments, documentUsers } from './schema';
import { toPublishSettings, type ConfigurableRow, type PersonRef } from './serializers';

export type TemplateListRow = {
  _id: string;
  name: string;
  company_document_id: string;
  status: 'ACTIVE' | 'INACTIVE';
  owner: PersonRef;
  shared_with: string[];
  updated_at: string;
  created_at: string;
  recipients_count: number;
  fields_count: number;
  page_count: number;
  publish: TPublishSettings;
};

export const TEMPLATE_SORTS = [
  'name',
  '-name',
  'updated_at',
  '-updated_at',
  'created_at',
  '-created_at',
] as const;
export type TemplateSort = (typeof TEMPLATE_SORTS)[number];

/** Which templates a caller sees: all of the company's with `templates:view`, else their own and those shared with them. */
function visibleTemplates(access: AccessContext): SQL | undefined {
  if (access.planType === 'BUSINESS' && hasPermission(access, 'templates:view')) return undefined;
  return or(
    eq(configurableDocuments.ownerId, access.userId),
    sql`${configurableDocuments.sharedWith} @> ${JSON.stringify([access.userId])}::jsonb`,
  );
}

/** `GET /document-templates`: paged, searchable by name, sorted (default: last changed first). */
export async function listTemplates(
  platform: Platform,
  access: AccessContext,
  query: {
    page: number;
    limit: number;
    search?: string | undefined;
    sort?: TemplateSort | undefined;
    status?: 'ACTIVE' | 'INACTIVE' | undefined;
  },
): Promise<{ rows: TemplateListRow[]; total: number }> {
  const db = platform.database.db;
  const filters: (SQL | undefined)[] = [
    eq(configurableDocuments.companyId, access.companyId),
    eq(configurableDocuments.isTemplate, true),
    isNull(configurableDocuments.deletedAt),
    visibleTemplates(access),
  ];
  if (query.search) filters.push(ilike(configurableDocuments.name, likePattern(query.search)));
  if (query.status) filters.push(eq(configurableDocuments.status, query.status));
  const where = and(...filters);
  const sort = query.sort ?? '-updated_at';
  const column = sort.endsWith('name')
    ? sql`lower(${configurableDocuments.name})`
    : sort.endsWith('created_at')
      ? configurableDocuments.createdAt
      : configurableDocuments.updatedAt;
  const [total] = await db.select({ n: count() }).from(configurableDocuments).where(where);
  const rows = await db
    .select()
    .from(configurableDocuments)
    .where(where)
    .orderBy(sort.startsWith('-') ? desc(column) : asc(column), asc(configurableDocuments.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const owners = await peopleByIds(
    db,
    rows.map((r) => r.ownerId),
  );
  return {
    total: Number(total?.n ?? 0),
    rows: rows.map((r) => ({
      _id: r.id,
      name: r.name,
      company_document_id: r.companyDocumentId,
      status: r.status,
      owner: owners.get(r.ownerId) ?? { _id: r.ownerId, name: '', email: '' },
      shared_with: r.sharedWith,
      updated_at: r.updatedAt.toISOString(),
      created_at: r.createdAt.toISOString(),
      recipients_count: r.documentUsers.length,
      fields_count: r.fields.length,
      page_count: r.pages.length,
      publish: toPublishSettings(r.publish, platform.config.publicUrl),
    })),
  };
}

/** 409 when another live template of the company has this name (ignoring case and spaces). */
export async function assertTemplateNameFree(
  db: Reader,
  companyId: string,
  name: string,
  exceptId?: string,
): Promise<void> {
  const [clash] = await db
    .select({ id: configurableDocuments.id })
    .from(configurableDocuments)
    .where(
      and(
        eq(configurableDocuments.companyId, companyId),
        eq(configurableDocuments.isTemplate, true),
        isNull(configurableDocuments.deletedAt),
        sql`lower(trim(${configurableDocuments.name})) = ${name.trim().toLowerCase()}`,
        exceptId ? ne(configurableDocuments.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (clash) throw new AppError('CONFLICT', { message: `A template named "${name.trim()}" already exists` });
}

/** A template of the company the caller sees (404 otherwise). */
export async function findTemplate(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<ConfigurableRow> {
  const row = await findConfigurable(platform.database.db, access.companyId, id);
  if (!row.isTemplate || !canSeeTemplate(access, row)) throw notFound('Template');
  return row;
}

/**
 * `POST /document-templates/{id}/rename` (`{name, configId}`): `{id}` is the template's
 * configurable document id or its company document id; `configId`, when given, names the
 * configurable document and must belong to it. The company document takes the name too.
 */
export async function renameTemplate(
  platform: Platform,
  access: AccessContext,
  id: string,
  input: { name: string; configId?: string | undefined },
): Promise<TConfigurableDocument> {
  const db = platform.database.db;
  const row = await resolveTemplate(platform, access, id, input.configId);
  await assertTemplateNameFree(db, access.companyId, input.name, row.id);
  const updated = await db.transaction(async (tx) => {
    const [next] = await tx
      .update(configurableDocuments)
      .set({ name: input.name, updatedAt: new Date() })
      .where(eq(configurableDocuments.id, row.id))
      .returning();
    await tx
      .update(companyDocuments)
      .set({ name: input.name, updatedAt: new Date() })
      .where(eq(companyDocuments.id, row.companyDocumentId));
    return next!;
  });
  return presentConfigurable(platform, updated);
}

async function resolveTemplate(
  platform: Platform,
  access: AccessContext,
  id: string,
  configId: string | undefined,
): Promise<ConfigurableRow> {
  if (configId) {
    const row = await findTemplate(platform, access, configId);
    if (id !== row.id && id !== row.companyDocumentId) throw notFound('Template');
    return row;
  }
  if (!isUuid(id)) throw notFound('Template');
  const [byCompanyDoc] = await platform.database.db
    .select({ id: configurableDocuments.id })
    .from(configurableDocuments)
    .where(
      and(
        eq(configurableDocuments.companyId, access.companyId),
        eq(configurableDocuments.companyDocumentId, id),
        eq(configurableDocuments.isTemplate, true),
        isNull(configurableDocuments.deletedAt),
      ),
    )
    .limit(1);
  return findTemplate(platform, access, byCompanyDoc?.id ?? id);
}

/**
 * `POST /document-templates/{id}/duplicate` (`{name, isShareTemplate, is_duplicate}`): a copy
 * of the template under a new, unused name (409 otherwise), owned by the caller, not published.
 * `isShareTemplate: true` keeps the original's sharing; `is_duplicate` is accepted and ignored.
 */
export async function duplicateTemplate(
  platform: Platform,
  access: AccessContext,
  id: string,
  input: { name: string; isShareTemplate?: boolean | undefined },
): Promise<TConfigurableDocument> {
  const db = platform.database.db;
  const row = await resolveTemplate(platform, access, id, undefined);
  await assertTemplateNameFree(db, access.companyId, input.name);
  const [companyDoc] = await db
    .select()
    .from(companyDocuments)
    .where(eq(companyDocuments.id, row.companyDocumentId))
    .limit(1);
  const copy = await db.transaction((tx) =>
    insertConfigurable(tx, access, {
      name: input.name,
      isTemplate: true,
      files: companyDoc?.files ?? [row.file],
      file: row.file,
      pages: row.pages,
      fields: row.fields,
      documentUsers: row.documentUsers,
      settings: row.settings,
      sharedWith: input.isShareTemplate ? row.sharedWith.filter((u) => u !== access.userId) : [],
    }),
  );
  return presentConfigurable(platform, copy);
}

/**
 * `POST /share-template` (`{template_id, user_ids}`): the company users the template is shared
 * with (the list replaces the previous one). Ids that are not active members are 422.
 */
export async function shareTemplate(
  platform: Platform,
  access: AccessContext,
  input: { template_id: string; user_ids: string[] },
): Promise<TConfigurableDocument> {
  const db = platform.database.db;
  const row = await findTemplate(platform, access, input.template_id);
  const ids = [...new Set(input.user_ids)];
  const known = await activeMemberIds(db, access.companyId, ids);
  const details: TValidationDetail[] = [];
  input.user_ids.forEach((id, i) => {
    if (!known.has(id))
      details.push({ key: `user_ids.${i}`, message: 'Not a user of this company', path: ['user_ids', i] });
  });
  if (details.length > 0) throw validationError(details, details[0]!.message);
  const [updated] = await db
    .update(configurableDocuments)
    .set({ sharedWith: ids.filter((u) => u !== row.ownerId), updatedAt: new Date() })
    .where(eq(configurableDocuments.id, row.id))
    .returning();
  return presentConfigurable(platform, updated!);
}

/** `DELETE /document-templates/{id}`: a soft delete (the template leaves every list; sent documents stay). */
export async function deleteTemplate(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<{ _id: string }> {
  const row = await findTemplate(platform, access, id);
  await platform.database.db
    .update(configurableDocuments)
    .set({
      deletedAt: new Date(),
      updatedAt: new Date(),
      publish: { published: false, secure_access: row.publish.secure_access, token: null },
    })
    .where(eq(configurableDocuments.id, row.id));
  return { _id: row.id };
}

/**
 * `DELETE /document-templates/{company_document_id}/{configurable_document_id}/permanentdelete`:
 * removes the template (also a soft-deleted one) and its company document. Documents sent from
 * it keep their own files and lose only the link to it. Stored PDFs are kept: one-off copies may
 * share them (files are immutable and shared by reference).
 */
export async function permanentlyDeleteTemplate(
  platform: Platform,
  access: AccessContext,
  companyDocumentId: string,
  configurableId: string,
): Promise<{ _id: string }> {
  const db = platform.database.db;
  const row = await findConfigurable(db, access.companyId, configurableId, { includeDeleted: true });
  if (!row.isTemplate || row.companyDocumentId !== companyDocumentId) throw notFound('Template');
  if (!canSeeTemplate(access, row)) throw notFound('Template');
  await db.transaction(async (tx) => {
    await tx.delete(configurableDocuments).where(eq(configurableDocuments.id, row.id));
    const [others] = await tx
      .select({ n: count() })
      .from(configurableDocuments)
      .where(eq(configurableDocuments.companyDocumentId, row.companyDocumentId));
    if (Number(others?.n ?? 0) === 0) {
      await tx.delete(companyDocuments).where(eq(companyDocuments.id, row.companyDocumentId));
    }
  });
  return { _id: row.id };
}

/**
 * `POST /document-templates/{employee_document_id}/saveastemplate` (`{name}`): a new template
 * from a document (sent or draft): a copy of its PDF, its fields, and its recipients as roles
 * without people (the role name kept, or "Recipient n").
 */
export async function saveAsTemplate(
  platform: Platform,
  access: AccessContext,
  employeeDocumentId: string,
  input: { name: string },
): Promise<TConfigurableDocument> {
  const db = platform.database.db;
  const doc = await findEmployeeDocument(db, access.companyId, employeeDocumentId);
  const recipients = await db
    .select()
    .from(documentUsers)
    .where(eq(documentUsers.employeeDocumentId, doc.id));
  const mayRead =
    doc.senderId === access.userId ||
    doc.sharedWith.includes(access.userId) ||
    (access.planType === 'BUSINESS' &&
      (access.userType === 'OWNER' || hasPermission(access, 'documents:view-all')));
  if (!mayRead) {
    // A DRAFT has no recipient rows yet: its layout's visibility decides.
    const layout = doc.configurableDocumentId
      ? await unlessAppError(
          findConfigurable(db, access.companyId, doc.configurableDocumentId, { includeDeleted: true }),
        )
      : null;
    if (!layout || layout.isTemplate || !canSeeOneOff(access, layout)) throw notFound('Document');
  }
  await assertTemplateNameFree(db, access.companyId, input.name);
  let roles: TRecipient[];
  if (recipients.length > 0) {
    roles = recipients
      .sort((a, b) => a.signingOrder - b.signingOrder || a.createdAt.getTime() - b.createdAt.getTime())
      .map((r, i) => ({
        key: r.key,
        role_name: r.roleName || `Recipient ${i + 1}`,
        email: '',
        first_name: '',
        last_name: '',
        contact_id: null,
        user_type: r.userType,
        signing_order: r.signingOrder,
        color: r.color,
        email_verification: r.emailVerification,
      }));
  } else {
    const layout = doc.configurableDocumentId
      ? await unlessAppError(
          findConfigurable(db, access.companyId, doc.configurableDocumentId, { includeDeleted: true }),
        )
      : null;
    roles = (layout?.documentUsers ?? []).map((r, i) => {
      const { representative_password: _p, has_representative_password: _h, ...rest } = r;
      return {
        ...rest,
        role_name: r.role_name || `Recipient ${i + 1}`,
        email: '',
        first_name: '',
        last_name: '',
        contact_id: null,
      };
    });
  }
  const file = await copyPdf(platform, access.companyId, doc.file);
  const created = await db.transaction((tx) =>
    insertConfigurable(tx, access, {
      name: input.name,
      isTemplate: true,
      file,
      pages: doc.pages,
      fields: doc.fields.map((f) => ({ ...f })),
      documentUsers: roles,
      settings: doc.settings,
    }),
  );
  return presentConfigurable(platform, created);
}
