import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { ConfigureDocumentScreen } from './configure-document-screen';
import { ConfigureTemplateScreen } from './configure-template-screen';
import {
  COMPANY_DOCUMENT_ID,
  DOCUMENT_ID,
  makeConfigurableDocument,
  makeField,
  makeRecipient,
} from './editor-fixtures';
import { layoutPerTest } from '../../shared/testing/layout-stubs';
import { EDITOR_LAYOUT } from './editor-test-utils';
import { staffSessionPerTest } from '../../shared/testing/test-session';

vi.mock('./pdf/pdf-document', () => ({
  openPdfDocument: vi.fn(async () => ({
    numPages: 2,
    renderPage: () => ({ promise: Promise.resolve(), cancel: () => {} }),
    destroy: () => {},
  })),
}));

staffSessionPerTest();
layoutPerTest(EDITOR_LAYOUT);

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/company-documents/:document_id/configure/document', element: <ConfigureDocumentScreen /> },
      {
        path: '/company-documents/:document_id/configure/template/:template_id',
        element: <ConfigureTemplateScreen />,
      },
      { path: '/dashboard', element: <p>Dashboard page</p> },
      { path: '/templates', element: <p>Templates page</p> },
      { path: '/send-document/mail/:id', element: <p>Send review page</p> },
    ],
    { initialEntries: [path] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

const documentPath = `/company-documents/${COMPANY_DOCUMENT_ID}/configure/document`;
const ready = makeConfigurableDocument({
  fields: [makeField()],
  document_users: [makeRecipient()],
});

describe('ConfigureDocumentScreen', () => {
  it('resolves the company document, opens the editor, autosaves to the draft and goes on to review', async () => {
    const api = installFakeApi((call) => {
      if (call.path === `/api/document-templates/${COMPANY_DOCUMENT_ID}/configure`)
        return ok({ ...ready, file: { ...ready.file, url: undefined } });
      if (call.path === `/api/configurable-documents/${DOCUMENT_ID}`) return ok(ready);
      if (call.path === '/api/document-templates/documents/draft' && call.method === 'PUT') return ok(ready);
      return undefined;
    });
    const router = renderAt(documentPath);
    expect(await screen.findByTestId('document-editor')).toBeTruthy();
    expect(api.callsTo(`/api/document-templates/${COMPANY_DOCUMENT_ID}/configure`)[0]?.body).toEqual({
      is_template: false,
    });
    expect(api.callsTo(`/api/configurable-documents/${DOCUMENT_ID}`)[0]?.url).toContain(
      'include_download_url=true',
    );

    fireEvent.change(screen.getByLabelText('Document name'), { target: { value: 'Lease 2025' } });
    fireEvent.blur(screen.getByLabelText('Document name'));
    fireEvent.click(screen.getByRole('button', { name: 'Next: review and send' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/send-document/mail/${DOCUMENT_ID}`));
    const saves = api.callsTo('/api/document-templates/documents/draft', 'PUT');
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toMatchObject({
      configurable_document_id: DOCUMENT_ID,
      name: 'Lease 2025',
      fields: [expect.objectContaining({ key: 'f1' })],
      document_users: [expect.objectContaining({ email: 'ada@example.com' })],
    });
  });

  it('stays and shows the problems when the document is not ready to send', async () => {
    installFakeApi((call) => {
      if (call.path.endsWith('/configure')) return ok(makeConfigurableDocument());
      if (call.path === `/api/configurable-documents/${DOCUMENT_ID}`) return ok(makeConfigurableDocument());
      return undefined;
    });
    const router = renderAt(documentPath);
    fireEvent.click(await screen.findByRole('button', { name: 'Next: review and send' }));
    const popover = await screen.findByRole('dialog');
    expect(within(popover).getByText('Ada Lovelace has no signature field')).toBeTruthy();
    expect(router.state.location.pathname).toBe(documentPath);
  });

  it('shows the Warning dialog with the server message for an unknown document, then goes to the dashboard', async () => {
    installFakeApi((call) =>
      call.path.endsWith('/configure') ? fail(404, 'This document does not exist or was deleted') : undefined,
    );
    const router = renderAt(documentPath);
    const dialog = await screen.findByRole('dialog', { name: 'Warning' });
    expect(within(dialog).getByText('This document does not exist or was deleted')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('offers a retry for other failures', async () => {
    let attempts = 0;
    installFakeApi((call) => {
      if (!call.path.endsWith('/configure'))
        return call.path.includes('/configurable-documents/') ? ok(ready) : undefined;
      attempts += 1;
      return attempts === 1 ? fail(500, 'Internal error') : ok(ready);
    });
    renderAt(documentPath);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('document-editor')).toBeTruthy();
  });
});

describe('ConfigureTemplateScreen', () => {
  it('opens the template with roles and returns to the templates when done', async () => {
    const template = makeConfigurableDocument({
      is_template: true,
      document_users: [makeRecipient({ role_name: 'Buyer', email: '', first_name: '', last_name: '' })],
    });
    const api = installFakeApi((call) =>
      call.path === `/api/configurable-documents/${DOCUMENT_ID}` ? ok(template) : undefined,
    );
    const router = renderAt(`/company-documents/${COMPANY_DOCUMENT_ID}/configure/template/${DOCUMENT_ID}`);
    expect(await screen.findByRole('button', { name: 'Add fields for Buyer' })).toBeTruthy();
    expect(screen.getByText('Buyer has no signature field')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/templates'));
    expect(api.callsTo('/api/document-templates/documents/draft', 'PUT')).toHaveLength(0);
  });

  it('shows the Warning dialog for a template of another company', async () => {
    installFakeApi(() => fail(404, 'Template not found'));
    const router = renderAt(`/company-documents/${COMPANY_DOCUMENT_ID}/configure/template/${DOCUMENT_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Warning' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
