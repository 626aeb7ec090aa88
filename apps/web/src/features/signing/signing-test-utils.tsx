import { ZDocumentSettings } from '@esigns/contracts/documents';
import type { TESignRecord, TExpiryTokenState, TSignerField } from '@esigns/contracts/signing';
import { DeclineScreen } from './decline-screen';
import { FinishSuccessScreen, SignedScreen } from './done-screens';
import { SigningExpiredScreen } from './expired-screen';
import { SigningLandingScreen } from './landing-screen';
import { SigningScreen } from './signing-screen';
import { VerifyPasswordScreen } from './verify-password-screen';
import { renderRoutes } from '../../shared/testing/render-routes';
import { afterEach, beforeEach, vi } from 'vitest';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { guestPerTest } from '../../shared/testing/test-session';
import { saveSignerCredentials } from './signer-credentials';

export const DOC_ID = '0a1b2c3d-0000-4000-8000-00000000e0d1';
export const USER_ID = '0a1b2c3d-0000-4000-8000-0000000000u1';
export const SECRET = 'link-secret-0123456789abcdef0123456789abcdef';

/** A tiny valid PNG data URL (a saved or adopted signature). */
export const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAgAAAAECAYAAACzzX7wAAAAFklEQVR4nGNgYGD4z8DAwMDEAAUAAg0ABcX7B9sAAAAASUVORK5CYII=';

export function makeSignerField(overrides: Partial<TSignerField> = {}): TSignerField {
  return {
    key: 'f1',
    type: 'SIGNATURE',
    page: 1,
    x: 50,
    y: 600,
    width: 150,
    height: 40,
    recipient_key: 'r1',
    required: true,
    read_only: false,
    label: '',
    placeholder: '',
    default_value: '',
    options: [],
    font: { family: 'Helvetica', size: 11 },
    validation: {},
    mine: true,
    value: null,
    ...overrides,
  };
}

export function makeRecord(overrides: Partial<TESignRecord> = {}): TESignRecord {
  const pages = [
    { width: 612, height: 792 },
    { width: 612, height: 792 },
  ];
  return {
    document: {
      _id: DOC_ID,
      name: 'Sale deed',
      status: 'WAITING',
      sender: { name: 'Ada Lovelace', email: 'ada@acme.test', company_name: 'Acme Realty' },
      expires_at: '2027-02-03T10:00:00.000Z',
      settings: {
        terms_and_conditions: ZDocumentSettings.parse({}).terms_and_conditions,
        email_message: 'Please sign by Friday.',
      },
    },
    recipient: {
      _id: USER_ID,
      email: 'ravi@example.com',
      first_name: 'Ravi',
      last_name: 'Kumar',
      user_type: 'SIGNER',
      status: 'VIEWED',
      color: '#F27E0C',
    },
    verified: true,
    gates: [],
    verification_errors: [],
    blocked: null,
    file: {
      file_ref_id: 'companies/c1/documents/sent.pdf',
      name: 'Sale deed.pdf',
      original_name: 'Sale deed.pdf',
      mime_type: 'application/pdf',
      size: 2048,
      page_count: 2,
      pages,
      sha256: 'a'.repeat(64),
      url: '/api/storage/sent.pdf?sig=1',
    },
    pages,
    fields: [makeSignerField()],
    saved_signature: null,
    terms_accepted: false,
    company_dates: { format: 'MM-DD-YYYY', time_zone: 'UTC' },
    ...overrides,
  };
}

const SIGNING_ROUTES = [
  { path: '/emp-documents/preview/:employee_document_id/pp/vp/:user_id', element: <SigningLandingScreen /> },
  {
    path: '/emp-documents/preview/:employee_document_id/pp/vp/:user_id/expired',
    element: <SigningExpiredScreen />,
  },
  { path: '/emp-documents/custom/:employee_document_id/pp', element: <SigningScreen /> },
  { path: '/emp-documents/custom/:employee_document_id/pp/signed', element: <SignedScreen /> },
  { path: '/emp-documents/custom/:employee_document_id/pp/decline', element: <DeclineScreen /> },
  {
    path: '/emp-documents/preview/:employee_document_id/pp/finish/success',
    element: <FinishSuccessScreen />,
  },
  { path: '/emp/documents/custom/:id/pp/verify-password', element: <VerifyPasswordScreen /> },
  { path: '/emp/documents/custom/document/:id/pp/verify-password', element: <VerifyPasswordScreen /> },
  { path: '*', element: <div data-testid="landed">landed</div> },
];

/** Renders the signer's screens in a memory router starting at `path`. */
export function renderSigning(path: string) {
  return renderRoutes(SIGNING_ROUTES, path);
}

/** The signer headers a call carried. */
export function signerHeadersOf(call: { headers: Record<string, string> }) {
  return {
    documentid: call.headers.documentid,
    userid: call.headers.userid,
    password: call.headers.password,
  };
}

/** A `verify-expiry-token` answer for the expired screen. */
export function expiryState(overrides: Partial<TExpiryTokenState> = {}): TExpiryTokenState {
  return {
    state: 'LINK_EXPIRED',
    can_request_new_link: true,
    email: 'j***@example.com',
    document_name: 'Sale deed',
    expires_at: '2027-02-03T10:00:00.000Z',
    sender: { name: 'Ada Lovelace', email: 'ada@acme.test' },
    ...overrides,
  };
}

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

/**
 * Answers the recipient's record (file version `version` repeated: one image per version) and its
 * first page's image, or never answers the image (`hang`).
 */
export function serveRecordAndFirstPage(version: string, image: 'ok' | 'hang') {
  const record = makeRecord({ file: { ...makeRecord().file!, sha256: version.repeat(64) } });
  return installFakeApi((call) => {
    if (call.path === `/api/e-signs/${DOC_ID}`) return ok(record);
    if (call.path.endsWith('/first-page')) {
      if (image === 'hang') return new Promise<Response>(() => {}) as unknown as Response;
      return new Response(PNG_BYTES, { status: 200, headers: { 'content-type': 'image/png' } });
    }
    return undefined;
  });
}

/** The signing screen's address of the test document. */
export const SIGN_PATH = `/emp-documents/custom/${DOC_ID}/pp`;

/**
 * Per test: a guest tab holding the link's credentials, and object URLs (jsdom has none; without
 * them there is no first page image to show).
 */
export function signerTabWithObjectUrls() {
  guestPerTest();
  beforeEach(() => {
    saveSignerCredentials({ document_id: DOC_ID, user_id: USER_ID, password: SECRET });
    URL.createObjectURL = vi.fn(() => 'blob:first-page');
  });
  afterEach(() => {
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
  });
}
