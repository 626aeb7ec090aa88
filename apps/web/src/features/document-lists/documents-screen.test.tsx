import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets as sockets } from '../../shared/testing/fake-socket';

vi.mock('socket.io-client', async () => (await import('../../shared/testing/fake-socket')).fakeSocketIo);

const { fail, installFakeApi, ok } = await import('../../shared/testing/fake-api');
const { staffSessionPerTest } = await import('../../shared/testing/test-session');
const { paged, withPermissions } = await import('../team/team-test-utils');
const { installDomPolyfills } = await import('../../shared/testing/render-with-providers');
const { DocumentsScreen } = await import('./documents-screen');
const { COMPANY_DOC_ID, DOC_ID, DRAFT_ID, makeCounts, makeListItem, renderRoute } =
  await import('./document-lists-test-utils');

staffSessionPerTest();
afterEach(() => {
  sockets.length = 0;
});

const draft = makeListItem({
  _id: DRAFT_ID,
  name: 'Lease draft',
  status: 'DRAFT',
  company_document_id: COMPANY_DOC_ID,
  recipients: [],
  progress: { done: 0, required: 0 },
  sent_at: null,
  expires_at: null,
  actions: ['view', 'discard'],
});

function installList(userType: 'OWNER' | 'MEMBER' = 'OWNER') {
  return installFakeApi(
    withPermissions(userType, (call) => {
      if (call.path.startsWith('/api/all-documents/')) {
        const filter = call.path.split('/').pop();
        return ok(paged(filter === 'draft' ? [draft] : [makeListItem(), draft]));
      }
      if (call.path === '/api/employee-documents-counts') {
        return ok(makeCounts({ 'all-documents': 2, draft: 1, 'waiting-for-others': 1 }));
      }
      if (call.path === '/api/getAllCompanyUsers/c1') {
        return ok([
          { user_id: 'u1', email: 'olive@example.com', first_name: 'Olive', last_name: 'Owner' },
          { user_id: 'u2', email: 'max@example.com', first_name: 'Max', last_name: 'Member' },
        ]);
      }
      return undefined;
    }),
  );
}

const render = (path = '/documents/all') =>
  renderRoute(<DocumentsScreen />, '/documents/all/:contact_id?', path);
const lastListCall = (api: ReturnType<typeof installList>) =>
  [...api.calls].reverse().find((c) => c.path.startsWith('/api/all-documents/'))!;

describe('DocumentsScreen', () => {
  it('shows the status tabs with their counts and the rows with status, recipients and progress', async () => {
    installList();
    render();
    const rows = await screen.findAllByTestId('document-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Sale deed')).toBeTruthy();
    expect(within(rows[0]!).getByText('Waiting')).toBeTruthy();
    expect(within(rows[0]!).getByText('1 of 2 done')).toBeTruthy();
    expect(within(rows[0]!).getByLabelText('Asha Rao: Signed')).toBeTruthy();
    expect(within(rows[0]!).getByText('from Olive Owner')).toBeTruthy();
    expect(within(rows[1]!).getByText('Draft')).toBeTruthy();
    const allTab = screen.getByRole('tab', { name: /All/ });
    await waitFor(() => expect(within(allTab).getByText('2')).toBeTruthy());
    expect(within(screen.getByRole('tab', { name: /Drafts/ })).getByText('1')).toBeTruthy();
    // Each row has the actions menu built from its `actions`.
    expect(within(rows[0]!).getByRole('button', { name: 'Actions for Sale deed' })).toBeTruthy();
  });

  it('switches tabs, searches, sorts and narrows by dates and sender through the address', async () => {
    const api = installList();
    render();
    await screen.findAllByTestId('document-row');
    fireEvent.click(screen.getByRole('tab', { name: /Drafts/ }));
    await waitFor(() => expect(lastListCall(api).path).toBe('/api/all-documents/draft'));

    fireEvent.change(screen.getByLabelText('Search documents'), { target: { value: 'lease' } });
    await waitFor(() => expect(lastListCall(api).url).toContain('search=lease'));
    const counts = [...api.calls].reverse().find((c) => c.path === '/api/employee-documents-counts')!;
    await waitFor(() => expect(counts.url).toContain('search=lease'));

    fireEvent.change(screen.getByLabelText('Sort documents'), { target: { value: 'name' } });
    await waitFor(() => expect(lastListCall(api).url).toContain('sort=name'));

    fireEvent.change(screen.getByLabelText('Date to filter by'), { target: { value: 'sent_at' } });
    fireEvent.change(screen.getByLabelText('From date'), { target: { value: '2026-01-01' } });
    await waitFor(() =>
      expect(lastListCall(api).url).toMatch(
        /date_field=sent_at.*from=2026-01-01|from=2026-01-01.*date_field=sent_at/,
      ),
    );

    fireEvent.change(await screen.findByLabelText('Filter by sender'), { target: { value: 'u2' } });
    await waitFor(() => expect(lastListCall(api).url).toContain('owner=u2'));

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(lastListCall(api).url).not.toContain('owner='));
    expect(lastListCall(api).url).not.toContain('search=');
  });

  it('opens a sent document on its screen and a draft in the editor', async () => {
    installList();
    const router = render();
    const rows = await screen.findAllByTestId('document-row');
    fireEvent.click(within(rows[0]!).getByText('Sale deed'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/emp-documents/custom/${DOC_ID}`));
    await act(() => router.navigate('/documents/all'));
    const again = await screen.findAllByTestId('document-row');
    fireEvent.keyDown(again[1]!, { key: 'Enter' });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/company-documents/${COMPANY_DOC_ID}/configure/document`),
    );
  });

  it('hides the sender filter from a member who sees only their own documents', async () => {
    const api = installList('MEMBER');
    render();
    await screen.findAllByTestId('document-row');
    expect(screen.queryByLabelText('Filter by sender')).toBeNull();
    expect(screen.queryByText('from Olive Owner')).toBeNull();
    expect(api.callsTo('/api/getAllCompanyUsers/c1')).toHaveLength(0);
  });

  it("lists one contact's documents on /documents/all/{contact_id}", async () => {
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/contacts/k1')
          return ok({ _id: 'k1', name: 'Asha Rao', email: 'asha@example.com' });
        if (call.path.startsWith('/api/all-documents/')) return ok(paged([makeListItem()]));
        if (call.path === '/api/employee-documents-counts') return ok(makeCounts({ 'all-documents': 1 }));
        return undefined;
      }),
    );
    render('/documents/all/k1');
    expect(await screen.findByRole('heading', { name: 'Documents of Asha Rao' })).toBeTruthy();
    await screen.findAllByTestId('document-row');
    expect(lastListCall(api).url).toContain('recipient=k1');
    expect(screen.queryByLabelText('Filter by recipient email')).toBeNull();
  });

  it('refreshes the list when a document event reaches the workspace', async () => {
    const api = installList();
    render();
    await screen.findAllByTestId('document-row');
    const before = api.calls.filter((c) => c.path.startsWith('/api/all-documents/')).length;
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    act(() => {
      for (const handler of sockets.at(-1)!.anyHandlers)
        handler('document.recipient_finished', { document_id: DOC_ID });
    });
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path.startsWith('/api/all-documents/')).length).toBeGreaterThan(
        before,
      ),
    );
  });

  it('says when nothing matches, and when the caller may not see documents', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path.startsWith('/api/all-documents/')) return ok(paged([]));
        if (call.path === '/api/employee-documents-counts') return ok(makeCounts());
        return undefined;
      }),
    );
    render('/documents/all?search=zzz');
    const empty = await screen.findByTestId('documents-empty');
    expect(within(empty).getByText('No documents match')).toBeTruthy();
    cleanup();

    installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path.startsWith('/api/all-documents/') || call.path === '/api/employee-documents-counts'
          ? fail(403, 'You do not have permission to do this (documents:view)')
          : undefined,
      ),
    );
    render();
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });
});

describe('DocumentsScreen layout', () => {
  const LABELS = [
    'All',
    'Drafts',
    'Waiting for me',
    'Waiting for others',
    'Completed',
    'Declined',
    'Rejected',
    'Voided',
    'Expired',
    'Archived',
  ];
  const tabLabels = (list: HTMLElement) =>
    within(list)
      .getAllByRole('tab')
      .map((tab) => tab.querySelector('.mantine-Tabs-tabLabel')?.textContent);

  it('shows every status tab on a wide screen, wrapping rather than scrolling', async () => {
    installList();
    render();
    const list = await screen.findByTestId('status-tabs');
    expect(tabLabels(list)).toEqual(LABELS);
    // No scroll area to hide "Archived" behind: the row wraps when it does not fit.
    expect(list.closest('.mantine-ScrollArea-root')).toBeNull();
    expect(list.style.flexWrap).toBe('wrap');
    // Compact tabs, so the ten tabs and their counts fit a 1440 px window.
    expect(within(list).getByRole('tab', { name: /Archived/ }).style.paddingInline).toBe(
      'var(--mantine-spacing-xs)',
    );
  });

  it('scrolls the tabs on a phone', async () => {
    installDomPolyfills();
    const wide = window.matchMedia;
    vi.stubGlobal('matchMedia', (query: string) => ({
      ...wide(query),
      matches: query.includes('max-width: 48em'),
    }));
    installList();
    render();
    const list = await screen.findByTestId('status-tabs');
    expect(tabLabels(list)).toEqual(LABELS);
    expect(list.closest('.mantine-ScrollArea-root')).not.toBeNull();
    expect(list.style.flexWrap).toBe('nowrap');
  });

  it('writes status badges in sentence case, not capitals', async () => {
    installList();
    render();
    const rows = await screen.findAllByTestId('document-row');
    for (const [row, label] of [
      [rows[0]!, 'Waiting'],
      [rows[1]!, 'Draft'],
    ] as const) {
      const badge = within(row).getByText(label).closest('.mantine-Badge-root') as HTMLElement;
      expect(badge.style.textTransform, label).toBe('none');
    }
  });
});
