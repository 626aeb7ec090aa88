import type { TDateStyle } from '@esigns/contracts/dates';
import type { TWorkflowInstanceDetail } from '@esigns/contracts/workflows';
import type { Platform } from '../../platform/platform';
import { documentRequestFiles } from '../documents';
import { submissionForPacket, type SubmissionPacket } from '../form-submissions';
import { completedFileKey, sealStatusOf } from '../signing';
import { extensionOf, safeFileName, stepNumber, UniqueNames } from './download-names';
import type { WorkflowDataStepRow } from './presenters';

/*
 * What the packet ZIP of an instance holds, decided before a byte is written: for each DONE step
 * its files (the sealed PDF of a custom or static step, the handed-in file of a requested step, a
 * PDF of a form step's submission and the files its answers hold), each checked to exist in
 * storage; what cannot be given is left out and said in `packet.json`.
 */

/** One file of the ZIP: an object read from storage, or a submission rendered as a PDF. */
export type PacketEntry =
  | { kind: 'stored'; name: string; key: string; size: number; mtime: Date; stepId: string }
  | { kind: 'form'; name: string; submission: SubmissionPacket; title: string; mtime: Date; stepId: string };

export type PacketStep = {
  step_id: string;
  position: number;
  name: string;
  kind: string;
  stage: number;
  required: boolean;
  status: string;
  object_id: string | null;
  started_at: string | null;
  finished_at: string | null;
  /** The names of this step's files in the ZIP. */
  files: string[];
  /** Why a DONE step's file is not in the ZIP (null when nothing was left out). */
  left_out: string | null;
};

export type PacketPlan = {
  entries: PacketEntry[];
  steps: PacketStep[];
  /** The sent documents whose sealed PDF is in the ZIP (each logs the download on its trail). */
  sealedDocumentIds: string[];
};

type StepFiles = { entries: PacketEntry[]; leftOut: string | null; sealed?: string };

const SEAL_NOT_FINISHED = 'The sealed PDF is not finished yet: download the packet again once it is';
const FILE_MISSING = 'The file is missing from storage';

/** The sealed PDF of a custom or static step's document, when its seal is DONE and stored. */
async function sealedFile(
  platform: Platform,
  companyId: string,
  row: WorkflowDataStepRow,
  base: string,
  names: UniqueNames,
): Promise<StepFiles> {
  const documentId = row.objectId!;
  if ((await sealStatusOf(platform.database.db, documentId)) !== 'DONE') {
    return { entries: [], leftOut: SEAL_NOT_FINISHED };
  }
  const key = completedFileKey(companyId, documentId);
  const head = await platform.storage.head(key);
  if (!head) return { entries: [], leftOut: FILE_MISSING };
  const mtime = row.finishedAt ?? new Date();
  const name = names.take(base, '.pdf');
  return {
    entries: [{ kind: 'stored', name, key, size: head.size, mtime, stepId: row.stepId }],
    leftOut: null,
    sealed: documentId,
  };
}

async function requestFile(
  platform: Platform,
  companyId: string,
  row: WorkflowDataStepRow,
  base: string,
  names: UniqueNames,
): Promise<StepFiles> {
  const found = (await documentRequestFiles(platform.database.db, companyId, [row.objectId!])).get(
    row.objectId!,
  );
  if (!found?.file) return { entries: [], leftOut: 'No file was handed in for this request' };
  const head = await platform.storage.head(found.file.file_ref_id);
  if (!head) return { entries: [], leftOut: FILE_MISSING };
  const name = names.take(base, extensionOf(found.file.name, found.file.mime_type) || '.pdf');
  const mtime = row.finishedAt ?? new Date();
  return {
    entries: [
      { kind: 'stored', name, key: found.file.file_ref_id, size: head.size, mtime, stepId: row.stepId },
    ],
    leftOut: null,
  };
}

async function formFiles(
  platform: Platform,
  companyId: string,
  row: WorkflowDataStepRow,
  base: string,
  names: UniqueNames,
  context: { dates: TDateStyle; packetName: string },
): Promise<StepFiles> {
  const submission = await submissionForPacket(platform.database.db, companyId, row.objectId!, context.dates);
  if (!submission) return { entries: [], leftOut: 'The submission was deleted' };
  const mtime = row.finishedAt ?? submission.submittedAt ?? new Date();
  const entries: PacketEntry[] = [
    {
      kind: 'form',
      name: names.take(base, '.pdf'),
      submission,
      title: `${row.name} · ${context.packetName}`,
      mtime,
      stepId: row.stepId,
    },
  ];
  const missing: string[] = [];
  for (const file of submission.files) {
    // Only the company's own objects: a value cannot point the ZIP at another company's files.
    const head = file.key.startsWith(`companies/${companyId}/`)
      ? await platform.storage.head(file.key)
      : null;
    if (!head) {
      missing.push(file.name);
      continue;
    }
    const ext = extensionOf(file.name, file.mimeType);
    const stem = safeFileName(file.name.slice(0, file.name.length - ext.length), 'file');
    entries.push({
      kind: 'stored',
      name: names.take(`${base} - ${stem}`, ext),
      key: file.key,
      size: head.size,
      mtime,
      stepId: row.stepId,
    });
  }
  return {
    entries,
    leftOut: missing.length ? `Files missing from storage: ${missing.join(', ')}` : null,
  };
}

/** The files of every DONE step, in the steps' order, with each step's line of `packet.json`. */
export async function planPacket(
  platform: Platform,
  companyId: string,
  detail: TWorkflowInstanceDetail,
  rows: readonly WorkflowDataStepRow[],
  dates: TDateStyle,
): Promise<PacketPlan> {
  const names = new UniqueNames();
  names.take('packet', '.json');
  const plan: PacketPlan = { entries: [], steps: [], sealedDocumentIds: [] };
  const packetName = [detail.workflow_name, detail.primary?.name || detail.primary?.email]
    .filter(Boolean)
    .join(' - ');
  for (const [index, row] of rows.entries()) {
    const base = `${stepNumber(index + 1, rows.length)} - ${safeFileName(row.name, row.kind)}`;
    let files: StepFiles = { entries: [], leftOut: null };
    if (row.status === 'DONE' && !row.objectId) files.leftOut = 'The step has no object';
    else if (row.status === 'DONE' && (row.kind === 'custom' || row.kind === 'static'))
      files = await sealedFile(platform, companyId, row, base, names);
    else if (row.status === 'DONE' && row.kind === 'requested')
      files = await requestFile(platform, companyId, row, base, names);
    else if (row.status === 'DONE' && row.kind === 'form')
      files = await formFiles(platform, companyId, row, base, names, { dates, packetName });
    plan.entries.push(...files.entries);
    if (files.sealed) plan.sealedDocumentIds.push(files.sealed);
    plan.steps.push({
      step_id: row.stepId,
      position: index + 1,
      name: row.name,
      kind: row.kind,
      stage: row.stage,
      required: row.required,
      status: row.status,
      object_id: row.objectId,
      started_at: row.startedAt?.toISOString() ?? null,
      finished_at: row.finishedAt?.toISOString() ?? null,
      files: files.entries.map((e) => e.name),
      left_out: files.leftOut,
    });
  }
  return plan;
}
