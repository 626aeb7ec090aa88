import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
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

function packetJson(
  detail: TWorkflowInstanceDetail,
  plan: PacketPlan,
  downloadedBy: { user_id: string; name: string; email: string },
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
  const db = platform.database.db;
  const instance = await findInstance(db, access.companyId, id);
  const [detail, rows, dates, me] = await Promise.all([
    presentInstanceDetail(db, instance),
    stepsOfInstances(db, [instance.id]).then((m) => m.get(instance.id) ?? []),
    companyDateStyle(db, access.companyId),
    whoIs(platform, access.userId),
  ]);
  const plan = await planPacket(platform, access.companyId, detail, rows, dates);
  const by = me.email ? `${me.name} <${me.email}>`.trim() : me.name;
  await logDownload(platform, access, detail, plan, { client, by });
  const at = new Date();
  const zip = new ZipFile();
  zip.addBuffer(packetJson(detail, plan, { user_id: access.userId, ...me }, at), 'packet.json', {
    mtime: at,
  });
  const reading: Reading = { current: null };
  for (const entry of plan.entries) addEntry(platform, zip, entry, { dates, reading });
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
