import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { installLayout, restoreLayout } from '../../shared/testing/layout-stubs';
import { renderScreenAt, standIn } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { DOC_ID, makeDetail } from '../document-lists/document-lists-test-utils';
import { makeRecord } from '../signing/signing-test-utils';
import { packetOf } from '../workflows/packet/packet-memory';
import { PACKET_ID, REQUEST_ID, makeStepRequest } from './company-documents-test-utils';
import { DocumentStepExecuteScreen, DocumentStepPreviewScreen } from './document-step-screens';
import { RequestPreviewScreen } from './request-preview-screen';
import { RequestUploadScreen } from './request-upload-screen';

staffSessionPerTest();
afterEach(() => restoreLayout());

const FIRST = { timeout: 20_000 };
const WITH_PACKET = '/workflow/:workflow_data_id';

/** A request as staff read it: the contact named, the file handed in. */
const staffRequest = () =>
  makeStepRequest({
    company: null,
    contact: { _id: 'c1', email: 'asha@example.com', first_name: 'Asha', last_name: 'Rao' },
    status: 'UPLOADED',
    file: { name: 'pan.pdf', mime_type: 'application/pdf', page_count: 2 },
  });

describe('the step screens of company documents (signed in)', { timeout: 60_000 }, () => {
  it('requested preview: staff read the request and its file, with a way to review it', async () => {
    const api = installFakeApi((call) =>
      call.path === `/api/request-documents/${REQUEST_ID}` ? ok(staffRequest()) : undefined,
    );
    renderScreenAt(
      <RequestPreviewScreen />,
      `/company-documents/requested/:document_id${WITH_PACKET}/preview`,
      `/company-documents/requested/${REQUEST_ID}/workflow/${PACKET_ID}/preview`,
    );
    expect(await screen.findByText('PAN card requested from Asha Rao', undefined, FIRST)).toBeTruthy();
    expect(screen.getByText('pan.pdf')).toBeTruthy();
    expect(screen.getByText('2 pages')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Review the request' }).getAttribute('href')).toBe(
      `/request-documents/${REQUEST_ID}/edit`,
    );
    expect(screen.queryByRole('link', { name: /Upload|Replace/ })).toBeNull();
    const [read] = api.callsTo(`/api/request-documents/${REQUEST_ID}`);
    expect(read!.headers.authorization).toMatch(/^Bearer /);
    expect(read!.headers.requestid).toBeUndefined();
  });

  it('requested execute on a phone: the file can be photographed with the camera', async () => {
    installLayout({ windowWidth: 390 });
    installFakeApi((call) =>
      call.path === `/api/request-documents/${REQUEST_ID}` ? ok(makeStepRequest()) : undefined,
    );
    renderScreenAt(
      <RequestUploadScreen />,
      '/company-documents/requested/:document_id/execute',
      `/company-documents/requested/${REQUEST_ID}/execute`,
    );
    expect(await screen.findByRole('button', { name: 'Take a photo' }, FIRST)).toBeTruthy();
    const camera = screen.getByLabelText('Take a photo of the document');
    expect(camera.getAttribute('capture')).toBe('environment');
    expect(camera.getAttribute('accept')).toBe('image/jpeg,image/png');
    expect(screen.getByLabelText('Choose the file to upload').getAttribute('accept')).toContain('.pdf');
  });

  it('custom execute: a member who is a recipient goes on to their signing landing, the packet remembered', async () => {
    const api = installFakeApi((call) =>
      call.path === `/api/e-signs/${DOC_ID}` ? ok(makeRecord()) : undefined,
    );
    const record = makeRecord();
    const router = renderScreenAt(
      <DocumentStepExecuteScreen />,
      `/company-documents/custom/:document_id${WITH_PACKET}/execute`,
      `/company-documents/custom/${DOC_ID}/workflow/${PACKET_ID}/execute`,
      [standIn('/emp-documents/preview/:id/pp/vp/:user_id', 'landing'), standIn('*', 'elsewhere')],
    );
    expect(await screen.findByTestId('landing', undefined, FIRST)).toBeTruthy();
    expect(router.state.location.pathname).toBe(
      `/emp-documents/preview/${DOC_ID}/pp/vp/${record.recipient._id}`,
    );
    expect(packetOf(DOC_ID)).toBe(PACKET_ID);
    const [read] = api.callsTo(`/api/e-signs/${DOC_ID}`);
    expect(read!.headers.authorization).toMatch(/^Bearer /);
    expect(read!.headers.password).toBeUndefined();
  });

  it('custom execute: a member who is not a recipient is told so', async () => {
    installFakeApi((call) =>
      call.path === `/api/e-signs/${DOC_ID}` ? fail(404, 'Document not found') : undefined,
    );
    renderScreenAt(
      <DocumentStepExecuteScreen />,
      '/company-documents/custom/:document_id/execute',
      `/company-documents/custom/${DOC_ID}/execute`,
    );
    expect(await screen.findByText('This document is not addressed to you', undefined, FIRST)).toBeTruthy();
  });

  it('static preview: staff read the document, its recipients and its trail, and can open its own screen', async () => {
    const api = installFakeApi((call) =>
      call.path === `/api/documents/${DOC_ID}/recipients` ? ok(makeDetail()) : undefined,
    );
    renderScreenAt(
      <DocumentStepPreviewScreen />,
      `/company-documents/static/:document_id${WITH_PACKET}/preview`,
      `/company-documents/static/${DOC_ID}/workflow/${PACKET_ID}/preview`,
    );
    expect(await screen.findByRole('heading', { name: 'Sale deed' }, FIRST)).toBeTruthy();
    expect(screen.getByText('Ben Kay')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the document' }).getAttribute('href')).toBe(
      `/emp-documents/custom/${DOC_ID}`,
    );
    await waitFor(() => expect(api.callsTo(`/api/documents/${DOC_ID}/users/logs`)).toHaveLength(1));
    // Read only: no action menu here.
    expect(screen.queryByRole('button', { name: /actions/i })).toBeNull();
  });
});
