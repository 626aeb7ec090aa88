import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../../shared/testing/test-session';
import { COMPANY_DOC_ID, makeDocumentUser, makeEmployeeDocument, renderRoute } from '../documents-test-utils';
import { DraftDocumentScreen } from './draft-screen';
import { DocumentSuccessScreen, FinishScreen } from './finish-screens';

const DOC_ID = '0a1b2c3d-0000-4000-8000-00000000e0d1';
const DRAFT_PATTERN = '/emp-documents/custom/:employee_document_id/draft';
const SUCCESS_PATTERN = '/emp-documents/custom/:employee_document_id/:employee_document/success';

staffSessionPerTest();

const serve = (document: ReturnType<typeof makeEmployeeDocument> | Response) =>
  installFakeApi((call) =>
    call.path === `/api/documents/${DOC_ID}`
      ? document instanceof Response
        ? document
        : ok(document)
      : undefined,
  );

describe('draft document screen', () => {
  it('opens a draft in the field editor, from where it is sent', async () => {
    serve(makeEmployeeDocument({ status: 'DRAFT', sent_at: null }));
    const router = renderRoute(
      <DraftDocumentScreen />,
      DRAFT_PATTERN,
      `/emp-documents/custom/${DOC_ID}/draft`,
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/company-documents/${COMPANY_DOC_ID}/configure/document`),
    );
  });

  it('says a document already sent has nothing to edit here, and links to its page', async () => {
    serve(makeEmployeeDocument({ status: 'WAITING' }));
    renderRoute(<DraftDocumentScreen />, DRAFT_PATTERN, `/emp-documents/custom/${DOC_ID}/draft`);
    expect(await screen.findByText('This document was already sent')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open the document' }).getAttribute('href')).toBe(
      `/emp-documents/custom/${DOC_ID}`,
    );
  });

  it("shows the server's refusal (another company's document: 404) with a retry", async () => {
    serve(fail(404, 'Document not found'));
    renderRoute(<DraftDocumentScreen />, DRAFT_PATTERN, `/emp-documents/custom/${DOC_ID}/draft`);
    expect(await screen.findByText('Could not open the draft')).toBeTruthy();
    expect(screen.getByText('Document not found')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('finish and success screens', () => {
  it('shows the sender who was emailed and what to do next', async () => {
    serve(makeEmployeeDocument({ document_users: [makeDocumentUser({ email: 'tenant@example.com' })] }));
    renderRoute(<DocumentSuccessScreen />, SUCCESS_PATTERN, `/emp-documents/custom/${DOC_ID}/sent/success`);
    const card = await screen.findByTestId('send-success');
    expect(within(card).getByText('Document sent')).toBeTruthy();
    expect(within(card).getByText('tenant@example.com')).toBeTruthy();
    expect(within(card).getByRole('link', { name: /Go to dashboard/ })).toBeTruthy();
  });

  it('shows a signed-in recipient who finished their step who is still to act', async () => {
    serve(
      makeEmployeeDocument({
        document_users: [
          makeDocumentUser({ _id: 'u-me', email: 'ada@example.com', status: 'SIGNED' }),
          makeDocumentUser({
            _id: 'u-next',
            email: 'bob@example.com',
            first_name: 'Bob',
            last_name: 'Next',
            status: 'PENDING',
          }),
        ],
      }),
    );
    renderRoute(<DocumentSuccessScreen />, SUCCESS_PATTERN, `/emp-documents/custom/${DOC_ID}/u-me/success`);
    const card = await screen.findByTestId('finished-part');
    expect(within(card).getByText('Your part is done')).toBeTruthy();
    const waiting = within(card).getByRole('list', { name: 'Still to act' });
    expect(within(waiting).getByText('Bob Next')).toBeTruthy();
    expect(within(waiting).getByText('Not yet their turn')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Open the document' }).getAttribute('href')).toBe(
      `/emp-documents/custom/${DOC_ID}`,
    );
  });

  it('offers the next steps when a sender finishes, the named document first', async () => {
    installFakeApi(() => undefined);
    renderRoute(
      <FinishScreen />,
      '/emp-documents/custom/finish',
      `/emp-documents/custom/finish?document_id=${DOC_ID}`,
    );
    const card = await screen.findByTestId('finish-done');
    expect(within(card).getByRole('link', { name: 'Open the document' }).getAttribute('href')).toBe(
      `/emp-documents/custom/${DOC_ID}`,
    );
    expect(within(card).getByRole('link', { name: 'Send another document' }).getAttribute('href')).toBe(
      '/documents/upload',
    );
    expect(within(card).getByRole('link', { name: 'See my documents' })).toBeTruthy();
  });
});
