import type { TFormField, TFormFieldOf } from '@esigns/contracts/nocode-fields';
import { toMinorUnits, type TPayButtonRule, type TStartPayment } from '@esigns/contracts/pay-buttons';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { ContactContext } from '../application-users';
import { loadEntityDefinition } from '../entities';
import { payableRecord } from '../entity-data';
import { findFormBuilder } from '../form-builders';
import { payableSubmission, type FillCaller } from '../form-submissions';
import { templateDefinitions } from '../form-templates';
import type { AccessContext } from '../permissions';
import { effectiveIntegration } from './integrations';

type PayButtonField = TFormFieldOf<'PAY_BUTTON'>;

/** Who asks: staff or a contact (signed in), or a guest of a form (only submissions). */
export type Payer =
  | { kind: 'STAFF'; access: AccessContext }
  | { kind: 'CONTACT'; contact: ContactContext }
  | { kind: 'GUEST'; caller: FillCaller & { kind: 'GUEST' } };

/** A pay button found where the caller may pay it, with its amount as the server computes it. */
export type ResolvedButton = {
  companyId: string;
  targetKind: 'RECORD' | 'SUBMISSION';
  targetId: string;
  entityId: string | null;
  formBuilderId: string | null;
  templateId: string;
  stepId: string | null;
  field: PayButtonField;
  rule: TPayButtonRule | null;
  accountId: string | null;
  /** Null when the amount is not set (a field left empty, 0 or negative). */
  amountMinor: number | null;
  currency: string;
  description: string;
  /** Whom the gateway bills by default (the filler's email for submissions). */
  defaultPayer: { email: string | null; name: string | null };
};

/** The payer as form-submissions names its callers. */
export function fillCallerOfPayer(payer: Payer): FillCaller {
  if (payer.kind === 'GUEST') return payer.caller;
  if (payer.kind === 'STAFF')
    return { kind: 'STAFF', companyId: payer.access.companyId, access: payer.access };
  return { kind: 'CONTACT', companyId: payer.contact.companyId, contact: payer.contact };
}

type Target =
  | { kind: 'RECORD'; recordId: string; templateId: string }
  | { kind: 'SUBMISSION'; submissionId: string; stepId: string };

export function targetOf(
  input: Pick<TStartPayment, 'record_id' | 'submission_id' | 'template_id' | 'step_id'>,
): Target {
  if (input.record_id) return { kind: 'RECORD', recordId: input.record_id, templateId: input.template_id! };
  return { kind: 'SUBMISSION', submissionId: input.submission_id!, stepId: input.step_id! };
}

const noButton = () =>
  validationError([{ key: 'field_key', path: ['field_key'], message: 'Not a pay button of this template' }]);

/**
 * The amount of a button, in minor units: the rule's FIXED amount or FIELD, else the field's own
 * settings (fixed `amount`, or the saved value of `amount_field`). Never anything the caller sent.
 */
export function amountOf(
  field: PayButtonField,
  rule: TPayButtonRule | null,
  values: Record<string, unknown>,
): number | null {
  const currency = field.currency;
  if (rule?.amount_source === 'FIXED') return toMinorUnits(rule.amount, currency);
  if (rule?.amount_source === 'FIELD' && rule.amount_field)
    return toMinorUnits(values[rule.amount_field], currency);
  if (field.amount !== undefined) return toMinorUnits(field.amount, currency);
  return field.amount_field ? toMinorUnits(values[field.amount_field], currency) : null;
}

function buttonOf(fields: readonly TFormField[], key: string): PayButtonField {
  const field = fields.find((f) => f.key === key);
  if (!field || field.type !== 'PAY_BUTTON') throw noButton();
  return field;
}

async function recordButton(
  db: Db,
  payer: Exclude<Payer, { kind: 'GUEST' }>,
  target: Extract<Target, { kind: 'RECORD' }>,
  fieldKey: string,
) {
  const record = await payableRecord(db, payer, target.recordId);
  const def = await loadEntityDefinition(db, record.companyId, record.entityId);
  const template = def.byId.get(target.templateId);
  if (!template) throw noButton();
  return {
    companyId: record.companyId,
    entityId: record.entityId,
    formBuilderId: null,
    stepId: null,
    field: buttonOf(template.fields, fieldKey),
    values: (record.values[target.templateId] ?? {}) as Record<string, unknown>,
    description: record.title ?? '',
    defaultPayer: { email: null, name: null },
  };
}

async function submissionButton(
  db: Db,
  payer: Payer,
  target: Extract<Target, { kind: 'SUBMISSION' }>,
  fieldKey: string,
) {
  const submission = await payableSubmission(db, fillCallerOfPayer(payer), target.submissionId);
  const form = await findFormBuilder(db, submission.companyId, submission.formBuilderId);
  const step = form.steps.find((s) => s.id === target.stepId);
  if (!step || step.type !== 'TEMPLATE') {
    throw validationError([
      { key: 'step_id', path: ['step_id'], message: 'Not a template step of this form' },
    ]);
  }
  const template = (await templateDefinitions(db, [step.template_id])).get(step.template_id);
  if (!template) throw notFound('Template');
  return {
    companyId: submission.companyId,
    entityId: null,
    formBuilderId: submission.formBuilderId,
    stepId: step.id,
    templateId: step.template_id,
    field: buttonOf(template.fields, fieldKey),
    values: (submission.values[step.id] ?? {}) as Record<string, unknown>,
    description: form.name,
    defaultPayer: { email: submission.fillerEmail, name: submission.fillerName || null },
  };
}

/** The button `fieldKey` of the target, checked against what the caller may reach (404 / 403 / 422). */
export async function resolveButton(
  db: Db,
  payer: Payer,
  target: Target,
  fieldKey: string,
): Promise<ResolvedButton> {
  if (target.kind === 'RECORD' && payer.kind === 'GUEST') throw notFound('Record');
  const found =
    target.kind === 'RECORD'
      ? {
          ...(await recordButton(db, payer as Exclude<Payer, { kind: 'GUEST' }>, target, fieldKey)),
          templateId: target.templateId,
        }
      : await submissionButton(db, payer, target, fieldKey);
  const integration = await effectiveIntegration(db, found.companyId, found.templateId, found.entityId);
  const rule = integration?.rules.find((r) => r.field_key === fieldKey) ?? null;
  const label = found.field.description || found.field.label;
  return {
    companyId: found.companyId,
    targetKind: target.kind,
    targetId: target.kind === 'RECORD' ? target.recordId : target.submissionId,
    entityId: found.entityId,
    formBuilderId: found.formBuilderId,
    templateId: found.templateId,
    stepId: found.stepId,
    field: found.field,
    rule,
    accountId: integration?.accountId ?? found.field.account_id ?? null,
    amountMinor: amountOf(found.field, rule, found.values),
    currency: found.field.currency,
    description: (found.description ? `${label} · ${found.description}` : label).slice(0, 200),
    defaultPayer: found.defaultPayer,
  };
}

export const amountNotSet = (): AppError =>
  new AppError('VALIDATION_FAILED', {
    message: 'The amount to pay is not set: fill in the amount first',
    details: [{ key: 'field_key', path: ['field_key'], message: 'The amount to pay is not set' }],
  });
