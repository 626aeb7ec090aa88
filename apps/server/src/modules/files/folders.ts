import { and, asc, count, eq, sql } from 'drizzle-orm';
import type {
  TLibraryFolder,
  TLibraryFolderCreate,
  TLibraryFolderUpdate,
} from '@esigns/contracts/file-library';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { AccessContext } from '../permissions';
import { fileFolders, libraryFiles } from './schema';

type FolderRow = typeof fileFolders.$inferSelect;
type Reader = Pick<Db, 'select'>;

export const folderView = (row: FolderRow): TLibraryFolder => ({
  _id: row.id,
  name: row.name,
  parent_id: row.parentId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/** The company's folders, by name (the client builds the tree from `parent_id`). */
export async function listFolders(db: Reader, companyId: string): Promise<TLibraryFolder[]> {
  const rows = await db
    .select()
    .from(fileFolders)
    .where(eq(fileFolders.companyId, companyId))
    .orderBy(asc(sql`lower(${fileFolders.name})`), asc(fileFolders.id));
  return rows.map(folderView);
}

/** A folder of the company, or 404 (another company's id too). */
export async function findFolder(db: Reader, companyId: string, id: string): Promise<FolderRow> {
  const [row] = await db
    .select()
    .from(fileFolders)
    .where(and(eq(fileFolders.id, id), eq(fileFolders.companyId, companyId)))
    .limit(1);
  if (!row) throw notFound('Folder');
  return row;
}

/** 409 when the parent already holds a folder of this name (case-insensitive), other than `self`. */
async function assertNameFree(
  db: Reader,
  companyId: string,
  parentId: string | null,
  name: string,
  self?: string,
): Promise<void> {
  const siblings = await db
    .select({ id: fileFolders.id, name: fileFolders.name })
    .from(fileFolders)
    .where(
      and(
        eq(fileFolders.companyId, companyId),
        parentId === null ? sql`${fileFolders.parentId} is null` : eq(fileFolders.parentId, parentId),
        sql`lower(${fileFolders.name}) = lower(${name})`,
      ),
    );
  if (siblings.some((s) => s.id !== self)) {
    throw new AppError('CONFLICT', { message: `A folder named ${name} is already there` });
  }
}

export async function createFolder(
  db: Db,
  access: AccessContext,
  input: TLibraryFolderCreate,
): Promise<TLibraryFolder> {
  const parentId = input.parent_id ?? null;
  if (parentId) await findFolder(db, access.companyId, parentId);
  await assertNameFree(db, access.companyId, parentId, input.name);
  const [row] = await db
    .insert(fileFolders)
    .values({ companyId: access.companyId, parentId, name: input.name, createdBy: access.userId })
    .returning();
  return folderView(row!);
}

/**
 * Renames and/or moves a folder. Moving it into itself or into a folder inside it would make a
 * loop: 422 keyed `parent_id`.
 */
export async function updateFolder(
  db: Db,
  access: AccessContext,
  id: string,
  input: TLibraryFolderUpdate,
): Promise<TLibraryFolder> {
  const row = await findFolder(db, access.companyId, id);
  const parentId = input.parent_id === undefined ? row.parentId : input.parent_id;
  if (parentId !== null && parentId !== row.parentId) {
    await findFolder(db, access.companyId, parentId);
    const all = await db
      .select({ id: fileFolders.id, parentId: fileFolders.parentId })
      .from(fileFolders)
      .where(eq(fileFolders.companyId, access.companyId));
    const parentOf = new Map(all.map((f) => [f.id, f.parentId]));
    // Walks up from the new parent: reaching the folder itself means a loop.
    for (let at: string | null = parentId, steps = 0; at !== null; at = parentOf.get(at) ?? null, steps++) {
      if (at === row.id || steps > all.length) {
        const message = 'A folder cannot move into itself or into a folder inside it';
        throw validationError([{ key: 'parent_id', path: ['parent_id'], message }], message);
      }
    }
  }
  const name = input.name ?? row.name;
  await assertNameFree(db, access.companyId, parentId, name, row.id);
  const [updated] = await db
    .update(fileFolders)
    .set({ name, parentId, updatedAt: new Date() })
    .where(and(eq(fileFolders.id, row.id), eq(fileFolders.companyId, access.companyId)))
    .returning();
  return folderView(updated!);
}

/** Deletes an empty folder; one holding folders or files: 409. */
export async function deleteFolder(db: Db, access: AccessContext, id: string): Promise<void> {
  const row = await findFolder(db, access.companyId, id);
  const [folders] = await db
    .select({ n: count() })
    .from(fileFolders)
    .where(and(eq(fileFolders.companyId, access.companyId), eq(fileFolders.parentId, row.id)));
  const [files] = await db
    .select({ n: count() })
    .from(libraryFiles)
    .where(and(eq(libraryFiles.companyId, access.companyId), eq(libraryFiles.folderId, row.id)));
  if (Number(folders?.n ?? 0) + Number(files?.n ?? 0) > 0) {
    throw new AppError('CONFLICT', {
      message: `${row.name} is not empty: move or delete what it holds first`,
    });
  }
  await db
    .delete(fileFolders)
    .where(and(eq(fileFolders.id, row.id), eq(fileFolders.companyId, access.companyId)));
}
