import { and, eq, isNull, sql } from 'drizzle-orm';
import { isEmail, layoutProblems, type TPublishSettings, type TRecipient } from '@esigns/contracts/documents';
import { randomToken } from '../../platform/auth/one-time-secrets';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findCompanyById } from '../company';
import type { AccessContext } from '../permissions';
import { configurableDocuments } from './schema';
import { sendDocument, type SendSource } from './send-service';
import { toPublishSettings, type ConfigurableRow } from './serializers';
import { findTemplate } from './templates-service';

/**
 * The role a visitor of a published template takes: the first role (in signing order) that is
 * not CC and has no person stored. Every other role must carry its person in the template.
 */
export function visitorRole(roles: TRecipient[]): TRecipient | undefined {
  return [...roles]
    .map((r, i) => ({ r, i }))
    .sort((a, b) => a.r.signing_order - b.r.signing_order || a.i - b.i)
    .map(({ r }) => r)
    .find((r) => r.user_type !== 'CC' && r.email.trim() === '');
}

/** `GET /document-templates/{id}/published`. */
export async function getPublishSettings(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<TPublishSettings> {
  const row = await findTemplate(platform, access, id);
  return toPublishSettings(row.publish, platform.config.publicUrl);
}

/**
 * `POST /document-templates/{id}/published` (`{published, secure_access}`). Publishing needs a
 * template without layout problems and with a role left for the visitor (422); it gets a new
 * unguessable token (256 random bits) unless already published; unpublishing drops the token,
 * so an old link stops working for good.
 */
export async function setPublishSettings(
  platform: Platform,
  access: AccessContext,
  id: string,
  input: { published: boolean; secure_access: boolean },
): Promise<TPublishSettings> {
  const row = await findTemplate(platform, access, id);
  if (input.published) {
    const problems = layoutProblems(
      { fields: row.fields, document_users: row.documentUsers },
      row.pages,
      'template',
    );
    if (problems.length > 0) {
      throw validationError(
        problems.map((p) => ({ key: p.key, message: p.message, path: p.path })),
        `Fix the template before publishing it: ${problems[0]!.message}`,
      );
    }
    if (!visitorRole(row.documentUsers)) {
      throw validationError(
        [
          {
            key: 'document_users',
            message: 'Leave one signing role without a person: the visitor takes it',
            path: ['document_users'],
          },
        ],
        'Leave one signing role without a person: the visitor takes it',
      );
    }
  }
  const token = input.published
    ? row.publish.published && row.publish.token
      ? row.publish.token
      : randomToken()
    : null;
  const publish = { published: input.published, secure_access: input.secure_access, token };
  await platform.database.db
    .update(configurableDocuments)
    .set({ publish, updatedAt: new Date() })
    .where(eq(configurableDocuments.id, row.id));
  return toPublishSettings(publish, platform.config.publicUrl);
}

async function findPublished(platform: Platform, token: string): Promise<ConfigurableRow> {
  if (token.length < 20 || token.length > 100) throw notFound('Published template');
  const [row] = await platform.database.db
    .select()
    .from(configurableDocuments)
    .where(
      and(
        sql`${configurableDocuments.publish}->>'token' = ${token}`,
        eq(configurableDocuments.isTemplate, true),
        eq(configurableDocuments.status, 'ACTIVE'),
        isNull(configurableDocuments.deletedAt),
      ),
    )
    .limit(1);
  if (!row || !row.publish.published) throw notFound('Published template');
  return row;
}

export type PublishedTemplateInfo = {
  name: string;
  company_name: string;
  secure_access: boolean;
  page_count: number;
  role_name: string;
};

/** `GET /published-templates/{token}` (public): what the visitor's landing page shows. */
export async function describePublished(platform: Platform, token: string): Promise<PublishedTemplateInfo> {
  const row = await findPublished(platform, token);
  const company = await findCompanyById(platform.database.db, row.companyId);
  return {
    name: row.name,
    company_name: company?.name ?? '',
    secure_access: row.publish.secure_access,
    page_count: row.pages.length,
    role_name: visitorRole(row.documentUsers)?.role_name ?? '',
  };
}

export type PublishedStart = {
  secure_access: boolean;
  /** Only without secure access: the visitor is signed in to the document directly (spec 2 §4). */
  user_details?: { _id: string; password: string; document_id: string };
};

/**
 * `POST /published-templates/{token}/start` (public) `{email, first_name, last_name}`: a
 * document for the visitor, sent from the template by its owner, the visitor in the visitor
 * role. Without secure access the answer carries `user_details` (recipient id, link secret,
 * document id) and the client opens the signing screen at once; with secure access nothing is
 * answered but the mailed link, and the visitor's recipient must also confirm a mailed 6-digit
 * code before signing (`email_verification`).
 */
export async function startPublished(
  platform: Platform,
  token: string,
  input: { email: string; first_name: string; last_name: string },
  client: { ip: string; userAgent: string | undefined },
): Promise<PublishedStart> {
  const row = await findPublished(platform, token);
  const email = input.email.trim().toLowerCase();
  if (!isEmail(email))
    throw validationError([{ key: 'email', message: 'Enter a valid email address', path: ['email'] }]);
  const role = visitorRole(row.documentUsers);
  if (!role)
    throw new AppError('CONFLICT', { message: 'This template cannot be started by visitors any more' });
  const secure = row.publish.secure_access;
  const recipients = row.documentUsers.map((r) =>
    r.key === role.key
      ? {
          ...r,
          email,
          first_name: input.first_name,
          last_name: input.last_name,
          email_verification: r.email_verification || secure,
        }
      : r,
  );
  const source: SendSource = {
    name: row.name,
    file: row.file,
    pages: row.pages,
    fields: row.fields,
    recipients,
    settings: row.settings,
    configurableDocumentId: row.id,
    companyDocumentId: row.companyDocumentId,
  };
  const result = await sendDocument(
    platform,
    { companyId: row.companyId, userId: row.ownerId, ip: client.ip, userAgent: client.userAgent },
    {
      source,
      target: 'new',
      // The visitor's own problems name the start call's fields; others are the template's.
      recipientKeyPath: (i) =>
        row.documentUsers[i]?.key === role.key ? [] : ['template', 'document_users', i],
    },
  );
  if (secure) return { secure_access: true };
  const visitor = result.notified.find((n) => n.key === role.key);
  if (!visitor) {
    // The visitor is not first in the signing order: their link comes by mail when it is their turn.
    return { secure_access: false };
  }
  return {
    secure_access: false,
    user_details: {
      _id: visitor.documentUserId,
      password: visitor.secret,
      document_id: result.employeeDocumentId,
    },
  };
}
