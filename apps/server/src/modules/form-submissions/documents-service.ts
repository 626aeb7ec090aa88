import type { TRecipient } from '@esigns/contracts/documents';
import type { TFormStepDocument } from '@esigns/contracts/form-documents';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  employeeDocumentOf,
  findConfigurable,
  issueRecipientSecret,
  recipientsOf,
  sendDocument,
  signingLink,
  templateSummariesByIds,
  type ConfigurableRow,
  type DocumentUserRow,
  type EmployeeRow,
} from '../documents';
import { findFormBuilder, type FormBuilderRow } from '../form-builders';
import { assertDocumentsOpen, submissionFor } from './documents-access';
import { earlierAnswers, fillerRole, prefillFields } from './documents-prefill';
import {
  detachedCount,
  documentStepOf,
  documentStepProgress,
  linkStepDocument,
  madeForStep,
  stepDocumentIds,
  stepSendKey,
  unlinkStepDocuments,
  type DocumentStep,
} from './documents-steps';
import { visibleStepIds } from './step-states';
import { actorOf, isFiller, type Caller, type SubmissionRow } from './submission-store';

/*
 * The document of a form's DOCUMENT step: made on first use from the step's template for the
 * submission's filler (signing as the step's role), prefilled from the earlier answers, sent
 * through the documents module's one send path with the filler's link handed over instead of
 * mailed, and kept as the step's `document_id`. See README "Documents inside forms".
 */

export type Client = { ip: string; userAgent: string | undefined };
type Db = Platform['database']['db'];

/** A step's document context: the submission, its form and the step. */
type StepContext = { submission: SubmissionRow; form: FormBuilderRow; step: DocumentStep };

/** Documents that ended without being completed: `default` may replace them with a fresh one. */
const ENDED: readonly EmployeeRow['status'][] = ['DECLINED', 'REJECTED', 'VOIDED', 'EXPIRED'];

/** The caller's submission with its documents still open to change (409 once submitted), and its form. */
export async function openSubmission(
  db: Db,
  caller: Caller,
  dataId: string,
): Promise<{ submission: SubmissionRow; form: FormBuilderRow }> {
  const submission = await submissionFor(db, caller, dataId, 'change');
  assertDocumentsOpen(submission);
  return { submission, form: await findFormBuilder(db, submission.companyId, submission.formBuilderId) };
}

/** 409 unless the step is shown for the submission's answers. */
function assertShown(ctx: StepContext): void {
  if (!visibleStepIds(ctx.form.steps, ctx.submission.values).has(ctx.step.id)) {
    throw new AppError('CONFLICT', {
      message: 'This step is not shown for the answers given',
      errorCode: 'STEP_HIDDEN',
    });
  }
}

/** The filler as the recipient of the role: their email (409 without one) and name. */
function fillerRecipient(submission: SubmissionRow, role: TRecipient): TRecipient {
  const email = submission.fillerEmail?.trim().toLowerCase() ?? '';
  if (email === '') {
    throw new AppError('CONFLICT', {
      message: 'This document is signed with your email address: open the form with your email to sign it',
      errorCode: 'EMAIL_REQUIRED',
    });
  }
  // A guest proved only their email: the documents module needs a name, so theirs is its local part.
  const name = submission.fillerName.trim() || (email.split('@')[0] ?? '');
  const [first = '', ...rest] = name.split(/\s+/);
  return {
    ...role,
    email,
    first_name: first,
    last_name: rest.join(' '),
    contact_id: submission.fillerKind === 'CONTACT' ? submission.fillerId : null,
  };
}

/** The step's template, live and usable (409 when it was deleted or deactivated since the form was made). */
async function stepTemplate(db: Db, companyId: string, step: DocumentStep): Promise<ConfigurableRow> {
  const [live] = await templateSummariesByIds(db, companyId, [step.document_template_id]);
  const row = live ? await findConfigurable(db, companyId, live.id) : undefined;
  if (!row || row.status !== 'ACTIVE') {
    throw new AppError('CONFLICT', {
      message: "The document of this step is no longer available: ask the form's owner",
      errorCode: 'TEMPLATE_UNAVAILABLE',
    });
  }
  return row;
}

/** The recipients of the step's document: the filler in their role, the template's people in the others. */
function stepRecipients(
  ctx: StepContext,
  template: ConfigurableRow,
): { recipients: TRecipient[]; role: TRecipient } {
  const role = fillerRole(template.documentUsers, ctx.step.role);
  if (!role) {
    throw new AppError('CONFLICT', {
      message: "The document of this step has no role for you to sign: ask the form's owner",
      errorCode: 'ROLE_MISSING',
    });
  }
  const unnamed = template.documentUsers.find((r) => r.key !== role.key && r.email.trim() === '');
  if (unnamed) {
    throw new AppError('CONFLICT', {
      message: `The document of this step has no person for the role "${unnamed.role_name || unnamed.key}": ask the form's owner`,
      errorCode: 'ROLE_WITHOUT_PERSON',
    });
  }
  const filler = fillerRecipient(ctx.submission, role);
  return { role, recipients: template.documentUsers.map((r) => (r.key === role.key ? filler : r)) };
}

/**
 * Makes the step's document and links it to the step. The send key (submission, step, detach
 * count) makes a retried or concurrent call answer the same document.
 */
async function makeStepDocument(
  platform: Platform,
  caller: Caller,
  ctx: StepContext,
  client: Client,
): Promise<{ documentId: string; secret: string | null }> {
  const db = platform.database.db;
  const { submission, form, step } = ctx;
  const template = await stepTemplate(db, submission.companyId, step);
  const { recipients, role } = stepRecipients(ctx, template);
  const fields = prefillFields(template.fields, role, earlierAnswers(form.steps, submission.values, step.id));
  const generation = await detachedCount(db, submission.id, step.id);
  const result = await sendDocument(
    platform,
    { companyId: submission.companyId, userId: template.ownerId, ip: client.ip, userAgent: client.userAgent },
    {
      source: {
        name: template.name,
        file: template.file,
        pages: template.pages,
        fields,
        recipients,
        settings: template.settings,
        configurableDocumentId: template.id,
        companyDocumentId: template.companyDocumentId,
      },
      target: 'new',
      sendKey: stepSendKey(submission.id, step.id, generation),
      handOverKeys: [role.key],
      recipientKeyPath: (i) => ['template', 'document_users', i],
    },
  );
  await db.transaction((tx) =>
    linkStepDocument(tx, {
      submissionId: submission.id,
      stepId: step.id,
      documentId: result.employeeDocumentId,
      // A replayed send (a concurrent or retried first call) made no new document.
      event: result.replayed ? null : 'DOCUMENT_CREATED',
      actor: actorOf(caller),
      ip: client.ip,
    }),
  );
  const handed = result.notified.find((n) => n.key === role.key);
  return { documentId: result.employeeDocumentId, secret: handed?.secret ?? null };
}

/** The filler's recipient on a document (by the submission's email). */
const fillerOn = (
  recipients: readonly DocumentUserRow[],
  submission: SubmissionRow,
): DocumentUserRow | undefined => {
  const email = submission.fillerEmail?.trim().toLowerCase();
  return email ? recipients.find((r) => r.email === email && r.userType !== 'CC') : undefined;
};

/**
 * A step's document as answered. The filler (only) gets a working link when it is their turn: the
 * secret just made, or one more live link of theirs (`issueRecipientSecret`: earlier ones keep working).
 */
export async function presentStepDocument(
  platform: Platform,
  caller: Caller,
  submission: SubmissionRow,
  stepId: string,
  documentId: string,
  secret: string | null = null,
): Promise<TFormStepDocument> {
  const db = platform.database.db;
  const doc = await employeeDocumentOf(db, documentId, submission.companyId);
  if (!doc) throw notFound('Document');
  const signer = fillerOn(await recipientsOf(db, doc.id), submission);
  let password: string | null = null;
  if (signer && signer.status !== 'PENDING' && doc.status !== 'DRAFT' && isFiller(caller, submission)) {
    password = secret ?? (await db.transaction((tx) => issueRecipientSecret(platform, tx, signer.id)));
  }
  return {
    _id: doc.id,
    formbuilder_data_id: submission.id,
    step_id: stepId,
    name: doc.name,
    status: doc.status,
    progress: await documentStepProgress(db, submission.companyId, doc.id),
    made_for_step: madeForStep(doc.sendKey, submission.id, stepId),
    signer: signer
      ? {
          document_user_id: signer.id,
          role_name: signer.roleName,
          email: signer.email,
          status: signer.status,
        }
      : null,
    link: signer && password ? signingLink(platform.config.publicUrl, doc.id, signer.id, password) : null,
    user_details: signer && password ? { _id: signer.id, password, document_id: doc.id } : null,
    completed_at: doc.completedAt ? doc.completedAt.toISOString() : null,
  };
}

/** A step of a submission, as the routes name it. */
export type StepRef = { dataId: string; stepId: string };

/**
 * The document of a step. `OPEN` (`GET formbuilder-data/company-documents/{data_id}/{step_id}`):
 * the step's document, made on the first call while the submission is open and the step shown.
 * `DEFAULT` (`POST .../{data_id}/default {step_id}`): a fresh document from the step's template
 * (the default document); a document that ended without completion (declined, rejected, voided,
 * expired) is detached first, one in progress or completed is 409 (detach it first).
 */
export async function stepDocument(
  platform: Platform,
  caller: Caller,
  ref: StepRef,
  client: Client,
  mode: 'OPEN' | 'DEFAULT',
): Promise<TFormStepDocument> {
  const db = platform.database.db;
  const submission = await submissionFor(db, caller, ref.dataId, 'change');
  const form = await findFormBuilder(db, submission.companyId, submission.formBuilderId);
  const step = documentStepOf(form, ref.stepId);
  const existing = (await stepDocumentIds(db, submission.id)).get(step.id);
  if (existing && mode === 'OPEN')
    return presentStepDocument(platform, caller, submission, step.id, existing);
  assertDocumentsOpen(submission);
  if (existing) {
    const doc = await employeeDocumentOf(db, existing, submission.companyId);
    if (doc && !ENDED.includes(doc.status)) {
      throw new AppError('CONFLICT', {
        message: 'This step already has its document: detach it first to start again',
        errorCode: 'STEP_HAS_DOCUMENT',
      });
    }
    await db.transaction((tx) =>
      unlinkStepDocuments(
        tx,
        submission.id,
        [{ stepId: step.id, documentId: existing }],
        actorOf(caller),
        client.ip,
      ),
    );
  }
  const ctx: StepContext = { submission, form, step };
  assertShown(ctx);
  const made = await makeStepDocument(platform, caller, ctx, client);
  return presentStepDocument(platform, caller, submission, step.id, made.documentId, made.secret);
}

/**
 * `POST documents-templates/copy-blank-documents {formbuilder_data_id}`: the documents of every
 * shown DOCUMENT step that has none yet, made at once from their templates; answers every step
 * document of the submission.
 */
export async function copyBlankDocuments(
  platform: Platform,
  caller: Caller,
  dataId: string,
  client: Client,
): Promise<TFormStepDocument[]> {
  const db = platform.database.db;
  const { submission, form } = await openSubmission(db, caller, dataId);
  const shown = visibleStepIds(form.steps, submission.values);
  const linked = await stepDocumentIds(db, submission.id);
  const answers: TFormStepDocument[] = [];
  for (const step of form.steps) {
    if (step.type !== 'DOCUMENT' || !shown.has(step.id)) continue;
    const existing = linked.get(step.id);
    const made = existing
      ? null
      : await makeStepDocument(platform, caller, { submission, form, step }, client);
    const documentId = existing ?? made!.documentId;
    answers.push(
      await presentStepDocument(platform, caller, submission, step.id, documentId, made?.secret ?? null),
    );
  }
  return answers;
}
