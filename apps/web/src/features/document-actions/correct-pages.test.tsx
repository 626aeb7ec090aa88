import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import {
  makeDocumentUser,
  makeEmployeeDocument,
  makeField,
  renderRoute,
} from '../documents/documents-test-utils';
import { CorrectDocumentScreen } from './correct-screen';
import { staffSessionPerTest } from '../../shared/testing/test-session';

// pdf.js cannot run in jsdom: the pages are drawn through a stand-in.
const { renderPage, openPdfDocument } = vi.hoisted(() => {
  const draw = vi.fn(() => ({ promise: Promise.resolve(), cancel: () => {} }));
  return {
    renderPage: draw,
    openPdfDocument: vi.fn(async () => ({ numPages: 2, renderPage: draw, destroy: () => {} })),
  };
});
vi.mock('../editor/pdf/pdf-document', () => ({ openPdfDocument }));

const ID = '0a1b2c3d-0000-4000-8000-00000000e0d2';
const waiting = makeDocumentUser({
  _id: '0a1b2c3d-0000-4000-8000-0000000000d2',
  key: 'r2',
  email: 'wait@example.com',
  first_name: 'Walt',
  last_name: 'Wait',
  status: 'SENT',
});
const doc = makeEmployeeDocument({
  _id: ID,
  document_users: [waiting],
  fields: [makeField({ key: 'f2', recipient_key: 'r2', page: 2 })],
});

staffSessionPerTest();
afterEach(() => {
  renderPage.mockClear();
  openPdfDocument.mockClear();
});

describe('CorrectPages', { timeout: 45_000 }, () => {
  it("draws the document's pages from the preview's file, one at a time, with their fields", async () => {
    installFakeApi((call) => {
      if (call.path === `/api/documents/${ID}`) return ok(doc);
      if (call.path === `/api/documents/${ID}/preview/${waiting._id}`) {
        return ok({ file: { ...doc.file, url: 'http://files.test/deed.pdf' }, pages: doc.pages });
      }
      return undefined;
    });
    renderRoute(
      <CorrectDocumentScreen />,
      '/emp-documents/custom/:employee_document_id/edit',
      `/emp-documents/custom/${ID}/edit`,
    );
    await screen.findByText('Page 1 of 2');
    await waitFor(() => expect(openPdfDocument).toHaveBeenCalledWith('http://files.test/deed.pdf'));
    await waitFor(() => expect(renderPage).toHaveBeenCalledWith(1, expect.anything(), 820 / 612));
    expect(within(screen.getByTestId('correct-page')).queryByTestId('correct-field')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(renderPage).toHaveBeenCalledWith(2, expect.anything(), 820 / 612));
    const page = screen.getByTestId('correct-page');
    expect(within(page).getByRole('button', { name: 'Signature field of Walt Wait, page 2' })).toBeTruthy();
    expect(within(page).queryByText(/could not be loaded/)).toBeNull();
  });
});
