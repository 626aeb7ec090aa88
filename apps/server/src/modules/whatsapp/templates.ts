import { and, asc, eq, notInArray, sql } from 'drizzle-orm';
import type { TWhatsappTemplate } from '@esigns/contracts/whatsapp';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import { fetchTemplates, type GraphAuth, type GraphTemplate } from './graph';
import { refusal } from './refusal';
import { whatsappTemplates } from './schema';

export type TemplateRow = typeof whatsappTemplates.$inferSelect;

/** Only templates Meta approved can be sent. */
export const usable = (row: Pick<TemplateRow, 'status'>) => row.status === 'APPROVED';

export function templateView(row: TemplateRow): TWhatsappTemplate {
  return {
    _id: row.id,
    account_id: row.accountId,
    name: row.name,
    language: row.language,
    status: row.status,
    category: row.category,
    body: row.body,
    parameters: row.parameters,
    usable: usable(row),
  };
}

/** The WABA's templates, or the refusal as a 422 under `waba_id` (503 when the API failed). */
export async function fetchTemplatesOrRefuse(auth: GraphAuth, wabaId: string): Promise<GraphTemplate[]> {
  try {
    return await fetchTemplates(auth, wabaId);
  } catch (err) {
    return refusal(err, 'waba_id');
  }
}

/**
 * The account's templates become exactly `templates`: new ones inserted, known ones (name,
 * language) updated in place (their ids, which purposes point at, stay), vanished ones deleted.
 */
export async function replaceTemplates(
  tx: Db,
  companyId: string,
  accountId: string,
  templates: GraphTemplate[],
): Promise<void> {
  const seen = new Set<string>();
  const unique = templates.filter((t) => {
    const key = `${t.name}|${t.language}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  if (unique.length > 0) {
    await tx
      .insert(whatsappTemplates)
      .values(
        unique.map((t) => ({
          companyId,
          accountId,
          metaId: t.id,
          name: t.name,
          language: t.language,
          status: t.status,
          category: t.category,
          body: t.body,
          parameters: t.parameters,
        })),
      )
      .onConflictDoUpdate({
        target: [whatsappTemplates.accountId, whatsappTemplates.name, whatsappTemplates.language],
        set: {
          metaId: sql`excluded.meta_id`,
          status: sql`excluded.status`,
          category: sql`excluded.category`,
          body: sql`excluded.body`,
          parameters: sql`excluded.parameters`,
          syncedAt: sql`now()`,
        },
      });
  }
  const keep = unique.map((t) => `${t.name}|${t.language}`);
  await tx
    .delete(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.accountId, accountId),
        keep.length > 0
          ? notInArray(sql<string>`${whatsappTemplates.name} || '|' || ${whatsappTemplates.language}`, keep)
          : undefined,
      ),
    );
}

export async function listTemplates(
  db: Pick<Db, 'select'>,
  companyId: string,
  accountId?: string,
): Promise<TWhatsappTemplate[]> {
  if (accountId !== undefined && !isUuid(accountId)) throw notFound('WhatsApp account');
  const rows = await db
    .select()
    .from(whatsappTemplates)
    .where(
      and(
        eq(whatsappTemplates.companyId, companyId),
        accountId ? eq(whatsappTemplates.accountId, accountId) : undefined,
      ),
    )
    .orderBy(asc(whatsappTemplates.name), asc(whatsappTemplates.language));
  return rows.map(templateView);
}

/** A company's template, or null. */
export async function templateOf(
  db: Pick<Db, 'select'>,
  companyId: string,
  id: string,
): Promise<TemplateRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(whatsappTemplates)
    .where(and(eq(whatsappTemplates.companyId, companyId), eq(whatsappTemplates.id, id)));
  return row ?? null;
}
