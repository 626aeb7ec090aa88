import { and, count, desc, eq } from 'drizzle-orm';
import { toPaged, type TPaged } from '@esigns/contracts/envelope';
import type { TWhatsappMessage, TWhatsappStatus, ZWhatsappMessagesQuery } from '@esigns/contracts/whatsapp';
import type { z } from 'zod';
import type { Db } from '../../platform/db/database';
import type { Platform } from '../../platform/platform';
import { accountOf } from './accounts';
import { whatsappAccounts, whatsappMessages, whatsappPurposes } from './schema';

type Row = typeof whatsappMessages.$inferSelect;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function view(row: Row): TWhatsappMessage {
  return {
    _id: row.id,
    account_id: row.accountId,
    purpose: row.purpose,
    contact_id: row.contactId,
    contact_name: row.contactName,
    to: row.toPhone,
    template_name: row.templateName,
    language: row.language,
    status: row.status,
    error: row.error,
    wa_message_id: row.waMessageId,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    status_at: iso(row.statusAt),
  };
}

/** The company's message log, newest first (never the parameters: they hold links). */
export async function listMessages(
  db: Pick<Db, 'select'>,
  companyId: string,
  query: z.output<typeof ZWhatsappMessagesQuery>,
): Promise<TPaged<TWhatsappMessage>> {
  if (query.account_id) await accountOf(db, companyId, query.account_id);
  const where = and(
    eq(whatsappMessages.companyId, companyId),
    query.account_id ? eq(whatsappMessages.accountId, query.account_id) : undefined,
    query.status ? eq(whatsappMessages.status, query.status) : undefined,
    query.purpose ? eq(whatsappMessages.purpose, query.purpose) : undefined,
    query.contact_id ? eq(whatsappMessages.contactId, query.contact_id) : undefined,
  );
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(whatsappMessages).where(where);
  const rows = await db
    .select()
    .from(whatsappMessages)
    .where(where)
    .orderBy(desc(whatsappMessages.createdAt), desc(whatsappMessages.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return toPaged(rows.map(view), total, query);
}

/** What the screens show first: how many accounts, and what is still missing before a send. */
export async function whatsappStatus(platform: Platform, companyId: string): Promise<TWhatsappStatus> {
  const db = platform.database.db;
  const [{ accounts } = { accounts: 0 }] = await db
    .select({ accounts: count() })
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.companyId, companyId));
  const purposes = await db
    .select({ enabled: whatsappPurposes.enabled })
    .from(whatsappPurposes)
    .where(eq(whatsappPurposes.companyId, companyId));
  const missing: string[] = [];
  if (accounts === 0)
    missing.push(
      'Connect a WhatsApp Business account: its phone number id, WhatsApp Business account id, a permanent access token (a system user of your Meta Business with whatsapp_business_messaging and whatsapp_business_management) and the Meta app secret.',
    );
  if (!purposes.some((p) => p.enabled))
    missing.push(
      'Choose an approved message template for at least one purpose (signing link, reminder, form link) and enable it.',
    );
  return { accounts, graph_url: platform.config.whatsapp.graphUrl, missing };
}
