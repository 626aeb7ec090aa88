import { eq } from 'drizzle-orm';
import type { TDocumentStatus, TRecipientStatus, TRecipientType } from '@esigns/contracts/documents';
import { ZDocumentSettings } from '@esigns/contracts/documents';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import type { UserType } from '@esigns/contracts/auth';
import type { TestApp } from '../../../test/test-app';
import type { SeededUser } from '../../../test/seed-company';
import {
  configurableDocuments,
  companyDocuments,
  documentUsers,
  employeeDocuments,
} from '../documents/schema';
import { userTypePermissions } from '../permissions/schema';

/*
 * Documents written straight into the tables for the list tests: the lists read rows, and
 * seeding thousands of states through the send and signing APIs would test those instead.
 */

export type SeedRecipient = {
  email: string;
  first_name?: string;
  last_name?: string;
  user_type?: TRecipientType;
  status?: TRecipientStatus;
  user_id?: string | null;
  contact_id?: string | null;
  signing_order?: number;
};

export type SeedDocument = {
  name: string;
  status: TDocumentStatus;
  recipients?: SeedRecipient[];
  archived?: boolean;
  shared_with?: string[];
  /** Minutes after 2026-01-01T00:00Z; also orders `updated_at` (default: seed order). */
  at?: number;
  created_at?: Date;
  sent_at?: Date | null;
  expires_at?: Date | null;
};

let sequence = 0;
const FILE = {
  file_ref_id: 'companies/x/documents/seed.pdf',
  name: 'seed.pdf',
  original_name: 'seed.pdf',
  mime_type: 'application/pdf' as const,
  size: 1,
  page_count: 1,
  pages: [{ width: 612, height: 792 }],
  sha256: 'a'.repeat(64),
};

/** A document of `companyId` sent (or drafted) by `sender`, with its recipients. */
export async function seedDocument(
  t: TestApp,
  companyId: string,
  sender: { userId: string },
  input: SeedDocument,
): Promise<string> {
  sequence += 1;
  const at = new Date(Date.UTC(2026, 0, 1) + (input.at ?? sequence) * 60_000);
  const sentAt = input.sent_at !== undefined ? input.sent_at : input.status === 'DRAFT' ? null : at;
  const db = t.platform.database.db;
  const settings = ZDocumentSettings.parse({});
  let configurableId: string | null = null;
  let companyDocumentId: string | null = null;
  if (input.status === 'DRAFT') {
    const [source] = await db
      .insert(companyDocuments)
      .values({ companyId, name: input.name, files: [FILE], file: FILE, createdBy: sender.userId })
      .returning({ id: companyDocuments.id });
    const [layout] = await db
      .insert(configurableDocuments)
      .values({
        companyId,
        companyDocumentId: source!.id,
        name: input.name,
        file: FILE,
        pages: FILE.pages,
        settings,
        ownerId: sender.userId,
        documentUsers: (input.recipients ?? []).map((r, i) => ({
          key: `r${i}`,
          role_name: '',
          email: r.email,
          first_name: r.first_name ?? '',
          last_name: r.last_name ?? '',
          contact_id: r.contact_id ?? null,
          user_type: r.user_type ?? 'SIGNER',
          signing_order: r.signing_order ?? i + 1,
          color: '',
          email_verification: false,
        })),
      })
      .returning({ id: configurableDocuments.id });
    configurableId = layout!.id;
    companyDocumentId = source!.id;
  }
  const [doc] = await db
    .insert(employeeDocuments)
    .values({
      companyId,
      name: input.name,
      status: input.status,
      configurableDocumentId: configurableId,
      companyDocumentId,
      file: FILE,
      pages: FILE.pages,
      settings,
      senderId: sender.userId,
      sharedWith: input.shared_with ?? [],
      sentAt,
      expiresAt:
        input.expires_at !== undefined
          ? input.expires_at
          : sentAt
            ? new Date(at.getTime() + 30 * 86_400_000)
            : null,
      completedAt: input.status === 'COMPLETED' ? at : null,
      archivedAt: input.archived ? at : null,
      createdAt: input.created_at ?? at,
      updatedAt: at,
    })
    .returning({ id: employeeDocuments.id });
  if (input.status !== 'DRAFT' && input.recipients?.length) {
    await db.insert(documentUsers).values(
      input.recipients.map((r, i) => ({
        companyId,
        employeeDocumentId: doc!.id,
        key: `r${i}`,
        userType: r.user_type ?? ('SIGNER' as const),
        email: r.email.toLowerCase(),
        firstName: r.first_name ?? '',
        lastName: r.last_name ?? '',
        contactId: r.contact_id ?? null,
        userId: r.user_id ?? null,
        signingOrder: r.signing_order ?? i + 1,
        status: r.status ?? ('SENT' as const),
        secretHash: 'secret-hash-never-shown',
        createdAt: new Date(at.getTime() + i),
      })),
    );
  }
  return doc!.id;
}

/** Takes (or gives) a permission from a user type of a company. */
export async function setPermission(
  t: TestApp,
  companyId: string,
  userType: UserType,
  slug: PermissionSlug,
  granted: boolean,
): Promise<void> {
  const db = t.platform.database.db;
  const rows = await db
    .select()
    .from(userTypePermissions)
    .where(eq(userTypePermissions.companyId, companyId));
  const row = rows.find((r) => r.userType === userType)!;
  const next = granted
    ? [...new Set([...row.permissions, slug])]
    : row.permissions.filter((p: string) => p !== slug);
  await db.update(userTypePermissions).set({ permissions: next }).where(eq(userTypePermissions.id, row.id));
}

export const authOf = (who: SeededUser) => ({ authorization: `Bearer ${who.token}` });
