import { and, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { expect } from 'vitest';
import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import type { TFileRef } from '@esigns/contracts/nocode-value-coercion';
import type { TestApp } from '../../../test/test-app';
import { seedMember, type SeededUser } from '../../../test/seed-company';
import { userTypePermissions } from '../permissions/schema';

/* Helpers of the record extras' API tests (files, repeatable entries, attached documents). */

/** A MEMBER of the company whose user type holds only `slugs`. */
export async function memberWith(t: TestApp, companyId: string, slugs: string[]): Promise<SeededUser> {
  await t.platform.database.db
    .update(userTypePermissions)
    .set({ permissions: slugs })
    .where(and(eq(userTypePermissions.companyId, companyId), eq(userTypePermissions.userType, 'MEMBER')));
  return seedMember(t, companyId, 'MEMBER');
}

/** A 1x1 PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);

/** A PDF that opens (one blank page). */
export async function readablePdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([200, 200]);
  return Buffer.from(await doc.save());
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

/** The API calls of a test file, bound to its app. */
export function apiOf(t: TestApp) {
  const call = (method: Method, url: string, who: SeededUser, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: who.headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const expectOk = async <T>(res: Promise<Response> | Response): Promise<T> => {
    const answer = await res;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as T;
  };

  let seq = 0;
  /** An entity whose primary template has `fields` (a title is added first). */
  const createEntity = (who: SeededUser, fields: Record<string, unknown>[]) => {
    seq += 1;
    return expectOk<TEntity>(
      call('POST', '/api/entities/create', who, {
        name: `Extras ${seq} ${Math.random().toString(36).slice(2, 7)}`,
        entity_type: 'GENERAL',
        fields: [{ key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true }, ...fields],
      }),
    );
  };

  /** A repeatable template added to the entity; answers the entity as it is then. */
  const addRepeatable = async (
    who: SeededUser,
    entity: TEntity,
    fields: Record<string, unknown>[],
    maxEntries: number | null = null,
  ) => {
    seq += 1;
    const template = await expectOk<TFormTemplate>(
      call('POST', '/api/template/create', who, {
        name: `Line items ${seq} ${Math.random().toString(36).slice(2, 7)}`,
        fields,
        is_repeatable: true,
        max_entries: maxEntries,
      }),
    );
    const updated = await expectOk<TEntity>(
      call('PUT', `/api/entities/${entity._id}`, who, {
        name: entity.name,
        templates: [
          ...entity.templates.map((t) => ({ template_id: t.template_id, is_primary: t.is_primary })),
          { template_id: template._id },
        ],
        version: entity.version,
      }),
    );
    return { template, entity: updated };
  };

  const addRecord = (who: SeededUser, entity: TEntity, values: Record<string, unknown>) =>
    expectOk<TEntityRecord>(
      call('POST', '/api/entities-data', who, {
        entity_id: entity._id,
        values: { [entity.primary_template_id]: values },
      }),
    );

  /** The path and query of a signed storage link, for inject. */
  const local = (url: string) => {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  };

  const putBytes = (url: string, body: Buffer, contentType: string) =>
    t.app.inject({ method: 'PUT', url: local(url), payload: body, headers: { 'content-type': contentType } });

  /** The whole upload: address, PUT, confirmation; answers the file reference. */
  const upload = async (
    who: SeededUser,
    target: { entity_id: string; template_id: string; field_key: string },
    file: { name: string; type: string; bytes: Buffer },
  ): Promise<TFileRef> => {
    const ticket = await expectOk<{ upload_url: string; file_ref_id: string }>(
      call('POST', '/api/templates-data/file-upload-url', who, {
        ...target,
        file_name: file.name,
        mime_type: file.type,
        size: file.bytes.length,
      }),
    );
    const put = await putBytes(ticket.upload_url, file.bytes, file.type);
    expect(put.statusCode, put.body).toBe(200);
    const { status: _status, ...ref } = await expectOk<TFileRef & { status: string }>(
      call('POST', '/api/templates-data/file-upload-status', who, { file_ref_id: ticket.file_ref_id }),
    );
    return ref;
  };

  return { call, expectOk, createEntity, addRepeatable, addRecord, local, putBytes, upload };
}

export const keysOf = (res: Response): string[] => [
  ...new Set(
    ((res.json() as { errors?: { details: { key: string }[] } }).errors?.details ?? []).map((d) => d.key),
  ),
];
