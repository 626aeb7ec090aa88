import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import type { SubmitCheckInput } from '../form-submissions';
import { paymentsOfTargets } from './payments';
import { payButtonIntegrations } from './schema';

/**
 * A form's pay button whose rule says `required_before_submit` must be PAID before the submission
 * is submitted (form-submissions' submit check): else 422 keyed `<step id>.<field key>`, the
 * button's place in the fill. Only visible steps count (a hidden step's button is not asked for).
 */
export async function requirePaidButtons(db: Db, input: SubmitCheckInput): Promise<void> {
  if (input.templateSteps.length === 0) return;
  // The templates' own integrations (a form's submission belongs to no entity), in one read.
  const integrations = await db
    .select({ templateId: payButtonIntegrations.templateId, rules: payButtonIntegrations.rules })
    .from(payButtonIntegrations)
    .where(
      and(
        eq(payButtonIntegrations.companyId, input.companyId),
        inArray(
          payButtonIntegrations.templateId,
          input.templateSteps.map((s) => s.templateId),
        ),
        isNull(payButtonIntegrations.entityId),
        eq(payButtonIntegrations.active, true),
      ),
    );
  const required = input.templateSteps.flatMap((step) =>
    integrations
      .filter((i) => i.templateId === step.templateId)
      .flatMap((i) => i.rules.filter((r) => r.required_before_submit))
      .map((r) => ({ stepId: step.stepId, fieldKey: r.field_key })),
  );
  if (required.length === 0) return;
  const payments = await paymentsOfTargets(db, input.companyId, [input.submissionId]);
  const unpaid = required.filter(
    (r) => !payments.some((p) => p.stepId === r.stepId && p.fieldKey === r.fieldKey && p.status === 'PAID'),
  );
  if (unpaid.length === 0) return;
  const message = 'Pay before you submit';
  throw validationError(
    unpaid.map((r) => ({ key: `${r.stepId}.${r.fieldKey}`, path: [r.stepId, r.fieldKey], message })),
    message,
  );
}
