import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { installFakeApi, fail } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { guestPerTest } from '../../shared/testing/test-session';
import { loadFirstPageImage } from './first-page-image';
import { FirstPagePreview } from './first-page-preview';
import type { SignerAccess } from './signing-api';
import { DOC_ID, SECRET, USER_ID, makeRecord, signerHeadersOf } from './signing-test-utils';

guestPerTest();

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
const access = (documentId = DOC_ID): SignerAccess => ({
  documentId,
  userId: USER_ID,
  credentials: { document_id: documentId, user_id: USER_ID, password: SECRET },
});
const imagePath = (documentId: string, version: string) =>
  `/api/e-signs/${documentId}/first-page?v=${version}`;
const answerImage = () =>
  installFakeApi((call) =>
    call.path.includes('/first-page')
      ? new Response(PNG_BYTES, { status: 200, headers: { 'content-type': 'image/png' } })
      : undefined,
  );

let made = 0;
beforeEach(() => {
  made = 0;
  URL.createObjectURL = vi.fn(() => `blob:page-${++made}`);
});
afterEach(() => {
  // jsdom has no object URLs: without them the view waits for the PDF as before.
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
});

describe("the server's image of the first page", () => {
  it("is asked for once per document version, with the link's headers and the version", async () => {
    const api = answerImage();
    const id = '0a1b2c3d-0000-4000-8000-0000000000a1';
    const record = makeRecord();
    const first = loadFirstPageImage(access(id), record);
    expect(loadFirstPageImage(access(id), record)).toBe(first);
    await expect(first).resolves.toBe('blob:page-1');
    const calls = api.calls.filter((call) => call.path.includes('/first-page'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe(imagePath(id, 'a'.repeat(64)));
    expect(signerHeadersOf(calls[0]!)).toEqual({ documentid: id, userid: USER_ID, password: SECRET });
    // A new version of the file is a new image.
    const next = loadFirstPageImage(
      access(id),
      makeRecord({ file: { ...record.file!, sha256: 'b'.repeat(64) } }),
    );
    expect(next).not.toBe(first);
    await expect(next).resolves.toBe('blob:page-2');
  });

  it('is not asked for while a gate is closed, the document is closed or has no file', () => {
    const api = answerImage();
    expect(loadFirstPageImage(access(), makeRecord({ gates: ['EMAIL_CODE'], file: null }))).toBeNull();
    expect(loadFirstPageImage(access(), makeRecord({ blocked: 'VOIDED' }))).toBeNull();
    expect(loadFirstPageImage(access(), makeRecord({ file: null }))).toBeNull();
    expect(api.calls).toHaveLength(0);
  });

  it('gives nothing to show when the server refuses (the view waits for the PDF)', async () => {
    installFakeApi(() => fail(409, 'This document was voided by its sender', { error_code: 'VOIDED' }));
    const id = '0a1b2c3d-0000-4000-8000-0000000000a2';
    await expect(loadFirstPageImage(access(id), makeRecord())).resolves.toBeNull();
  });
});

describe('the first page while the signing view loads', () => {
  it('shows the image where the view draws the page, marked loaded once it is in', async () => {
    answerImage();
    const id = '0a1b2c3d-0000-4000-8000-0000000000a3';
    renderWithProviders(<FirstPagePreview record={makeRecord()} access={access(id)} />);
    expect(screen.getByText('Sale deed')).toBeTruthy();
    const image = await screen.findByTestId('page-image-1');
    expect(image.getAttribute('src')).toBe('blob:page-1');
    expect(image.getAttribute('alt')).toBe('Page 1 of 2');
    expect(image.getAttribute('data-loaded')).toBe('false');
    fireEvent.load(image);
    expect(image.getAttribute('data-loaded')).toBe('true');
  });
});
