import { and, eq, sql } from 'drizzle-orm';
import type { TFileInfo } from '@esigns/contracts/files';
import { hasPermission } from '@esigns/contracts/permissions';
import { isUuid } from '@esigns/contracts/ids';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { contactDirectory } from '../contacts';
import { notifyUsers } from '../notifications';
import type { AccessContext } from '../permissions';
import { requestStatusChanged } from './hooks';
import {
  addressedToCaller,
  assertNotApproved,
  getRequest,
  requestLinkView,
  type DocumentRequestView,
  type RequestLinkView,
} from './request-documents';
import { findCompanyRequest, type RequestLinkHolder, type RequestRow } from './request-documents-link';
import { documentRequests } from './schema';
import { createTemplateUpload, templateUploadStatus } from './uploads-service';

/*
 * The contact's side of document requests (spec 2 §7 "Employee documents"): an upload address for
 * a requested document, handing the uploaded file in (signed in, or with the request's own link),
 * and the workspace's document categories and groups.
 */

/**
 * Who hands a document in: a signed-in caller (the request's contact by login or email, or staff
 * with `request-documents:update`), or the holder of the request's own link.
 */
export type RequestCaller = { access: AccessContext } | { link: RequestLinkHolder };

/** The uploads' owner: the signed-in user, or the request's link (`request-link:{id}`). */
function uploaderOf(caller: RequestCaller): { companyId: string; userId: string } {
  if ('access' in caller) return caller.access;
  return { companyId: caller.link.companyId, userId: `request-link:${caller.link.request.id}` };
}

/**
 * A request the caller may upload for: addressed to them, or any request of the company for
 * staff holding `request-documents:update` (a document received another way). Others: 404.
 * An APPROVED request is closed (409).
 */
async function uploadableRequest(platform: Platform, access: AccessContext, id: string): Promise<RequestRow> {
  if (!isUuid(id)) throw notFound('Document request');
  const staff = hasPermission(access, 'request-documents:update');
  const [row] = await platform.database.db
    .select({ request: documentRequests })
    .from(documentRequests)
    .innerJoin(contactDirectory, eq(contactDirectory.id, documentRequests.contactId))
    .where(
      and(
        eq(documentRequests.id, id),
        eq(documentRequests.companyId, access.companyId),
        staff ? undefined : await addressedToCaller(platform, access),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Document request');
  assertNotApproved(row.request);
  return row.request;
}

/** The caller's request `id`: a link reaches its own request only (the hook checked the id). */
async function callerRequest(platform: Platform, caller: RequestCaller, id: string): Promise<RequestRow> {
  if ('access' in caller) return uploadableRequest(platform, caller.access, id);
  const row = await findCompanyRequest(platform.database.db, caller.link.companyId, caller.link.request.id);
  if (!row || row.id !== id) throw notFound('Document request');
  assertNotApproved(row);
  return row;
}

/**
 * `POST /documents/{id}/upload-url`: a presigned address (15 minutes) to PUT the requested
 * document to, as `/document-templates/file-upload` gives (same types, 50 MB).
 */
export async function requestUploadUrl(
  platform: Platform,
  caller: RequestCaller,
  requestId: string,
  input: { file_name: string; content_type: string; size: number },
) {
  await callerRequest(platform, caller, requestId);
  return createTemplateUpload(platform, uploaderOf(caller), input);
}

/**
 * `POST /employee-documents`: hands an uploaded file in for a request. The upload must be the
 * caller's own (else 404) and have arrived (409 while pending); it is converted to PDF (422 for a
 * damaged or protected file), becomes the request's file, the request turns UPLOADED and whoever
 * asked is notified. Answers the request as the caller reads it.
 */
export async function submitRequestedDocument(
  platform: Platform,
  caller: RequestCaller,
  input: { request_id: string; file_ref_id: string },
): Promise<DocumentRequestView | RequestLinkView> {
  const request = await callerRequest(platform, caller, input.request_id);
  const uploader = uploaderOf(caller);
  await assertOwnUpload(platform, uploader, input.file_ref_id);
  const status = await templateUploadStatus(platform, uploader, input.file_ref_id);
  const converted = status.fileInfos?.[0];
  if (status.status !== 'UPLOADED' || !converted) {
    throw new AppError('CONFLICT', { message: 'The file has not arrived yet: PUT it to upload_url first' });
  }
  const { url: _url, ...file } = converted;
  await storeHandedIn(platform, request, file);
  return 'access' in caller
    ? getRequest(platform, caller.access, request.id)
    : requestLinkView(platform, caller.link);
}

/** The request's file, UPLOADED, its status listeners and the requester's in-app notice, in one transaction. */
async function storeHandedIn(platform: Platform, request: RequestRow, file: TFileInfo): Promise<void> {
  await platform.database.db.transaction(async (tx) => {
    await tx
      .update(documentRequests)
      .set({ file, status: 'UPLOADED', updatedAt: new Date() })
      .where(and(eq(documentRequests.id, request.id), eq(documentRequests.companyId, request.companyId)));
    await requestStatusChanged(tx, {
      requestId: request.id,
      companyId: request.companyId,
      status: 'UPLOADED',
    });
    await notifyUsers(platform, tx, {
      companyId: request.companyId,
      userIds: [request.requestedBy],
      type: 'DOCUMENT',
      event: 'document-request.uploaded',
      title: `${request.cardType} uploaded`,
      body: `The ${request.cardType} you requested has been uploaded (${file.name}).`,
      link: `/request-documents/${request.id}/edit`,
      data: { request_id: request.id },
      choice: null,
    });
  });
}

/** The upload ticket must name the uploader (another member's or link's upload of the company is 404 too). */
async function assertOwnUpload(
  platform: Platform,
  uploader: { companyId: string; userId: string },
  ref: string,
): Promise<void> {
  const ticketKey = `${ref}.upload.json`;
  const prefix = `companies/${uploader.companyId}/uploads/`;
  if (!ref.startsWith(prefix) || ref.includes('..') || !(await platform.storage.head(ticketKey))) {
    throw notFound('File');
  }
  const ticket = JSON.parse((await platform.storage.get(ticketKey)).toString('utf8')) as {
    created_by?: string;
  };
  if (ticket.created_by !== uploader.userId) throw notFound('File');
}

/** 404 unless `{id}` is the caller's company (the calls are per workspace). */
function assertOwnCompany(access: AccessContext, companyId: string): void {
  if (companyId !== access.companyId) throw notFound('Company');
}

export type DocumentCategory = {
  name: string;
  total: number;
  requested: number;
  uploaded: number;
  approved: number;
  rejected: number;
};

/**
 * `GET /documents/categories/{company_id}`: the kinds of documents collected from contacts (the
 * card types of document requests), with counts by status: every request of the company for
 * holders of `request-documents:view`, else those addressed to the caller.
 */
export async function documentCategories(
  platform: Platform,
  access: AccessContext,
  companyId: string,
): Promise<DocumentCategory[]> {
  assertOwnCompany(access, companyId);
  const n = (status: string) =>
    sql<number>`(count(*) filter (where ${documentRequests.status} = ${status}))::int`;
  const rows = await platform.database.db
    .select({
      name: documentRequests.cardType,
      total: sql<number>`count(*)::int`,
      requested: n('REQUESTED'),
      uploaded: n('UPLOADED'),
      approved: n('APPROVED'),
      rejected: n('REJECTED'),
    })
    .from(documentRequests)
    .innerJoin(contactDirectory, eq(contactDirectory.id, documentRequests.contactId))
    .where(
      and(
        eq(documentRequests.companyId, access.companyId),
        hasPermission(access, 'request-documents:view')
          ? undefined
          : await addressedToCaller(platform, access),
      ),
    )
    .groupBy(documentRequests.cardType)
    .orderBy(sql`lower(${documentRequests.cardType})`);
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}
