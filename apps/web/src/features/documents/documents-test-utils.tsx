import type { ReactElement } from 'react';
import type {
  TConfigurableDocument,
  TDocumentUser,
  TEmployeeDocument,
  TField,
  TRecipient,
} from '@esigns/contracts/documents';
import { ZDocumentSettings } from '@esigns/contracts/documents';
import type { TFileInfo } from '@esigns/contracts/files';
import { vi } from 'vitest';
import {
  makeField as makeEditorField,
  makeRecipient as makeEditorRecipient,
} from '../editor/editor-fixtures';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';

export const CONFIG_ID = '0a1b2c3d-0000-4000-8000-00000000c0f1';
export const COMPANY_DOC_ID = '0a1b2c3d-0000-4000-8000-00000000d0c1';
const OWNER_ID = '0a1b2c3d-0000-4000-8000-0000000000a1';

export function makeFileInfo(overrides: Partial<TFileInfo> = {}): TFileInfo {
  return {
    file_ref_id: 'companies/c1/documents/merged.pdf',
    name: 'contract.pdf',
    original_name: 'contract.pdf',
    mime_type: 'application/pdf',
    size: 2048,
    page_count: 2,
    pages: [
      { width: 612, height: 792 },
      { width: 612, height: 792 },
    ],
    sha256: 'a'.repeat(64),
    ...overrides,
  };
}

/** A recipient of the documents screens' tests (the buyer, Ravi Kumar). */
export function makeRecipient(overrides: Partial<TRecipient> = {}): TRecipient {
  return makeEditorRecipient({
    email: 'buyer@example.com',
    first_name: 'Ravi',
    last_name: 'Kumar',
    ...overrides,
  });
}

/** A signature field near the foot of page 1. */
export function makeField(overrides: Partial<TField> = {}): TField {
  return makeEditorField({ x: 50, y: 600, width: 150, height: 40, ...overrides });
}

export function makeConfigurableDocument(
  overrides: Partial<TConfigurableDocument> = {},
): TConfigurableDocument {
  const file = makeFileInfo();
  return {
    _id: CONFIG_ID,
    company_document_id: COMPANY_DOC_ID,
    name: 'Sale deed',
    is_template: false,
    status: 'ACTIVE',
    file,
    pages: file.pages,
    fields: [makeField()],
    document_users: [makeRecipient()],
    settings: ZDocumentSettings.parse({ email_subject: 'Please sign', email_message: 'Hello' }),
    publish: { published: false, secure_access: false, url: null },
    owner: { _id: OWNER_ID, name: 'Ada Lovelace', email: 'ada@example.com' },
    shared_with: [],
    employee_document_id: '0a1b2c3d-0000-4000-8000-00000000e0d1',
    created_at: '2026-01-02T10:00:00.000Z',
    updated_at: '2026-01-03T10:00:00.000Z',
    ...overrides,
  };
}

export function makeDocumentUser(overrides: Partial<TDocumentUser> = {}): TDocumentUser {
  const { representative_password: _secret, ...recipient } = makeRecipient();
  return {
    ...recipient,
    _id: '0a1b2c3d-0000-4000-8000-0000000000u1',
    type: 'RECEIVER',
    status: 'SENT',
    sent_at: '2026-01-04T10:00:00.000Z',
    viewed_at: null,
    finished_at: null,
    ...overrides,
  };
}

export function makeEmployeeDocument(overrides: Partial<TEmployeeDocument> = {}): TEmployeeDocument {
  const file = makeFileInfo();
  return {
    _id: '0a1b2c3d-0000-4000-8000-00000000e0d1',
    name: 'Sale deed',
    status: 'WAITING',
    configurable_document_id: CONFIG_ID,
    company_document_id: COMPANY_DOC_ID,
    file,
    pages: file.pages,
    fields: [makeField()],
    document_users: [makeDocumentUser()],
    settings: ZDocumentSettings.parse({}),
    sender: { _id: OWNER_ID, name: 'Ada Lovelace', email: 'ada@example.com' },
    sent_at: '2026-01-04T10:00:00.000Z',
    expires_at: '2026-02-03T10:00:00.000Z',
    completed_at: null,
    archived_at: null,
    created_at: '2026-01-04T10:00:00.000Z',
    updated_at: '2026-01-04T10:00:00.000Z',
    ...overrides,
  };
}

/**
 * Renders `screen` at `path` (matched by `pattern`) in a memory router; any other path lands on a
 * stub that shows where the app went (`landed` test id).
 */
export function renderRoute(screen: ReactElement, pattern: string, path: string) {
  return renderScreenAt(screen, pattern, path, [standIn('*', 'landed', 'landed')]);
}

type XhrListener = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

/**
 * Stands in for XMLHttpRequest in upload tests: each `send` is recorded; the test (or
 * `FakeXhr.onSend`) drives progress and the answer.
 */
export class FakeXhr {
  static sent: FakeXhr[] = [];
  /** Runs after each send; by default the upload goes through at once. */
  static onSend: (xhr: FakeXhr) => void = (xhr) => xhr.succeed();

  static reset() {
    FakeXhr.sent = [];
    FakeXhr.onSend = (xhr) => xhr.succeed();
  }

  /** A fresh fake in place of `XMLHttpRequest` (undone by `vi.unstubAllGlobals()`). */
  static install() {
    FakeXhr.reset();
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  }

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  upload: { onprogress: XhrListener } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
    queueMicrotask(() => FakeXhr.onSend(this));
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  succeed() {
    this.status = 200;
    this.responseText = JSON.stringify({ success: true, data: {} });
    this.onload?.();
  }
  refuse(status: number, message: string) {
    this.status = status;
    this.responseText = JSON.stringify({ success: false, message });
    this.onload?.();
  }
}

/** A File of `size` bytes (the content is small; `size` is what the checks read). */
export function makeFile(name: string, type: string, size = 1234): File {
  const file = new File(['%PDF-1.7 test'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}
