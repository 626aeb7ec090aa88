import { randomUUID } from 'node:crypto';
import { and, count, desc, eq, ilike, or, asc, type SQL } from 'drizzle-orm';
import type { TFileInfo } from '@esigns/contracts/files';
import { isUuid } from '@esigns/contracts/ids';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { findPeople } from '../auth';
import { findCompanyById } from '../company';
import { contactDirectory, findContactsByIds } from '../contacts';
import type { AccessContext } from '../permissions';
import { likePattern } from '../roles';
import { companyDateStyle } from '../settings';
import { requestStatusChanged } from './hooks';
import { peopleByIds, type Tx } from './lookups';
import { documentRequestMail } from './mails';
import { newRecipientSecret } from './recipients';
import {
  findCompanyRequest,
  issueRequestSecret,
  requestLinkUrl,
  type RequestLinkHolder,
  type RequestRow,
} from './request-documents-link';
import { documentRequests } from './schema';
import { loadSenderInfo, type SenderInfo } from './sender-info';
import type { PersonRef } from './serializers';

/** CANCELLED: closed before a file came (its workflow packet ended, or staff cancelled it); final. */
export const REQUEST_STATUSES = ['REQUESTED', 'UPLOADED', 'APPROVED', 'REJECTED', 'CANCELLED'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export type DocumentRequestView = {
  _id: string;
  card_type: string;
  message: string;
  status: RequestStatus;
  contact: { _id: string; email: string; first_name: string; last_name: string };
  requested_by: PersonRef | null;
  file: TFileInfo | null;
  due_at: string | null;
  created_at: string;
  updated_at: string;
};

const columns = {
  request: documentRequests,
  contactEmail: contactDirectory.email,
  contactFirst: contactDirectory.firstName,
  contactLast: contactDirectory.lastName,
};

type JoinedRow = {
  request: typeof documentRequests.$inferSelect;
  contactEmail: string;
  contactFirst: string;
  contactLast: string;
};

async function toViews(platform: Platform, rows: JoinedRow[]): Promise<DocumentRequestView[]> {
  const people = await peopleByIds(
    platform.database.db,
    rows.map((r) => r.request.requestedBy).filter((id): id is string => Boolean(id)),
  );
  return rows.map(({ request: r, contactEmail, contactFirst, contactLast }) => ({
    _id: r.id,
    card_type: r.cardType,
    message: r.message,
    status: r.status,
    contact: { _id: r.contactId, email: contactEmail, first_name: contactFirst, last_name: contactLast },
    requested_by: r.requestedBy ? (people.get(r.requestedBy) ?? null) : null,
    file: r.file ?? null,
    due_at: r.dueAt ? r.dueAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  }));
}

async function page(
  platform: Platform,
  where: SQL | undefined,
  query: { page: number; limit: number },
): Promise<{ rows: DocumentRequestView[]; total: number }> {
  const db = platform.database.db;
  const [total] = await db
    .select({ n: count() })
    .from(documentRequests)
    .innerJoin(contactDirectory, eq(contactDirectory.id, documentRequests.contactId))
    .where(where);
  const rows = await db
    .select(columns)
    .from(documentRequests)
    .innerJoin(contactDirectory, eq(contactDirectory.id, documentRequests.contactId))
    .where(where)
    .orderBy(desc(documentRequests.createdAt), asc(documentRequests.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows: await toViews(platform, rows), total: Number(total?.n ?? 0) };
}

/**
 * `GET /request-documents-list/{card_type}`: the company's requests of a card type (`all`: every
 * type), newest first; `search` matches the contact's email or name, `status` filters.
 */
export async function listRequestsByCardType(
  platform: Platform,
  access: AccessContext,
  cardType: string,
  query: { page: number; limit: number; search?: string | undefined; status?: RequestStatus | undefined },
) {
  const filters: (SQL | undefined)[] = [eq(documentRequests.companyId, access.companyId)];
  if (cardType.toLowerCase() !== 'all') filters.push(eq(documentRequests.cardType, cardType));
  if (query.status) filters.push(eq(documentRequests.status, query.status));
  if (query.search) {
    const pattern = likePattern(query.search);
    filters.push(
      or(
        ilike(contactDirectory.email, pattern),
        ilike(contactDirectory.firstName, pattern),
        ilike(contactDirectory.lastName, pattern),
      ),
    );
  }
  return page(platform, and(...filters), query);
}

/**
 * `GET /employee-document-requests`: the requests addressed to the caller, as a contact of this
 * company (the contact's login, or the same email).
 */
export async function listMyRequests(
  platform: Platform,
  access: AccessContext,
  query: { page: number; limit: number },
) {
  const where = and(
    eq(documentRequests.companyId, access.companyId),
    await addressedToCaller(platform, access),
  );
  return page(platform, where, query);
}

/**
 * The condition (over `contactDirectory` joined to the requests) of requests addressed to the caller as a
 * contact of the company: the contact's login, or the same email.
 */
export async function addressedToCaller(platform: Platform, access: AccessContext): Promise<SQL> {
  const me = (await findPeople(platform.database.db, [access.userId])).get(access.userId);
  return or(
    eq(contactDirectory.userId, access.userId),
    eq(contactDirectory.email, (me?.email ?? '').toLowerCase()),
  )!;
}

export async function getRequest(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<DocumentRequestView> {
  if (!isUuid(id)) throw notFound('Document request');
  const { rows } = await page(
    platform,
    and(eq(documentRequests.companyId, access.companyId), eq(documentRequests.id, id)),
    { page: 1, limit: 1 },
  );
  if (!rows[0]) throw notFound('Document request');
  return rows[0];
}

/**
 * `POST /request-documents` `{contact_id, card_type, message, due_at?}`: asks a contact of the
 * company to upload a document; the contact is mailed (in the same transaction) the request's own
 * link (`/company-documents/requested/{id}/execute?token=`).
 */
export async function createRequest(
  platform: Platform,
  access: AccessContext,
  input: { contact_id: string; card_type: string; message: string; due_at?: string | null | undefined },
): Promise<DocumentRequestView> {
  const db = platform.database.db;
  if (!isUuid(input.contact_id)) throw notFound('Contact');
  const [contact] = await findContactsByIds(db, access.companyId, [input.contact_id]);
  if (!contact) throw notFound('Contact');
  const requester = await loadSenderInfo(db, access.companyId, access.userId);
  const dates = await companyDateStyle(db, access.companyId);
  const id = await db.transaction((tx) =>
    insertDocumentRequest(platform, tx, {
      companyId: access.companyId,
      requestedBy: access.userId,
      contact,
      cardType: input.card_type,
      message: input.message,
      dueAt: input.due_at ? new Date(input.due_at) : null,
      requester,
      dates,
    }),
  );
  platform.jobs.wake('mail.send');
  return getRequest(platform, access, id);
}

export type NewDocumentRequest = {
  companyId: string;
  requestedBy: string;
  contact: { id: string; email: string; firstName: string };
  cardType: string;
  message: string;
  dueAt: Date | null;
  requester: SenderInfo;
  dates: Awaited<ReturnType<typeof companyDateStyle>>;
  /** A packet's id (a workflow instance): the link names it (`.../requested/{id}/workflow/{packet}/execute`). */
  packetId?: string | null;
};

type RequestMail = Pick<
  NewDocumentRequest,
  'companyId' | 'contact' | 'cardType' | 'message' | 'dueAt' | 'requester' | 'dates' | 'packetId'
>;

/** Queues the request's mail with its link (`secret` added as `?token=`), in the caller's transaction. */
async function queueRequestMail(platform: Platform, tx: Tx, id: string, secret: string, input: RequestMail) {
  const link = requestLinkUrl(platform.config.publicUrl, id, { secret, packetId: input.packetId });
  return platform.mail.queue(
    documentRequestMail({
      to: input.contact.email,
      firstName: input.contact.firstName,
      cardType: input.cardType,
      message: input.message,
      requesterName: input.requester.name,
      companyName: input.requester.companyName,
      dueAt: input.dueAt,
      dates: input.dates,
      link,
      branding: input.requester.branding,
    }),
    { tx, companyId: input.companyId },
  );
}

/**
 * Stores a request to a contact of the company with its first link secret (only the keyed hash)
 * and queues its mail with the link, in the caller's transaction (`POST /request-documents`, and a
 * workflow's requested step). Answers the request's id; the caller wakes the mail workers after
 * commit.
 */
export async function insertDocumentRequest(platform: Platform, tx: Tx, input: NewDocumentRequest) {
  const [id] = await insertDocumentRequests(platform, tx, [input]);
  return id!;
}

/**
 * `insertDocumentRequest` for many requests (a workflow chunk's requested steps): one multi-row
 * insert, then each request's mail queued. Answers the ids in the order of `inputs`.
 */
export async function insertDocumentRequests(
  platform: Platform,
  tx: Tx,
  inputs: readonly NewDocumentRequest[],
): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = inputs.map((input) => ({
    id: randomUUID(),
    secret: newRecipientSecret(platform.config.secrets.jwtSecret),
    input,
  }));
  await tx.insert(documentRequests).values(
    rows.map(({ id, secret, input }) => ({
      id,
      companyId: input.companyId,
      contactId: input.contact.id,
      cardType: input.cardType,
      message: input.message,
      requestedBy: input.requestedBy,
      dueAt: input.dueAt,
      linkSecretHashes: [secret.hash],
    })),
  );
  for (const { id, secret, input } of rows) await queueRequestMail(platform, tx, id, secret.secret, input);
  return rows.map((r) => r.id);
}

/** The request with its contact's email and first name, or undefined (another company's too). */
async function requestWithContact(db: Pick<Tx, 'select'>, companyId: string, requestId: string) {
  if (!isUuid(requestId)) return undefined;
  const [row] = await db
    .select({ request: documentRequests, email: contactDirectory.email, first: contactDirectory.firstName })
    .from(documentRequests)
    .innerJoin(contactDirectory, eq(contactDirectory.id, documentRequests.contactId))
    .where(and(eq(documentRequests.id, requestId), eq(documentRequests.companyId, companyId)))
    .limit(1);
  return row;
}

/**
 * Mails the request's contact a new link (a new live secret; the links mailed before keep
 * working up to `MAX_LIVE_LINKS`), in the caller's transaction: a packet's resend and reminders.
 * 404 for another company's request, 409 for an APPROVED one. Answers the address mailed.
 */
export async function mailRequestLink(
  platform: Platform,
  tx: Tx,
  input: {
    companyId: string;
    requestId: string;
    packetId?: string | null;
    requester: SenderInfo;
    dates: Awaited<ReturnType<typeof companyDateStyle>>;
  },
): Promise<{ email: string }> {
  const found = await requestWithContact(tx, input.companyId, input.requestId);
  if (!found) throw notFound('Document request');
  assertNotApproved(found.request);
  const secret = await issueRequestSecret(platform, tx, input.companyId, input.requestId);
  const { request: r } = found;
  await queueRequestMail(platform, tx, r.id, secret, {
    ...input,
    contact: { id: r.contactId, email: found.email, firstName: found.first },
    cardType: r.cardType,
    message: r.message,
    dueAt: r.dueAt,
  });
  return { email: found.email };
}

/**
 * A new live link to the request, handed to the caller instead of mailed (a packet's "next step"
 * for its recipient), in the caller's transaction. 404 for another company's request, 409 for an
 * APPROVED one.
 */
export async function mintRequestLink(
  platform: Platform,
  tx: Tx,
  input: { companyId: string; requestId: string; packetId?: string | null },
): Promise<{ url: string; email: string }> {
  const found = await requestWithContact(tx, input.companyId, input.requestId);
  if (!found) throw notFound('Document request');
  assertNotApproved(found.request);
  const secret = await issueRequestSecret(platform, tx, input.companyId, input.requestId);
  const url = requestLinkUrl(platform.config.publicUrl, input.requestId, {
    secret,
    packetId: input.packetId,
  });
  return { url, email: found.email };
}

/** An APPROVED request is closed: its document cannot change (409); so is a closed one (any other final status). */
export function assertNotApproved(row: Pick<RequestRow, 'status'>): void {
  if (row.status === 'APPROVED') {
    throw new AppError('CONFLICT', {
      message: 'This request is already approved: its document cannot change',
    });
  }
  if (!(OPEN_REQUEST_STATUSES as readonly string[]).includes(row.status)) {
    throw new AppError('CONFLICT', { message: 'This request is closed: nothing can be handed in any more' });
  }
}

/** The statuses in which a request takes a file (again). */
const OPEN_REQUEST_STATUSES = ['REQUESTED', 'UPLOADED', 'REJECTED'] as const;

/** What a request link's holder reads of their request (`GET /request-documents/{id}` with the link). */
export type RequestLinkView = {
  _id: string;
  card_type: string;
  message: string;
  status: RequestStatus;
  due_at: string | null;
  company: { name: string; logo_url: string | null };
  requested_by: { name: string; email: string } | null;
  file: { name: string; mime_type: string } | null;
  created_at: string;
  updated_at: string;
};

/** The link holder's request as read now: never the contact's other requests or staff-only details. */
export async function requestLinkView(
  platform: Platform,
  holder: RequestLinkHolder,
): Promise<RequestLinkView> {
  const db = platform.database.db;
  const row = await findCompanyRequest(db, holder.companyId, holder.request.id);
  if (!row) throw notFound('Document request');
  const [company, people] = await Promise.all([
    findCompanyById(db, row.companyId),
    peopleByIds(db, row.requestedBy ? [row.requestedBy] : []),
  ]);
  const asker = row.requestedBy ? people.get(row.requestedBy) : undefined;
  const settings = (company?.settings ?? {}) as Record<string, unknown>;
  return {
    _id: row.id,
    card_type: row.cardType,
    message: row.message,
    status: row.status,
    due_at: row.dueAt ? row.dueAt.toISOString() : null,
    company: {
      name: company?.name ?? '',
      // The public logo route redirects to a short-lived file link (company module).
      logo_url: typeof settings.logo_key === 'string' ? `/api/company-logo/${row.companyId}` : null,
    },
    requested_by: asker ? { name: asker.name, email: asker.email } : null,
    file: row.file ? { name: row.file.name, mime_type: row.file.mime_type } : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** `PATCH /request-documents/{id}`: card type, message, due date (null clears it) or status. */
export async function updateRequest(
  platform: Platform,
  access: AccessContext,
  id: string,
  input: {
    card_type?: string | undefined;
    message?: string | undefined;
    due_at?: string | null | undefined;
    status?: RequestStatus | undefined;
  },
): Promise<DocumentRequestView> {
  const current = await getRequest(platform, access, id);
  if (current.status === 'CANCELLED') {
    throw new AppError('CONFLICT', { message: 'This request was cancelled: it is closed for good' });
  }
  await platform.database.db.transaction(async (tx) => {
    await tx
      .update(documentRequests)
      .set({
        ...(input.card_type !== undefined ? { cardType: input.card_type } : {}),
        ...(input.message !== undefined ? { message: input.message } : {}),
        ...(input.due_at !== undefined ? { dueAt: input.due_at ? new Date(input.due_at) : null } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(documentRequests.id, current._id), eq(documentRequests.companyId, access.companyId)));
    if (input.status !== undefined && input.status !== current.status) {
      await requestStatusChanged(tx, {
        requestId: current._id,
        companyId: access.companyId,
        status: input.status,
      });
    }
  });
  return getRequest(platform, access, id);
}
