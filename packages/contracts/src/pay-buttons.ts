import { z } from 'zod';
import { ZId } from './ids';
import { ZFieldKey } from './nocode-fields';
import { TXN_STATUSES, ZMoney, currencyDigits } from './payments';

/*
 * Pay buttons (payments-design "pay-buttons"; apps/server/src/modules/pay-buttons/README.md): a
 * PAY_BUTTON field of a template collects a payment for the record or form submission it sits in.
 * The amount is computed on the server from the field's settings (fixed, or a number field of the
 * same template's saved values), never taken from the caller.
 *
 * Calls (under /api):
 *   GET  /integration                    the company's pay-button integrations (template -> account, rules)
 *   POST /integration                    add or change one (by template, optionally an entity)
 *   GET  /integrationByTemplate/{id}     the integration of a template (null when none)
 *   POST /updateRulesOfPayBtn            the rules of one pay button field of a template
 *   POST /payment                        staff or contact: start paying a record's / submission's button
 *   POST /orderPlace                     guest of a form (userid + passcode + formbuilderid): the same
 *   GET  /pay-buttons/status             the buttons' state of one record or submission
 *   GET  /pay-buttons/payments           payments, paged, with filters (payments:view)
 *   GET  /pay-buttons/payments/{id}      one payment with its history (payments:view)
 *   PUT  /pay-buttons/payments/{id}/status   staff: set the status by hand, with a reason (payments:configure)
 *   POST /pay-buttons/manual-status      staff: record a wire payment for a button never started
 */

export const PAY_BUTTON_PAYMENT_STATUSES = TXN_STATUSES;
export type TPayButtonStatus = (typeof PAY_BUTTON_PAYMENT_STATUSES)[number];
/** Statuses staff may set by hand (wire payments received or not). */
export const MANUAL_PAY_STATUSES = ['PAID', 'FAILED', 'CANCELLED', 'REFUNDED'] as const;
export const PAY_TARGET_KINDS = ['RECORD', 'SUBMISSION'] as const;
export type TPayTargetKind = (typeof PAY_TARGET_KINDS)[number];

/** A major-unit amount (as fields hold it: 1234.5) in minor units of `currency` (123450), or null. */
export function toMinorUnits(amount: unknown, currency: string): number | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return null;
  const minor = Math.round(amount * 10 ** currencyDigits(currency));
  return minor > 0 && minor <= 1_000_000_000_000 ? minor : null;
}

/** What a rule says of one pay button field. */
export const ZPayButtonRule = z.object({
  field_key: ZFieldKey,
  /** The form cannot be submitted before the button is paid (shown to fillers; checked on submit). */
  required_before_submit: z.boolean().default(false),
  /** Overrides the field's own amount settings when given. */
  amount_source: z.enum(['FIELD_SETTINGS', 'FIXED', 'FIELD']).default('FIELD_SETTINGS'),
  amount: z.number().positive().max(1e12).optional(),
  amount_field: ZFieldKey.optional(),
  /** A text field of the same template that shows the status (informational: the status is kept by pay-buttons). */
  status_field: ZFieldKey.optional(),
});
export type TPayButtonRule = z.infer<typeof ZPayButtonRule>;
export type TPayButtonRuleInput = z.input<typeof ZPayButtonRule>;

export const ZPayIntegration = z.object({
  _id: z.string(),
  template_id: z.string(),
  entity_id: z.string().nullable(),
  /** The payment-gateway account (null: the company's default account, else MANUAL). */
  account_id: z.string().nullable(),
  active: z.boolean(),
  rules: z.array(ZPayButtonRule),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPayIntegration = z.infer<typeof ZPayIntegration>;

export const ZPayIntegrationSave = z.object({
  template_id: ZId(),
  entity_id: ZId().nullable().optional(),
  account_id: ZId().nullable().optional(),
  active: z.boolean().optional(),
});
export type TPayIntegrationSave = z.infer<typeof ZPayIntegrationSave>;

export const ZUpdatePayRules = z.object({
  template_id: ZId(),
  entity_id: ZId().nullable().optional(),
  rules: z.array(ZPayButtonRule).max(50),
});
export type TUpdatePayRules = z.input<typeof ZUpdatePayRules>;

const ZReturnPath = z
  .string()
  .max(500)
  .regex(/^\/(?![/\\])[^\s]*$/, 'A path of this site, starting with one /')
  .optional();

/** Start paying a pay button. The amount is never sent: the server computes it. */
export const ZStartPayment = z
  .object({
    record_id: ZId().optional(),
    submission_id: ZId().optional(),
    /** The template holding the button (records). */
    template_id: ZId().optional(),
    /** The form step holding the button (submissions). */
    step_id: ZId().optional(),
    field_key: ZFieldKey,
    /** Where the payer comes back to (this site's path); the gateway adds `?txn=`. */
    return_path: ZReturnPath,
    payer_email: z.email().max(254).optional(),
    payer_name: z.string().trim().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    const record = v.record_id !== undefined;
    const submission = v.submission_id !== undefined;
    if (record === submission) {
      ctx.addIssue({ code: 'custom', path: ['record_id'], message: 'Give a record_id or a submission_id' });
    }
    if (record && v.template_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['template_id'], message: 'Give the template of the button' });
    }
    if (submission && v.step_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['step_id'], message: 'Give the form step of the button' });
    }
  });
export type TStartPayment = z.infer<typeof ZStartPayment>;

export const ZStartPaymentResult = z.object({
  payment_id: z.string(),
  transaction_id: z.string().nullable(),
  status: z.enum(PAY_BUTTON_PAYMENT_STATUSES),
  amount: ZMoney,
  redirect_url: z.string().nullable(),
  provider: z.string().nullable(),
  /** MANUAL: where to wire the money. */
  instructions: z.string().nullable(),
});
export type TStartPaymentResult = z.infer<typeof ZStartPaymentResult>;

export const ZPayButtonState = z.object({
  /** The template (records) or the form step (submissions) the button is in. */
  slot_id: z.string(),
  field_key: z.string(),
  paid: z.boolean(),
  status: z.enum(PAY_BUTTON_PAYMENT_STATUSES).nullable(),
  payment_id: z.string().nullable(),
  amount: ZMoney.nullable(),
  transaction_id: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type TPayButtonState = z.infer<typeof ZPayButtonState>;

export const ZPayStatusQuery = z
  .object({ record_id: ZId().optional(), submission_id: ZId().optional() })
  .refine((v) => (v.record_id === undefined) !== (v.submission_id === undefined), {
    message: 'Give a record_id or a submission_id',
    path: ['record_id'],
  });

export const ZPayButtonPayment = z.object({
  _id: z.string(),
  target_kind: z.enum(PAY_TARGET_KINDS),
  target_id: z.string(),
  entity_id: z.string().nullable(),
  form_builder_id: z.string().nullable(),
  template_id: z.string(),
  step_id: z.string().nullable(),
  field_key: z.string(),
  description: z.string(),
  amount: ZMoney,
  status: z.enum(PAY_BUTTON_PAYMENT_STATUSES),
  provider: z.string().nullable(),
  account_id: z.string().nullable(),
  transaction_id: z.string().nullable(),
  payer: z.object({ kind: z.string(), email: z.string().nullable(), name: z.string().nullable() }),
  paid_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPayButtonPayment = z.infer<typeof ZPayButtonPayment>;

export const ZPayButtonPaymentEvent = z.object({
  _id: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string(),
  /** GATEWAY (the provider's answer), MANUAL (staff by hand), START. */
  source: z.string(),
  reason: z.string().nullable(),
  actor: z.string().nullable(),
  created_at: z.string(),
});

export const ZPayButtonPaymentDetail = ZPayButtonPayment.extend({
  events: z.array(ZPayButtonPaymentEvent),
});
export type TPayButtonPaymentDetail = z.infer<typeof ZPayButtonPaymentDetail>;

export const ZPaymentsQuery = z.object({
  status: z.enum(PAY_BUTTON_PAYMENT_STATUSES).optional(),
  target_kind: z.enum(PAY_TARGET_KINDS).optional(),
  target_id: ZId().optional(),
  template_id: ZId().optional(),
  search: z.string().trim().max(100).optional(),
});

export const ZManualStatus = z.object({
  status: z.enum(MANUAL_PAY_STATUSES),
  reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500),
});
export type TManualStatus = z.infer<typeof ZManualStatus>;

/** A wire payment recorded by hand for a button nobody started paying. */
export const ZManualStatusNew = z
  .object({
    record_id: ZId().optional(),
    submission_id: ZId().optional(),
    template_id: ZId().optional(),
    step_id: ZId().optional(),
    field_key: ZFieldKey,
    status: z.enum(MANUAL_PAY_STATUSES),
    reason: z.string().trim().min(3, 'Say why (at least 3 characters)').max(500),
  })
  .refine((v) => (v.record_id === undefined) !== (v.submission_id === undefined), {
    message: 'Give a record_id or a submission_id',
    path: ['record_id'],
  });
export type TManualStatusNew = z.infer<typeof ZManualStatusNew>;
