import { act, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { createQueryClient } from '../../app/query-client';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { paged, withPermissions } from '../team/team-test-utils';
import { makeNote } from './document-lists-test-utils';
import { fakeSockets as sockets } from '../../shared/testing/fake-socket';

vi.mock('socket.io-client', async () => (await import('../../shared/testing/fake-socket')).fakeSocketIo);

const { DocumentCacheFreshness } = await import('./document-cache-freshness');
const { NotesPanel } = await import('./notes-panel');

const DOC = 'd0000000-0000-4000-8000-000000000001';
const DOC_NOTES = `/api/documents/${DOC}/notes`;

staffSessionPerTest();
beforeEach(() => {
  sockets.length = 0;
});

const emit = (event: string, payload: unknown) =>
  act(() => {
    for (const handler of sockets.at(-1)!.anyHandlers) handler(event, payload);
  });

/**
 * The document's notes at /doc and another screen at /entities, with the freshness listener beside
 * them as the staff layout mounts it. The app's own client keeps cached data fresh for 30 s, as in
 * the browser.
 */
function renderNotesAndElsewhere() {
  const router = createMemoryRouter(
    [
      { path: '/doc', element: <NotesPanel documentId={DOC} /> },
      { path: '/entities', element: <p>Entities</p> },
    ],
    { initialEntries: ['/doc'] },
  );
  renderWithProviders(
    <>
      <DocumentCacheFreshness />
      <RouterProvider router={router} />
    </>,
    createQueryClient(),
  );
  return router;
}

describe('DocumentCacheFreshness', () => {
  it('marks cached document notes stale on a note event seen from another screen; reopened, they are read afresh', async () => {
    let notes = [makeNote({ employee_document_id: DOC, note: 'First call' })];
    const api = installFakeApi(
      withPermissions('OWNER', (call) => (call.path === DOC_NOTES ? ok(paged(notes)) : undefined)),
    );
    const router = renderNotesAndElsewhere();
    expect(await screen.findByText('First call')).toBeTruthy();
    await act(() => router.navigate('/entities'));
    await screen.findByText('Entities');
    notes = [
      makeNote({
        _id: 'n0000000-0000-4000-8000-000000000002',
        employee_document_id: DOC,
        note: 'Second call',
      }),
      ...notes,
    ];
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    emit('document.note_added', { document_id: DOC, note_id: 'n2', by: 'u2' });
    // Marked stale only: nothing is fetched until the document opens again.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.callsTo(DOC_NOTES)).toHaveLength(1);
    await act(() => router.navigate('/doc'));
    expect(await screen.findByText('Second call')).toBeTruthy();
    expect(api.callsTo(DOC_NOTES)).toHaveLength(2);
  });

  it('leaves cached notes fresh when no event came', async () => {
    const api = installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path === DOC_NOTES
          ? ok(paged([makeNote({ employee_document_id: DOC, note: 'Only' })]))
          : undefined,
      ),
    );
    const router = renderNotesAndElsewhere();
    expect(await screen.findByText('Only')).toBeTruthy();
    await act(() => router.navigate('/entities'));
    await act(() => router.navigate('/doc'));
    expect(await screen.findByText('Only')).toBeTruthy();
    expect(api.callsTo(DOC_NOTES)).toHaveLength(1);
  });
});
