import { createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { TSharePointCopyKind } from '@esigns/contracts/sharepoint';
import { AppError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { documentLogsOf, employeeDocumentOf } from '../documents';
import { completedFileKey, sealStatusOf } from '../signing';
import { openPacketArchive } from '../workflows';
import type { LocalFile } from './graph-client';
import { QuickXorHash } from './quick-xor-hash';

/*
 * What one copy puts into SharePoint, written to a temporary folder first (size and QuickXorHash
 * must be known before the upload; an upload session reads it again in chunks): a sealed document's
 * PDF and its audit trail (the document's log as JSON), or a finished workflow's packet ZIP.
 */

/** A copy that cannot be made now; `permanent`: nor ever (the document is gone): no retry helps. */
export class SourceProblem extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SourceProblem';
  }
}

export type SourceFile = { name: string } & LocalFile;
export type CopySource = {
  /** The document's or packet's name ({document name} of the folder pattern). */
  title: string;
  /** When it was finished ({year}, {month}, {day}). */
  date: Date;
  files: SourceFile[];
  /** Removes the temporary files. */
  dispose: () => Promise<void>;
};

/** Characters SharePoint refuses in a file or folder name, and control characters. */
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /["*:<>?/\\|\u0000-\u001f]/g;

/** A file or folder name SharePoint accepts: forbidden characters as '-', no leading/trailing dots or spaces. */
export function safeName(name: string, fallback: string): string {
  const cleaned = name
    .replace(FORBIDDEN, '-')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, 200);
  return cleaned || fallback;
}

async function writeLocal(dir: string, name: string, source: Readable): Promise<SourceFile> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.bin`);
  const hash = new QuickXorHash();
  const hashing = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  await pipeline(source, hashing, createWriteStream(file));
  return { name, path: file, size: (await stat(file)).size, quickXorHash: hash.digest() };
}

async function withTempDir(fill: (dir: string) => Promise<Omit<CopySource, 'dispose'>>): Promise<CopySource> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'esigns-sharepoint-'));
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    return { ...(await fill(dir)), dispose };
  } catch (err) {
    await dispose();
    throw err;
  }
}

async function documentSource(
  platform: Platform,
  companyId: string,
  documentId: string,
): Promise<CopySource> {
  const db = platform.database.db;
  const document = await employeeDocumentOf(db, documentId, companyId);
  if (!document) throw new SourceProblem('The document no longer exists', true);
  if ((await sealStatusOf(db, documentId)) !== 'DONE') {
    throw new SourceProblem('The sealed PDF is not finished yet', false);
  }
  const base = safeName(document.name.replace(/\.pdf$/i, ''), 'document');
  const logs = await documentLogsOf(db, documentId);
  const trail = {
    format: 'e-signs.audit-trail/1',
    document: {
      id: document.id,
      name: document.name,
      status: document.status,
      completed_at: document.completedAt?.toISOString() ?? null,
    },
    events: logs.map(({ companyId: _company, ...row }) => row),
  };
  return withTempDir(async (dir) => ({
    title: base,
    date: document.completedAt ?? new Date(),
    files: [
      await writeLocal(
        dir,
        `${base}.pdf`,
        await platform.storage.getStream(completedFileKey(companyId, documentId)),
      ),
      await writeLocal(
        dir,
        `${base} - audit trail.json`,
        Readable.from([Buffer.from(`${JSON.stringify(trail, null, 2)}\n`, 'utf8')]),
      ),
    ],
  }));
}

async function packetSource(platform: Platform, companyId: string, instanceId: string): Promise<CopySource> {
  let archive: Awaited<ReturnType<typeof openPacketArchive>>;
  try {
    archive = await openPacketArchive(platform, companyId, instanceId, 'SharePoint copy');
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND')
      throw new SourceProblem('The workflow no longer exists', true);
    throw err;
  }
  return withTempDir(async (dir) => ({
    title: safeName(archive.name.replace(/\.zip$/i, ''), 'packet'),
    date: archive.finishedAt ?? new Date(),
    files: [await writeLocal(dir, archive.name, archive.stream)],
  }));
}

export function sourceOf(
  platform: Platform,
  kind: TSharePointCopyKind,
  companyId: string,
  subjectId: string,
): Promise<CopySource> {
  return kind === 'DOCUMENT'
    ? documentSource(platform, companyId, subjectId)
    : packetSource(platform, companyId, subjectId);
}

/** The folder of a copy: the pattern's tokens filled, each segment a safe name. */
export function folderOf(
  pattern: string,
  source: Pick<CopySource, 'title' | 'date'>,
  kind: TSharePointCopyKind,
): string {
  const d = source.date;
  const values: Record<string, string> = {
    '{year}': String(d.getUTCFullYear()),
    '{month}': String(d.getUTCMonth() + 1).padStart(2, '0'),
    '{day}': String(d.getUTCDate()).padStart(2, '0'),
    '{document name}': source.title,
    '{kind}': kind === 'DOCUMENT' ? 'Documents' : 'Workflow packets',
  };
  const segments = pattern
    .split('/')
    .map((segment) => segment.replace(/\{[^}]*\}/g, (token) => values[token] ?? ''))
    .map((segment) => segment.replace(FORBIDDEN, '-').trim())
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .map((segment) => safeName(segment, '_'));
  return `/${segments.join('/')}`;
}
