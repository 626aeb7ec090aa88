import { eq } from 'drizzle-orm';
import type { TNewDocumentStatus } from '@esigns/contracts/document-status';
import {
  layoutProblems,
  type TConfigurableDocument,
  type TDocumentLayout,
  type TRecipient,
} from '@esigns/contracts/documents';
import { hashPassword } from '../../platform/auth/passwords';
import { AppError, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { insertConfigurable, syncDraft } from './configurable-service';
import {
  assertCanEdit,
  assertCanSee,
  assertNotSent,
  findConfigurable,
  findOneOffEmployeeDocument,
  presentConfigurable,
  requireSlug,
} from './lookups';
import { configurableDocuments, employeeDocuments } from './schema';

/**
 * Problems that make a layout wrong whatever its state (checked at every autosave): a field on a
 * page that does not exist or outside its page, two fields or two recipients with one key.
 * Missing emails, signature fields and the like are only checked when sending.
 */
const STRUCTURAL = /^(fields\.\d+\.(page|x|key)|document_users\.\d+\.key)$/;

export function structuralProblems(
  layout: Pick<TDocumentLayout, 'fields' | 'document_users'>,
  pages: { width: number; height: number }[],
) {
  return layoutProblems(layout, pages, 'template').filter((p) => STRUCTURAL.test(p.key));
}

/**
 * Recipients as stored: a new representative password is hashed (argon2id); one not sent again
 * is kept when the client says `has_representative_password: true` for the same key; the
 * `has_representative_password` flag itself is never stored.
 */
export async function recipientsForStorage(
  incoming: TRecipient[],
  previous: TRecipient[],
): Promise<TRecipient[]> {
  const before = new Map(previous.map((r) => [r.key, r.representative_password]));
  const out: TRecipient[] = [];
  for (const recipient of incoming) {
    const { representative_password: password, has_representative_password: keep, ...rest } = recipient;
    let hash: string | undefined;
    if (password) hash = await hashPassword(password);
    else if (keep) hash = before.get(recipient.key);
    out.push(hash ? { ...rest, representative_password: hash } : rest);
  }
  return out;
}

/** `PUT /document-templates/documents/draft`: autosave of the layout. */
export async function saveDraft(
  platform: Platform,
  access: AccessContext,
  input: TDocumentLayout & { configurable_document_id: string },
): Promise<TConfigurableDocument> {
  const db = platform.database.db;
  const row = await findConfigurable(db, access.companyId, input.configurable_document_id);
  assertCanEdit(access, row);
  await assertNotSent(db, row);
  const problems = structuralProblems(input, row.pages);
  if (problems.length > 0) {
    throw validationError(
      problems.map((p) => ({ key: p.key, message: p.message, path: p.path })),
      problems[0]!.message,
    );
  }
  const documentUsers = await recipientsForStorage(input.document_users, row.documentUsers);
  const updated = await db.transaction(async (tx) => {
    const [next] = await tx
      .update(configurableDocuments)
      .set({
        name: input.name,
        fields: input.fields,
        documentUsers,
        settings: input.settings,
        updatedAt: new Date(),
      })
      .where(eq(configurableDocuments.id, row.id))
      .returning();
    if (!row.isTemplate) {
      await syncDraft(tx, row.companyId, row.id, {
        name: input.name,
        fields: input.fields,
        settings: input.settings,
      });
    }
    return next!;
  });
  return presentConfigurable(platform, updated);
}

/**
 * `POST /document-templates/documents/draft`: from a template, a new one-off document (its own
 * company document on the same immutable PDF, the roles as recipients) with its DRAFT; from a
 * one-off document, that document with its DRAFT (created again if it was discarded).
 */
export async function createDraft(
  platform: Platform,
  access: AccessContext,
  input: { configurable_document_id: string; name?: string | undefined },
): Promise<TConfigurableDocument> {
  const db = platform.database.db;
  const row = await findConfigurable(db, access.companyId, input.configurable_document_id);
  assertCanSee(access, row);
  if (row.isTemplate) {
    requireSlug(access, 'documents:create');
    if (row.status !== 'ACTIVE') throw new AppError('CONFLICT', { message: 'This template is inactive' });
    const copy = await db.transaction((tx) =>
      insertConfigurable(tx, access, {
        name: input.name ?? row.name,
        isTemplate: false,
        file: row.file,
        pages: row.pages,
        fields: row.fields,
        documentUsers: row.documentUsers,
        settings: row.settings,
      }),
    );
    return presentConfigurable(platform, copy);
  }
  assertCanEdit(access, row);
  await assertNotSent(db, row);
  const name = input.name ?? row.name;
  await db.transaction(async (tx) => {
    if (name !== row.name) {
      await tx
        .update(configurableDocuments)
        .set({ name, updatedAt: new Date() })
        .where(eq(configurableDocuments.id, row.id));
    }
    const draft = await findOneOffEmployeeDocument(tx, row.companyId, row.id);
    if (draft) {
      await syncDraft(tx, row.companyId, row.id, { name });
      return;
    }
    await tx.insert(employeeDocuments).values({
      companyId: row.companyId,
      name,
      status: 'DRAFT' satisfies TNewDocumentStatus,
      configurableDocumentId: row.id,
      companyDocumentId: row.companyDocumentId,
      file: row.file,
      pages: row.pages,
      fields: row.fields,
      settings: row.settings,
      senderId: access.userId,
    });
  });
  return presentConfigurable(platform, await findConfigurable(db, access.companyId, row.id));
}
