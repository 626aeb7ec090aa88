import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TESignRecord } from '@esigns/contracts/signing';
import type { TDocumentNote } from '@esigns/contracts/document-notes';
import { fail, installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { makeSignerField } from '../signing/signing-test-utils';
import { paged, withPermissions } from '../team/team-test-utils';
import { DocumentDetailScreen } from './document-detail-screen';
import { DOC_ID, makeDetail, makeListItem, makeNote, renderRoute } from './document-lists-test-utils';

// pdf.js cannot run in jsdom: the preview draws through a stand-in.
const renderPage = vi.fn(() => ({ promise: Promise.resolve(), cancel: () => {} }));
vi.mock('../editor/pdf/pdf-document', () => ({
  openPdfDocument: async () => ({ numPages: 2, renderPage, destroy: () => {} }),
}));

staffSessionPerTest();
afterEach(() => renderPage.mockClear());

const FILE = {
  file_ref_id: 'f',
  name: 'deed.pdf',
  original_name: 'deed.pdf',
  mime_type: 'application/pdf' as const,
  size: 10,
  page_count: 2,
  pages: [
    { width: 612, height: 792 },
    { width: 612, height: 792 },
  ],
  sha256: 'a'.repeat(64),
  url: 'http://files.test/deed.pdf',
};

function preview(recipientId: string): TESignRecord {
  return {
    document: {
      _id: DOC_ID,
      name: 'Sale deed',
      status: 'WAITING',
      sender: { name: 'Olive Owner', email: 'olive@example.com', company_name: 'Acme' },
      expires_at: null,
      settings: { terms_and_conditions: { enabled: false, text: '' }, email_message: '' },
    },
    recipient: {
      _id: recipientId,
      email: 'asha@example.com',
      first_name: 'Asha',
      last_name: 'Rao',
      user_type: 'SIGNER',
      status: 'SIGNED',
      color: '#F27E0C',
    },
    verified: true,
    gates: [],
    verification_errors: [],
    blocked: null,
    file: FILE,
    pages: FILE.pages,
    fields: [
      makeSignerField({
        key: 'sig',
        type: 'TEXT',
        x: 100,
        y: 100,
        width: 100,
        height: 20,
        recipient_key: 'buyer',
        value: 'Asha',
      }),
    ],
    saved_signature: null,
    terms_accepted: true,
    company_dates: { format: 'MM-DD-YYYY', time_zone: 'UTC' },
  };
}

function installDetail(userType: 'OWNER' | 'MEMBER' = 'OWNER') {
  const notes: TDocumentNote[] = [
    makeNote(),
    makeNote({
      _id: 'n2',
      note: 'Price agreed',
      is_mine: false,
      author: { _id: 'x', name: 'Max Member', email: 'max@example.com' },
    }),
  ];
  const api = installFakeApi(
    withPermissions(userType, (call) => {
      if (call.path === `/api/documents/${DOC_ID}/recipients`) return ok(makeDetail());
      if (call.path === `/api/documents/${DOC_ID}/users/logs`) {
        return ok({
          chain_ok: true,
          broken_at: null,
          logs: [
            {
              _id: 'e0000000-0000-4000-8000-000000000001',
              seq: 1,
              action: 'document.sent',
              actor: 'Olive Owner',
              document_user_id: null,
              details: {},
              ip: '203.0.113.7',
              user_agent: null,
              created_at: '2026-01-05T10:00:00.000Z',
              hash: 'h',
              prev_hash: '',
            },
          ],
        });
      }
      if (call.path.startsWith(`/api/documents/${DOC_ID}/preview/`)) {
        return ok(preview(call.path.split('/').pop()!));
      }
      if (call.path === `/api/documents/${DOC_ID}/notes` && call.method === 'GET') return ok(paged(notes));
      if (call.path === `/api/documents/${DOC_ID}/notes` && call.method === 'POST') {
        const text = (call.body as { note: string }).note;
        if (text === 'bad') return invalid({ note: 'Keep the note shorter' });
        const note = makeNote({ _id: `n${notes.length + 1}`, note: text });
        notes.unshift(note);
        return ok(note);
      }
      if (call.path === `/api/documents/${DOC_ID}/notes/n1` && call.method === 'PATCH') {
        notes[notes.findIndex((n) => n._id === 'n1')] = makeNote({
          note: (call.body as { note: string }).note,
          edited: true,
        });
        return ok(notes[0]);
      }
      return undefined;
    }),
  );
  return api;
}

const render = (id = DOC_ID) =>
  renderRoute(
    <DocumentDetailScreen />,
    '/emp-documents/custom/:employee_document_id',
    `/emp-documents/custom/${id}`,
  );

describe('DocumentDetailScreen', () => {
  it('shows the document, its actions menu, recipients in order, the timeline and a preview of the pages', async () => {
    const api = installDetail();
    render();
    expect(await screen.findByRole('heading', { name: 'Sale deed' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions for Sale deed' })).toBeTruthy();
    expect(screen.getByText('Olive Owner')).toBeTruthy();
    const rows = screen.getAllByTestId('recipient-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Asha Rao')).toBeTruthy();
    expect(within(rows[0]!).getByText('Signed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Their turn')).toBeTruthy();
    expect(within(rows[1]!).getByText(/2 reminders/)).toBeTruthy();
    expect(await screen.findByTestId('document-timeline')).toBeTruthy();
    expect(await screen.findByTestId('preview-page')).toBeTruthy();
    await waitFor(() => expect(renderPage).toHaveBeenCalled());
    expect(screen.getByTestId('preview-field').textContent).toBe('Asha');
    fireEvent.change(screen.getByLabelText('Preview as'), { target: { value: 'r2' } });
    await waitFor(() => expect(api.callsTo(`/api/documents/${DOC_ID}/preview/r2`)).toHaveLength(1));
  });

  it('lists, adds and edits notes; only the author may edit', async () => {
    const api = installDetail();
    render();
    const list = await screen.findByTestId('notes-list');
    const notes = within(list).getAllByTestId('note');
    expect(within(notes[0]!).getByText('Called the buyer')).toBeTruthy();
    expect(within(notes[0]!).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(notes[1]!).queryByRole('button', { name: 'Edit' })).toBeNull();

    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Keep the note shorter')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'Sent a reminder by phone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Sent a reminder by phone')).toBeTruthy();
    expect((screen.getByLabelText('New note') as HTMLTextAreaElement).value).toBe('');

    fireEvent.click(
      within(
        screen.getAllByTestId('note').find((n) => n.textContent?.includes('Called the buyer'))!,
      ).getByRole('button', { name: 'Edit' }),
    );
    fireEvent.change(screen.getByLabelText('Edit note'), { target: { value: 'Called the buyer twice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Called the buyer twice')).toBeTruthy();
    expect(screen.getByText(/\(edited\)/)).toBeTruthy();
    expect(api.callsTo(`/api/documents/${DOC_ID}/notes/n1`, 'PATCH')[0]!.body).toEqual({
      note: 'Called the buyer twice',
    });
  });

  it('leaves the notes out for a member without documents:notes', async () => {
    installDetail('MEMBER');
    render();
    expect(await screen.findByRole('heading', { name: 'Sale deed' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Notes' })).toBeNull();
  });

  it('offers the editor for a draft, without timeline or preview', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path === `/api/documents/${DOC_ID}/recipients`
          ? ok(
              makeDetail({
                document: makeListItem({
                  status: 'DRAFT',
                  company_document_id: 'cd1',
                  sent_at: null,
                  actions: ['discard'],
                }),
              }),
            )
          : call.path.endsWith('/notes')
            ? ok(paged([]))
            : undefined,
      ),
    );
    render();
    const edit = await screen.findByRole('link', { name: 'Edit draft' });
    expect(edit.getAttribute('href')).toBe('/company-documents/cd1/configure/document');
    expect(screen.queryByRole('heading', { name: 'Preview' })).toBeNull();
    expect(screen.queryByTestId('document-timeline')).toBeNull();
  });

  it('says when the document does not exist or is not the caller’s to see', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path.includes('/recipients') ? fail(404, 'Document not found') : undefined,
      ),
    );
    render('d0c00000-0000-4000-8000-0000000000ff');
    expect(await screen.findByTestId('document-missing')).toBeTruthy();
  });
});
