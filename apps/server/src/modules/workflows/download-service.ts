import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { TDateStyle } from '@esigns/contracts/dates';
import type { TWorkflowInstanceDetail } from '@esigns/contracts/workflows';
import type { Platform } from '../../platform/platform';
import { findPeople } from '../auth';
import { appendDocumentLog } from '../documents';
import type { AccessContext } from '../permissions';
import { companyDateStyle } from '../settings';
import { renderSubmissionPdf } from './download-form-pdf';
import { safeFileName } from './download-names';
import { planPacket, type PacketEntry, type PacketPlan } from './download-packet';
import { appendWorkflowEvents } from './instances-store';
import { presentInstanceDetail, stepsOfInstances } from './presenters';
import type { WorkflowDataRow } from './presenters';
import { findInstance } from './reads-instances';

/*
 * `GET /workflow-data/{id}/download`: the instance's packet as one ZIP, streamed. The plan (which
 * files, their names, what is left out) is made first and the download logged; then yazl writes
 * `packet.json` and asks for each file only when its turn comes: a stored object is opened then, a
 * form's PDF rendered then, so one file at a time is read and nothing waits in memory.
 */

export type Client = { ip: string | null; userAgent: string | null };

/** The version of `packet.json`'s layout (readers can tell later changes). */
export const PACKET_FORMAT = 'e-signs.workflow-packet/1';

async function whoIs(platform: Platform, userId: string): Promise<{ name: string; email: string }> {
  const person = (await findPeople(platform.database.db, [userId])).get(userId);
  if (!person) return { name: '', email: '' };
  return { name: `${person.firstName} ${person.lastName}`.trim(), email: person.email };
}

/** The timeline's `downloaded` event and, on each sealed document's trail, its download. */
async function logDownload(
  platform: Platform,
  access: AccessContext,
  detail: TWorkflowInstanceDetail,
  plan: PacketPlan,
  context: { client: Client; by: string },
): Promise<void> {
  const leftOut = plan.steps.filter((s) => s.left_out).length;
  await platform.database.db.transaction(async (tx) => {
    await appendWorkflowEvents(tx, [
      {
        workflowDataId: detail._id,
        event: 'downloaded',
        actor: access.userId,
        details: { by: context.by, files: plan.entries.length, left_out: leftOut },
      },
    ]);
    for (const documentId of plan.sealedDocumentIds) {
      await appendDocumentLog(tx, {
        companyId: access.companyId,
        employeeDocumentId: documentId,
        action: 'document.downloaded',
        actorUserId: access.userId,
        details: { by: 'sender', file: 'completed', via: 'workflow-packet', workflow_data_id: detail._id },
        ip: context.client.ip,
        userAgent: context.client.userAgent ? context.client.userAgent.slice(0, 500) : null,
      });
    }
  });
}

/** Who the packet was made for (`downloaded_by` of `packet.json`): a user, or the system (`user_id` null). */
type PacketAuthor = { user_id: string | null; name: string; email: string };

function packetJson(
  detail: TWorkflowInstanceDetail,
  plan: PacketPlan,
  downloadedBy: PacketAuthor,
  at: Date,
): Buffer {
  const { steps: _steps, timeline, ...instance } = detail;
  const packet = {
    format: PACKET_FORMAT,
    generated_at: at.toISOString(),
    downloaded_by: downloadedBy,
    instance,
    steps: plan.steps,
    timeline,
  };
  return Buffer.from(`${JSON.stringify(packet, null, 2)}\n`, 'utf8');
}

type StreamCallback = (err: unknown, stream: NodeJS.ReadableStream) => void;

/** The file being read into the ZIP (one at a time), closed when the download is abandoned. */
type Reading = { current: Readable | null };

function addEntry(
  platform: Platform,
  zip: ZipFile,
  entry: PacketEntry,
  context: { dates: Parameters<typeof renderSubmissionPdf>[2]; reading: Reading },
) {
  // PDFs and images are compressed already: stored as they are, the ZIP costs no CPU for them.
  const options = { mtime: entry.mtime, compress: false };
  const fail = (cb: StreamCallback) => (err: unknown) =>
    cb(err, undefined as unknown as NodeJS.ReadableStream);
  const give = (cb: StreamCallback) => (stream: Readable) => {
    context.reading.current = stream;
    cb(null, stream);
  };
  if (entry.kind === 'stored') {
    zip.addReadStreamLazy(entry.name, { ...options, size: entry.size }, (cb: StreamCallback) => {
      platform.storage.getStream(entry.key).then(give(cb), fail(cb));
    });
    return;
  }
  zip.addReadStreamLazy(entry.name, options, (cb: StreamCallback) => {
    renderSubmissionPdf(entry.submission, entry.title, context.dates).then(
      (bytes) => give(cb)(Readable.from([bytes])),
      fail(cb),
    );
  });
}

/** The packet's ZIP stream of a plan made (`packet.json` first, then each file when its turn comes). */
function zipPacket(
  platform: Platform,
  instance: WorkflowDataRow,
  parts: { detail: TWorkflowInstanceDetail; plan: PacketPlan; dates: TDateStyle; by: PacketAuthor },
): { name: string; stream: Readable } {
  const at = new Date();
  const zip = new ZipFile();
  zip.addBuffer(packetJson(parts.detail, parts.plan, parts.by, at), 'packet.json', { mtime: at });
  const reading: Reading = { current: null };
  for (const entry of parts.plan.entries) addEntry(platform, zip, entry, { dates: parts.dates, reading });
  zip.end();
  const stream = zip.outputStream as Readable;
  zip.on('error', (err: Error) => {
    platform.log.error({ err, workflowDataId: instance.id }, 'workflow packet ZIP failed while streaming');
    stream.destroy(err);
  });
  // A client gone mid-download: the file being read is closed too (no open file or S3 body left).
  stream.on('close', () => {
    if (!stream.readableEnded) reading.current?.destroy();
  });
  const person = instance.name || instance.email || 'contact';
  const name = `${safeFileName(`${instance.workflowName} - ${person}`, 'packet')}.zip`;
  return { name, stream };
}

async function planOf(platform: Platform, companyId: string, id: string) {
  const db = platform.database.db;
  const instance = await findInstance(db, companyId, id);
  const [detail, rows, dates] = await Promise.all([
    presentInstanceDetail(db, instance),
    stepsOfInstances(db, [instance.id]).then((m) => m.get(instance.id) ?? []),
    companyDateStyle(db, companyId),
  ]);
  const plan = await planPacket(platform, companyId, detail, rows, dates);
  return { instance, detail, dates, plan };
}

/**
 * The company's instance `id` as a ZIP (404 for another company's or a malformed id): its name for
 * `Content-Disposition` and the stream. The download is logged before the first byte.
 */
export async function openPacketDownload(
  platform: Platform,
  access: AccessContext,
  id: string,
  client: Client,
): Promise<{ name: string; stream: Readable }> {
  const [{ instance, detail, dates, plan }, me] = await Promise.all([
    planOf(platform, access.companyId, id),
    whoIs(platform, access.userId),
  ]);
  const by = me.email ? `${me.name} <${me.email}>`.trim() : me.name;
  await logDownload(platform, access, detail, plan, { client, by });
  return zipPacket(platform, instance, { detail, plan, dates, by: { user_id: access.userId, ...me } });
}

/**
 * The packet of an instance for a copy made by the system (the SharePoint module): the same ZIP,
 * `downloaded_by` naming the copy; no user's download is logged. 404 as above.
 */
export async function openPacketArchive(
  platform: Platform,
  companyId: string,
  id: string,
  by: string,
): Promise<{ name: string; stream: Readable; status: string; finishedAt: Date | null }> {
  const { instance, detail, dates, plan } = await planOf(platform, companyId, id);
  const zip = zipPacket(platform, instance, {
    detail,
    plan,
    dates,
    by: { user_id: null, name: by, email: '' },
  });
  return { ...zip, status: instance.status, finishedAt: instance.finishedAt };
}
