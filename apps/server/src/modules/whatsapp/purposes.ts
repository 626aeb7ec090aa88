import { eq } from 'drizzle-orm';
import {
  WHATSAPP_PURPOSES,
  WHATSAPP_VARIABLES,
  type TWhatsappPurpose,
  type TWhatsappPurposeSetting,
  type TWhatsappPurposeWrite,
} from '@esigns/contracts/whatsapp';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import { whatsappPurposes } from './schema';
import { templateOf, usable } from './templates';

export type PurposeRow = typeof whatsappPurposes.$inferSelect;

const setting = (purpose: TWhatsappPurpose, row: PurposeRow | undefined): TWhatsappPurposeSetting => ({
  purpose,
  enabled: row?.enabled ?? false,
  template_id: row?.templateId ?? null,
  parameters: row?.parameters ?? [],
});

/** Every purpose, saved or not (not saved: disabled, no template). */
export async function listPurposes(
  db: Pick<Db, 'select'>,
  companyId: string,
): Promise<TWhatsappPurposeSetting[]> {
  const rows = await db.select().from(whatsappPurposes).where(eq(whatsappPurposes.companyId, companyId));
  const by = new Map(rows.map((r) => [r.purpose, r]));
  return WHATSAPP_PURPOSES.map((p) => setting(p, by.get(p)));
}

/**
 * Saves a purpose's template and parameters. The template must be the company's; an enabled
 * purpose needs an APPROVED template and one known value per body parameter (422 naming the field).
 */
export async function savePurpose(
  db: Db,
  companyId: string,
  purpose: TWhatsappPurpose,
  input: TWhatsappPurposeWrite,
): Promise<TWhatsappPurposeSetting> {
  const details: TValidationDetail[] = [];
  const fail = (key: string, message: string) =>
    details.push({ key, message, path: key.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)) });
  const template = input.template_id ? await templateOf(db, companyId, input.template_id) : null;
  if (input.template_id && !template) fail('template_id', 'No such template: sync the templates');
  const known = WHATSAPP_VARIABLES[purpose];
  input.parameters.forEach((p, i) => {
    if (!known.includes(p)) fail(`parameters.${i}`, `Use one of ${known.join(', ')}`);
  });
  if (input.enabled) {
    if (!input.template_id) fail('template_id', 'Choose a template to enable this');
    if (template && !usable(template))
      fail('template_id', `Meta has not approved this template (${template.status})`);
    if (template && input.parameters.length !== template.parameters)
      fail('parameters', `The template has ${template.parameters} parameter(s): give one value for each`);
  }
  if (details.length > 0) throw validationError(details);
  const values = {
    companyId,
    purpose,
    enabled: input.enabled,
    templateId: template?.id ?? null,
    parameters: input.parameters,
    updatedAt: new Date(),
  };
  const [row] = await db
    .insert(whatsappPurposes)
    .values(values)
    .onConflictDoUpdate({ target: [whatsappPurposes.companyId, whatsappPurposes.purpose], set: values })
    .returning();
  return setting(purpose, row);
}
