import { and, asc, eq, isNull, type SQL } from 'drizzle-orm';
import type {
  TPayButtonRule,
  TPayIntegration,
  TPayIntegrationSave,
  TUpdatePayRules,
} from '@esigns/contracts/pay-buttons';
import { ZPayButtonRule } from '@esigns/contracts/pay-buttons';
import type { Db } from '../../platform/db/database';
import { unlessAppError, validationError } from '../../platform/http/app-error';
import { loadEntityDefinition } from '../entities';
import { findReadableTemplate } from '../form-templates';
import { getPaymentAccount } from '../payment-gateway';
import type { AccessContext } from '../permissions';
import { payButtonIntegrations } from './schema';

type Reader = Pick<Db, 'select'>;
export type IntegrationRow = typeof payButtonIntegrations.$inferSelect;

export function integrationView(row: IntegrationRow): TPayIntegration {
  return {
    _id: row.id,
    template_id: row.templateId,
    entity_id: row.entityId,
    account_id: row.accountId,
    active: row.active,
    rules: row.rules,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listIntegrations(db: Reader, companyId: string): Promise<TPayIntegration[]> {
  const rows = await db
    .select()
    .from(payButtonIntegrations)
    .where(eq(payButtonIntegrations.companyId, companyId))
    .orderBy(asc(payButtonIntegrations.createdAt), asc(payButtonIntegrations.id));
  return rows.map(integrationView);
}

const slotOf = (companyId: string, templateId: string, entityId: string | null | undefined): SQL =>
  and(
    eq(payButtonIntegrations.companyId, companyId),
    eq(payButtonIntegrations.templateId, templateId),
    entityId ? eq(payButtonIntegrations.entityId, entityId) : isNull(payButtonIntegrations.entityId),
  )!;

/** The integration of exactly this template (and entity, when given), or null. */
export async function findIntegration(
  db: Reader,
  companyId: string,
  templateId: string,
  entityId: string | null | undefined,
): Promise<IntegrationRow | null> {
  const [row] = await db
    .select()
    .from(payButtonIntegrations)
    .where(slotOf(companyId, templateId, entityId))
    .limit(1);
  return row ?? null;
}

/** What applies to a button: the entity's own integration, else the template's (active ones only). */
export async function effectiveIntegration(
  db: Reader,
  companyId: string,
  templateId: string,
  entityId: string | null,
): Promise<IntegrationRow | null> {
  const own = entityId ? await findIntegration(db, companyId, templateId, entityId) : null;
  if (own?.active) return own;
  const general = await findIntegration(db, companyId, templateId, null);
  return general?.active ? general : null;
}

/** The template must be one the company reads; the entity one of its own that holds the template. */
async function checkTarget(
  db: Db,
  companyId: string,
  templateId: string,
  entityId: string | null | undefined,
) {
  await findReadableTemplate(db, companyId, templateId);
  if (!entityId) return;
  const def = await loadEntityDefinition(db, companyId, entityId);
  if (!def.byId.has(templateId)) {
    throw validationError([
      { key: 'entity_id', path: ['entity_id'], message: 'This entity does not use the template' },
    ]);
  }
}

/** `POST /integration`: adds or changes the integration of a template (and entity). */
export async function saveIntegration(
  db: Db,
  access: AccessContext,
  input: TPayIntegrationSave,
  rules?: TPayButtonRule[],
): Promise<TPayIntegration> {
  await checkTarget(db, access.companyId, input.template_id, input.entity_id);
  if (
    input.account_id &&
    !(await unlessAppError(getPaymentAccount(db, access.companyId, input.account_id)))
  ) {
    // Another company's account is the same as none: said where it was given, before it is kept.
    throw validationError([
      { key: 'account_id', path: ['account_id'], message: 'No such payment account in this company' },
    ]);
  }
  return db.transaction(async (tx) => {
    const existing = await findIntegration(tx, access.companyId, input.template_id, input.entity_id);
    const now = new Date();
    if (existing) {
      const [row] = await tx
        .update(payButtonIntegrations)
        .set({
          ...(input.account_id !== undefined ? { accountId: input.account_id } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          ...(rules !== undefined ? { rules } : {}),
          updatedAt: now,
        })
        .where(eq(payButtonIntegrations.id, existing.id))
        .returning();
      return integrationView(row!);
    }
    const [row] = await tx
      .insert(payButtonIntegrations)
      .values({
        companyId: access.companyId,
        templateId: input.template_id,
        entityId: input.entity_id ?? null,
        accountId: input.account_id ?? null,
        active: input.active ?? true,
        rules: rules ?? [],
        createdBy: access.userId,
      })
      .returning();
    return integrationView(row!);
  });
}

/**
 * `POST /updateRulesOfPayBtn`: the rules of the template's pay button fields (each key must be a
 * PAY_BUTTON field of the template; an amount field a number, currency or formula field of it).
 */
export async function updateRules(
  db: Db,
  access: AccessContext,
  input: TUpdatePayRules,
): Promise<TPayIntegration> {
  const template = await findReadableTemplate(db, access.companyId, input.template_id);
  const rules = input.rules.map((r) => ZPayButtonRule.parse(r));
  const byKey = new Map(template.fields.map((f) => [f.key, f]));
  const details = rules.flatMap((rule, i) => {
    const problems: { key: string; path: (string | number)[]; message: string }[] = [];
    const at = (k: string, message: string) =>
      problems.push({ key: `rules.${i}.${k}`, path: ['rules', i, k], message });
    if (byKey.get(rule.field_key)?.type !== 'PAY_BUTTON')
      at('field_key', 'Not a pay button of this template');
    if (rule.amount_source === 'FIXED' && rule.amount === undefined) at('amount', 'Give the amount');
    if (rule.amount_source === 'FIELD') {
      const type = rule.amount_field ? byKey.get(rule.amount_field)?.type : undefined;
      if (!type || !['NUMBER', 'CURRENCY', 'FORMULA'].includes(type)) {
        at('amount_field', 'Choose a number, currency or formula field of this template');
      }
    }
    if (rule.status_field !== undefined && !byKey.has(rule.status_field)) {
      at('status_field', 'Not a field of this template');
    }
    return problems;
  });
  const keys = rules.map((r) => r.field_key);
  keys.forEach((k, i) => {
    if (keys.indexOf(k) !== i) {
      details.push({
        key: `rules.${i}.field_key`,
        path: ['rules', i, 'field_key'],
        message: 'One rule per button',
      });
    }
  });
  if (details.length > 0) throw validationError(details, details[0]!.message);
  return saveIntegration(db, access, { template_id: input.template_id, entity_id: input.entity_id }, rules);
}
