import { createHash, randomUUID } from 'node:crypto';
import { and, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import { toPaged, type TPaged } from '@esigns/contracts/envelope';
import {
  FILE_LINK_SECONDS,
  isInlineType,
  libraryNameProblem,
  type TFileLink,
  type TLibraryFile,
  type TLibraryFilesQuery,
  type TLibraryFileUpdate,
} from '@esigns/contracts/file-library';
import { fileTypeOfName, isKeptFileType, RECORD_FILE_TYPES } from '@esigns/contracts/record-extras';
import { escapeLike, type Db } from '../../platform/db/database';
import type { ReceivedFile } from '../../platform/http/file-upload';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { queueDecisionMails, type FileDecision } from './decision-mails';
import type { Platform } from '../../platform/platform';
import { assertContentMatches, canonicalMediaType, sniffContentType } from '../../platform/storage/sniff';
import { findPeople } from '../auth';
import { slugOf } from '../entity-data';
import type { AccessContext } from '../permissions';
import { assertWithinPlan } from '../subscriptions';
import { companyOf, userOf, type FileCaller } from './caller';
import { findFolder } from './folders';
import { libraryFiles } from './schema';

export type LibraryFileRow = typeof libraryFiles.$inferSelect;
type Reader = Pick<Db, 'select'>;

const invalid = (key: string, message: string) => validationError([{ key, path: [key], message }], message);

const extensionOf = (name: string): string => /\.([A-Za-z0-9]{1,5})$/.exec(name)?.[1]?.toLowerCase() ?? '';
const isText = (type: string) => type.startsWith('text/');

/**
 * The type the bytes really are. The declared type (or, when vague, the one the name's extension
 * says) is checked against the content; a file that claims nothing is sniffed. Only the types the
 * server keeps (RECORD_FILE_TYPES: documents, images, office files, text, video, zip) pass: 415
 * otherwise, also for a name whose extension says another type than the content has.
 */
export async function verifiedTypeOf(file: {
  name: string;
  declared: string;
  bytes: Buffer;
}): Promise<string> {
  const declared = canonicalMediaType(file.declared || 'application/octet-stream');
  if (!isKeptFileType(declared)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `${file.name}: files of this type are not kept`,
    });
  }
  const named = fileTypeOfName(file.name);
  let claimed = declared === 'application/octet-stream' ? named : declared;
  if (named && claimed && named !== claimed) {
    if (!(isText(named) && isText(claimed))) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
        message: `${file.name} is not a ${named} file (it says ${claimed})`,
      });
    }
    claimed = named;
  }
  if (claimed) {
    await assertContentMatches(file.bytes, claimed, RECORD_FILE_TYPES);
    return claimed;
  }
  if (file.bytes.length === 0) throw new AppError('BAD_REQUEST', { message: 'File is empty' });
  const sniffed = await sniffContentType(file.bytes);
  if (!sniffed || !(RECORD_FILE_TYPES as readonly string[]).includes(sniffed)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', {
      message: `${file.name} is a ${sniffed ?? 'file of an unknown format'}, which is not kept`,
    });
  }
  return sniffed;
}

/** The file's answer shape; `people` holds the names of the uploaders (`findPeople`). */
function fileView(row: LibraryFileRow, people: Awaited<ReturnType<typeof findPeople>>): TLibraryFile {
  const person = row.uploadedBy ? people.get(row.uploadedBy) : undefined;
  const name = person ? `${person.firstName} ${person.lastName}`.trim() : '';
  return {
    _id: row.id,
    name: row.name,
    folder_id: row.folderId,
    size: row.size,
    mime_type: row.mimeType,
    sha256: row.sha256,
    status: row.status,
    rejection_reason: row.rejectionReason,
    uploaded_by: {
      kind: row.contactId ? 'CONTACT' : 'STAFF',
      user_id: row.uploadedBy,
      contact_id: row.contactId,
      name: name || person?.email || 'Deleted user',
      email: person?.email ?? '',
    },
    decided_by: row.decidedBy,
    decided_at: row.decidedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

async function viewsOf(db: Reader, rows: LibraryFileRow[]): Promise<TLibraryFile[]> {
  const people = await findPeople(
    db,
    rows.map((r) => r.uploadedBy),
  );
  return rows.map((row) => fileView(row, people));
}

/** The plan's `storageBytes` share of the library: every file kept, whatever its status. */
export async function libraryStorageBytes(db: Reader, companyId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${libraryFiles.size}), 0)::text` })
    .from(libraryFiles)
    .where(eq(libraryFiles.companyId, companyId));
  return Number(row?.n ?? 0);
}

/**
 * `POST /fileManagement/create`: stores one uploaded file. Staff may put it in a folder and it is
 * APPROVED at once; a contact's file sits outside folders and waits (PENDING). Checked before
 * anything is stored: the name (422 `name`), the folder (404), the type by content (415), the
 * plan's storage (402); the size limit was applied while reading (413).
 */
export async function uploadFile(
  platform: Platform,
  caller: FileCaller,
  upload: { file: ReceivedFile | undefined; fields: Record<string, string> },
): Promise<TLibraryFile> {
  const db = platform.database.db;
  const companyId = companyOf(caller);
  const { file, fields } = upload;
  if (!file) throw invalid('file', 'Attach the file');
  const name = (fields.name ?? file.name ?? '').trim();
  const problem = libraryNameProblem(name);
  if (problem) throw invalid('name', problem);
  const folderField = fields.folder_id?.trim() || null;
  let folderId: string | null = null;
  if (folderField) {
    if (caller.kind === 'CONTACT') throw invalid('folder_id', 'Staff file what contacts upload');
    if (!/^[0-9a-f-]{36}$/i.test(folderField)) throw invalid('folder_id', 'Not a folder id');
    folderId = (await findFolder(db, companyId, folderField)).id;
  }
  const mimeType = await verifiedTypeOf({ name, declared: file.contentType, bytes: file.data });
  await assertWithinPlan(db, companyId, 'storageBytes', file.data.length);
  const id = randomUUID();
  const key = `companies/${companyId}/files/${id}/${slugOf(name)}`;
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  await platform.storage.put(key, file.data, mimeType);
  const staff = caller.kind === 'STAFF';
  const now = new Date();
  try {
    const [row] = await db
      .insert(libraryFiles)
      .values({
        id,
        companyId,
        folderId,
        name,
        size: file.data.length,
        mimeType,
        sha256,
        storageKey: key,
        status: staff ? 'APPROVED' : 'PENDING',
        uploadedBy: userOf(caller),
        contactId: staff ? null : caller.contact.contactId,
        decidedBy: staff ? caller.access.userId : null,
        decidedAt: staff ? now : null,
      })
      .returning();
    return (await viewsOf(db, [row!]))[0]!;
  } catch (err) {
    // The row was not written: the bytes would be kept for nobody.
    await platform.storage.delete(key);
    throw err;
  }
}

/** The filters of a caller: staff see the company's files; a contact only their own. */
function scopeOf(caller: FileCaller): SQL {
  if (caller.kind === 'STAFF') return eq(libraryFiles.companyId, caller.access.companyId);
  return and(
    eq(libraryFiles.companyId, caller.contact.companyId),
    eq(libraryFiles.contactId, caller.contact.contactId),
  )!;
}

/** `GET /fileManagement/all-files`: newest first; a contact's call ignores `folder_id`. */
export async function listFiles(
  db: Reader,
  caller: FileCaller,
  query: TLibraryFilesQuery,
): Promise<TPaged<TLibraryFile>> {
  const folder =
    caller.kind === 'CONTACT' || query.folder_id === undefined
      ? undefined
      : query.folder_id === 'root'
        ? sql`${libraryFiles.folderId} is null`
        : eq(libraryFiles.folderId, query.folder_id);
  const where = and(
    scopeOf(caller),
    folder,
    query.status ? eq(libraryFiles.status, query.status) : undefined,
    query.search ? ilike(libraryFiles.name, `%${escapeLike(query.search)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(libraryFiles)
      .where(where)
      .orderBy(desc(libraryFiles.createdAt), desc(libraryFiles.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(libraryFiles).where(where),
  ]);
  return toPaged(await viewsOf(db, rows), Number(total?.n ?? 0), query);
}

/** A file the caller may see (a contact: their own), or 404. */
export async function findVisibleFile(db: Reader, caller: FileCaller, id: string): Promise<LibraryFileRow> {
  const [row] = await db
    .select()
    .from(libraryFiles)
    .where(and(eq(libraryFiles.id, id), scopeOf(caller)))
    .limit(1);
  if (!row) throw notFound('File');
  return row;
}

/**
 * `GET /fileManagement/file-path/{id}`: a signed address valid for five minutes. Served with the
 * type recognised on upload, `nosniff`, and `Content-Disposition` inline only for types browsers
 * show safely (PDF, raster images, plain text), attachment otherwise or when asked. The bytes are
 * checked against the SHA-256 kept at upload before they are served.
 */
export async function fileLink(
  platform: Platform,
  caller: FileCaller,
  id: string,
  download: boolean,
): Promise<TFileLink> {
  const row = await findVisibleFile(platform.database.db, caller, id);
  const disposition = !download && isInlineType(row.mimeType) ? 'inline' : 'attachment';
  const url = await platform.storage.createDownloadUrl(row.storageKey, {
    fileName: row.name,
    disposition,
    expiresInSeconds: FILE_LINK_SECONDS,
    sha256: row.sha256,
  });
  return {
    url,
    expires_at: new Date(Date.now() + FILE_LINK_SECONDS * 1000).toISOString(),
    disposition,
    mime_type: row.mimeType,
    name: row.name,
  };
}

/**
 * `PUT /fileManagement/update/{id}` (staff): renames and/or moves a file. A new name keeps the
 * file's extension (added when left out; another one: 422 `name`), so a download never opens
 * with another program than its content is for.
 */
export async function updateFile(
  db: Db,
  access: AccessContext,
  id: string,
  input: TLibraryFileUpdate,
): Promise<TLibraryFile> {
  const caller: FileCaller = { kind: 'STAFF', access };
  const row = await findVisibleFile(db, caller, id);
  let name = row.name;
  if (input.name !== undefined) {
    const ext = extensionOf(row.name);
    name = input.name;
    if (ext && extensionOf(name) !== ext) {
      if (extensionOf(name) && fileTypeOfName(name)) {
        throw invalid('name', `Keep the .${ext} ending: the file is a ${row.mimeType}`);
      }
      name = `${name}.${ext}`;
    }
    const problem = libraryNameProblem(name);
    if (problem) throw invalid('name', problem);
  }
  const folderId = input.folder_id === undefined ? row.folderId : input.folder_id;
  if (folderId) await findFolder(db, access.companyId, folderId);
  const [updated] = await db
    .update(libraryFiles)
    .set({ name, folderId, updatedAt: new Date() })
    .where(and(eq(libraryFiles.id, row.id), eq(libraryFiles.companyId, access.companyId)))
    .returning();
  return (await viewsOf(db, [updated!]))[0]!;
}

/**
 * `DELETE /fileManagement/delete/{id}`: staff delete any file of the company; a contact withdraws
 * their own file while it is PENDING (a decided one: 409). The bytes go after the row.
 */
export async function deleteFile(platform: Platform, caller: FileCaller, id: string): Promise<void> {
  const db = platform.database.db;
  const row = await findVisibleFile(db, caller, id);
  if (caller.kind === 'CONTACT' && row.status !== 'PENDING') {
    throw new AppError('CONFLICT', {
      message: `${row.name} was already ${row.status.toLowerCase()}: ask the staff`,
    });
  }
  const deleted = await db
    .delete(libraryFiles)
    .where(and(eq(libraryFiles.id, row.id), scopeOf(caller)))
    .returning({ id: libraryFiles.id });
  if (deleted.length === 0) throw notFound('File');
  try {
    await platform.storage.delete(row.storageKey);
  } catch (err) {
    // The file is gone from the library; its bytes stay behind until removed by hand.
    platform.log.error(
      { err, key: row.storageKey },
      'files: the bytes of a deleted file could not be removed',
    );
  }
}

/**
 * `POST /approve-files` and `/reject-files`: decides PENDING files, all or none. An id that is not
 * a file of the company: 404; a file already decided (or decided meanwhile): 409.
 */
export async function decideFiles(
  platform: Platform,
  access: AccessContext,
  ids: string[],
  decision: FileDecision,
): Promise<TLibraryFile[]> {
  const { db } = platform.database;
  const unique = [...new Set(ids)];
  const rows = await db.transaction(async (tx) => {
    const found = await tx
      .select({ id: libraryFiles.id, name: libraryFiles.name, status: libraryFiles.status })
      .from(libraryFiles)
      .where(and(eq(libraryFiles.companyId, access.companyId), inArray(libraryFiles.id, unique)));
    if (found.length !== unique.length) throw notFound('File');
    const decided = found.filter((f) => f.status !== 'PENDING');
    if (decided.length > 0) {
      throw new AppError('CONFLICT', {
        message: `Already decided: ${decided.map((f) => `${f.name} (${f.status.toLowerCase()})`).join(', ')}`,
      });
    }
    const updated = await tx
      .update(libraryFiles)
      .set({
        status: decision.status,
        rejectionReason: decision.status === 'REJECTED' ? decision.reason : null,
        decidedBy: access.userId,
        decidedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(libraryFiles.companyId, access.companyId),
          inArray(libraryFiles.id, unique),
          eq(libraryFiles.status, 'PENDING'),
        ),
      )
      .returning();
    if (updated.length !== unique.length) {
      throw new AppError('CONFLICT', { message: 'Some of these files were decided meanwhile: reload' });
    }
    await queueDecisionMails(platform, tx, access.companyId, updated, decision);
    return updated;
  });
  const views = await viewsOf(db, rows);
  return unique.map((id) => views.find((v) => v._id === id)!);
}
