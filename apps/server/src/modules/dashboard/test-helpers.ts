import { and, eq } from 'drizzle-orm';
import type { TDocumentStatus, TRecipientStatus, TRecipientType } from '@esigns/contracts/documents';
import { ZDocumentSettings, type TDocumentSettingsInput } from '@esigns/contracts/documents';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import type { UserType } from '@esigns/contracts/auth';
import type { TestApp } from '../../../test/test-app';
import type { SeededCompany, SeededUser } from '../../../test/seed-company';
import { appendDocumentLog } from '../documents/document-logs';
import { documentUsers, employeeDocuments } from '../documents/schema';
import { userTypePermissions } from '../permissions/schema';

/*
 * Shared by the dashboard's API tests: documents written straight to the database with the dates
 * a test needs (the send and signing APIs are exercised by their own modules' tests), and calls
 * with the spec's `usertimezone` header.
 */

type Method = 'GET' | 'POST';
let ipSeq = 0;

export function dashboardCaller(t: TestApp) {
  return (
    method: Method,
    url: string,
    who?: SeededUser,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    ipSeq += 1;
    return t.app.inject({
      method,
      url,
      remoteAddress: `10.66.${(ipSeq >> 8) & 255}.${ipSeq & 255}`,
      headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };
}

export const DAY_MS = 86_400_000;
export const daysFromNow = (days: number, now = Date.now()): Date => new Date(now + days * DAY_MS);

export type SeedRecipient = {
  email: string;
  userId?: string | null;
  status?: TRecipientStatus;
  userType?: TRecipientType;
  sentAt?: Date | null;
  lastRemindedAt?: Date | null;
  firstName?: string;
};

export type SeedDocument = {
  name: string;
  status: TDocumentStatus;
  sender: SeededUser;
  sentAt?: Date | null;
  completedAt?: Date | null;
  expiresAt?: Date | null;
  archivedAt?: Date | null;
  sharedWith?: string[];
  settings?: TDocumentSettingsInput;
  recipients?: SeedRecipient[];
};

/** A document of `company` with its recipients, dated as given; answers its id and recipient ids. */
export async function seedDocument(
  t: TestApp,
  company: SeededCompany,
  input: SeedDocument,
): Promise<{ id: string; recipientIds: string[] }> {
  const db = t.platform.database.db;
  const sentAt = input.sentAt === undefined ? (input.status === 'DRAFT' ? null : new Date()) : input.sentAt;
  const [doc] = await db
    .insert(employeeDocuments)
    .values({
      companyId: company.companyId,
      name: input.name,
      status: input.status,
      file: {} as never,
      pages: [],
      settings: ZDocumentSettings.parse(input.settings ?? {}),
      senderId: input.sender.userId,
      sharedWith: input.sharedWith ?? [],
      sentAt,
      completedAt: input.completedAt ?? (input.status === 'COMPLETED' ? sentAt : null),
      expiresAt: input.expiresAt ?? null,
      archivedAt: input.archivedAt ?? null,
    })
    .returning({ id: employeeDocuments.id });
  const recipients = input.recipients ?? [];
  const rows =
    recipients.length === 0
      ? []
      : await db
          .insert(documentUsers)
          .values(
            recipients.map((r, index) => ({
              companyId: company.companyId,
              employeeDocumentId: doc!.id,
              key: `r${index}`,
              userType: r.userType ?? ('SIGNER' as const),
              email: r.email,
              firstName: r.firstName ?? '',
              userId: r.userId ?? null,
              status: r.status ?? ('SENT' as const),
              sentAt: r.sentAt === undefined ? sentAt : r.sentAt,
              lastRemindedAt: r.lastRemindedAt ?? null,
            })),
          )
          .returning({ id: documentUsers.id });
  return { id: doc!.id, recipientIds: rows.map((r) => r.id) };
}

/** Appends a log row to a document (as the modules that act on documents do). */
export async function logEvent(
  t: TestApp,
  companyId: string,
  documentId: string,
  action: string,
  by: { actorUserId?: string; documentUserId?: string } = {},
): Promise<void> {
  await t.platform.database.db.transaction((tx) =>
    appendDocumentLog(tx, {
      companyId,
      employeeDocumentId: documentId,
      action,
      actorUserId: by.actorUserId ?? null,
      documentUserId: by.documentUserId ?? null,
    }),
  );
}

/** Takes permissions away from a user type of a company (for 403 tests). */
export async function revokePermissions(
  t: TestApp,
  companyId: string,
  userType: UserType,
  slugs: PermissionSlug[],
): Promise<void> {
  const db = t.platform.database.db;
  const where = and(eq(userTypePermissions.companyId, companyId), eq(userTypePermissions.userType, userType));
  const [row] = await db.select().from(userTypePermissions).where(where);
  const remove = new Set<string>(slugs);
  await db
    .update(userTypePermissions)
    .set({ permissions: (row?.permissions ?? []).filter((slug) => !remove.has(slug)) })
    .where(where);
}
