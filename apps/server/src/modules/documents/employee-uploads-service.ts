import { and, eq, sql } from 'drizzle-orm';
import { hasPermission } from '@esigns/contracts/permissions';
import { isUuid } from '@esigns/contracts/ids';
import { AppError, notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { contactDirectory } from '../contacts';
import { notifyUsers } from '../notifications';
import type { AccessContext } from '../permissions';
import { requestStatusChanged } from './hooks';
import { addressedToCaller, getRequest, type DocumentRequestView } from './request-documents';
import { documentRequests } from './schema';
import { createTemplateUpload, templateUploadStatus } from './uploads-service';

/*
 * The contact's side of document requests (spec 2 §7 "Employee documents"): an upload address for
 * a requested document, handing the uploaded file in, and the workspace's document categories and
 * groups.
 */

type RequestRow = typeof documentRequests.$inferSelect;

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
  if (row.request.status === 'APPROVED') {
    throw new AppError('CONFLICT', {
      message: 'This request is already approved: its document cannot change',
    });
  }
  return row.request;
}

/**
 * `POST /documents/{id}/upload-url`: a presigned address (15 minutes) to PUT the requested
 * document to, as `/document-templates/file-upload` gives (same types, 50 MB).
 */
export async function requestUploadUrl(
  platform: Platform,
  access: AccessContext,
  requestId: string,
  input: { file_name: string; content_type: string; size: number },
) {
  await uploadableRequest(platform, access, requestId);
  return createTemplateUpload(platform, access, input);
}

/**
 * `POST /employee-documents`: hands an uploaded file in for a request. The upload must be the
 * caller's own (else 404) and have arrived (409 while pending); it is converted to PDF (422 for a
 * damaged or protected file), becomes the request's file, the request turns UPLOADED and whoever
 * asked is notified.
 */
export async function submitRequestedDocument(
  platform: Platform,
  access: AccessContext,
  input: { request_id: string; file_ref_id: string },
): Promise<DocumentRequestView> {
  const request = await uploadableRequest(platform, access, input.request_id);
  await assertOwnUpload(platform, access, input.file_ref_id);
  const status = await templateUploadStatus(platform, access, input.file_ref_id);
  const converted = status.fileInfos?.[0];
  if (status.status !== 'UPLOADED' || !converted) {
    throw new AppError('CONFLICT', { message: 'The file has not arrived yet: PUT it to upload_url first' });
  }
  const { url: _url, ...file } = converted;
  await platform.database.db.transaction(async (tx) => {
    await tx
      .update(documentRequests)
      .set({ file, status: 'UPLOADED', updatedAt: new Date() })
      .where(and(eq(documentRequests.id, request.id), eq(documentRequests.companyId, access.companyId)));
    await requestStatusChanged(tx, {
      requestId: request.id,
      companyId: access.companyId,
      status: 'UPLOADED',
    });
    await notifyUsers(platform, tx, {
      companyId: access.companyId,
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
  return getRequest(platform, access, request.id);
}

/** The upload ticket must name the caller (another member's upload of the company is 404 too). */
async function assertOwnUpload(platform: Platform, access: AccessContext, ref: string): Promise<void> {
  const ticketKey = `${ref}.upload.json`;
  const prefix = `companies/${access.companyId}/uploads/`;
  if (!ref.startsWith(prefix) || ref.includes('..') || !(await platform.storage.head(ticketKey))) {
    throw notFound('File');
  }
  const ticket = JSON.parse((await platform.storage.get(ticketKey)).toString('utf8')) as {
    created_by?: string;
  };
  if (ticket.created_by !== access.userId) throw notFound('File');
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
