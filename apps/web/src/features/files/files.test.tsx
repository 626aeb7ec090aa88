import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TLibraryFile, TLibraryFolder } from '@esigns/contracts/file-library';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { installLayout, restoreLayout } from '../../shared/testing/layout-stubs';
import { renderScreenAt } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { paged, withPermissions } from '../team/team-test-utils';
import { FilesScreen } from './files-screen';
import { pathTo, subtreeOf, treeOrder } from './folder-tree';

const TOP = '0a000000-0000-4000-8000-000000000001';
const CHILD = '0a000000-0000-4000-8000-000000000002';
const OTHER = '0a000000-0000-4000-8000-000000000003';

const folder = (id: string, name: string, parent: string | null): TLibraryFolder => ({
  _id: id,
  name,
  parent_id: parent,
  created_at: '2026-11-29T10:00:00.000Z',
  updated_at: '2026-11-29T10:00:00.000Z',
});
const FOLDERS = [folder(TOP, 'Contracts', null), folder(CHILD, '2026', TOP), folder(OTHER, 'Archive', null)];

let seq = 0;
const file = (overrides: Partial<TLibraryFile> = {}): TLibraryFile => {
  seq += 1;
  return {
    _id: `1b000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    name: `file-${seq}.pdf`,
    folder_id: null,
    size: 2048,
    mime_type: 'application/pdf',
    sha256: 'a'.repeat(64),
    status: 'APPROVED',
    rejection_reason: null,
    uploaded_by: { kind: 'STAFF', user_id: 'u1', contact_id: null, name: 'Olive Owner', email: 'o@x.io' },
    decided_by: 'u1',
    decided_at: '2026-11-29T10:00:00.000Z',
    created_at: '2026-11-29T10:00:00.000Z',
    updated_at: '2026-11-29T10:00:00.000Z',
    ...overrides,
  };
};

staffSessionPerTest();
afterEach(() => vi.unstubAllGlobals());

describe('folder tree helpers', () => {
  it('orders folders as a tree, finds a subtree and a path', () => {
    expect(treeOrder(FOLDERS).map(({ folder: f, depth }) => `${depth}:${f.name}`)).toEqual([
      '0:Archive',
      '0:Contracts',
      '1:2026',
    ]);
    expect([...subtreeOf(FOLDERS, TOP)].sort()).toEqual([TOP, CHILD].sort());
    expect(pathTo(FOLDERS, CHILD).map((f) => f.name)).toEqual(['Contracts', '2026']);
    expect(pathTo(FOLDERS, null)).toEqual([]);
  });
});

describe('/files', { timeout: 30_000 }, () => {
  it('lists the top level, opens a folder by its button and its path', async () => {
    const top = file({ name: 'Policy.pdf' });
    const inside = file({ name: 'Lease.pdf', folder_id: TOP });
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/fileManagement/folders') return ok(FOLDERS);
        if (call.path === '/api/fileManagement/all-files') {
          return ok(paged(call.url.includes(`folder_id=${TOP}`) ? [inside] : [top]));
        }
        return undefined;
      }),
    );
    renderScreenAt(<FilesScreen />, '/files', '/files');
    const row = await screen.findByTestId('file-row');
    expect(row.textContent).toContain('Policy.pdf');
    expect(row.textContent).toContain('Approved');
    expect(api.calls.some((c) => c.url.includes('folder_id=root'))).toBe(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Contracts' }));
    await waitFor(() => expect(screen.getByTestId('file-row').textContent).toContain('Lease.pdf'));
    const path = screen.getByRole('navigation', { name: 'Folder path' });
    expect(within(path).getByRole('button', { name: 'Contracts' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '2026' })).toBeTruthy();
    fireEvent.click(within(path).getByRole('button', { name: 'All files' }));
    await waitFor(() => expect(screen.getByTestId('file-row').textContent).toContain('Policy.pdf'));
  });

  it('shows a folder created while the first list of folders is still loading', async () => {
    const leases = folder(OTHER, 'Leases', null);
    let answerFirst: (answer: Response) => void = () => {};
    const first = new Promise<Response>((resolve) => (answerFirst = resolve));
    const stored: TLibraryFolder[] = [];
    let folderLists = 0;
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/fileManagement/folders' && call.method === 'POST') {
          stored.push(leases);
          return ok(leases);
        }
        if (call.path === '/api/fileManagement/folders') {
          folderLists += 1;
          // The first list was read before the folder was stored, and answers late.
          return folderLists === 1 ? first : ok([...stored]);
        }
        if (call.path === '/api/fileManagement/all-files') return ok(paged([]));
        return undefined;
      }),
    );
    renderScreenAt(<FilesScreen />, '/files', '/files');
    await waitFor(() => expect(folderLists).toBe(1));
    fireEvent.click(await screen.findByRole('button', { name: 'New folder' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Folder name/), { target: { value: 'Leases' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('/api/fileManagement/folders', 'POST')).toHaveLength(1));
    answerFirst(ok([]));
    expect(await screen.findByRole('button', { name: 'Leases' })).toBeTruthy();
  });

  it('"Waiting for approval": every folder, PENDING; approve and reject (with a reason) in bulk', async () => {
    const a = file({
      name: 'id-card.png',
      status: 'PENDING',
      uploaded_by: { kind: 'CONTACT', user_id: 'c1', contact_id: 'k1', name: 'Conny', email: 'c@x.io' },
    });
    const b = file({ name: 'proof.pdf', status: 'PENDING' });
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/fileManagement/folders') return ok([]);
        if (call.path === '/api/fileManagement/all-files') {
          return ok(paged(call.url.includes('status=PENDING') ? [a, b] : []));
        }
        if (call.path === '/api/approve-files') return ok([{ ...a, status: 'APPROVED' }]);
        if (call.path === '/api/reject-files') return ok([{ ...b, status: 'REJECTED' }]);
        return undefined;
      }),
    );
    renderScreenAt(<FilesScreen />, '/files', '/files');
    fireEvent.click(await screen.findByText('Waiting for approval'));
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(2));
    const pendingCall = api.calls.filter((c) => c.path === '/api/fileManagement/all-files').at(-1)!;
    expect(pendingCall.url).toContain('status=PENDING');
    expect(pendingCall.url).not.toContain('folder_id');
    expect(screen.getAllByTestId('file-row')[0]!.textContent).toContain('(contact)');

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select id-card.png' }));
    const bar = await screen.findByRole('toolbar', { name: 'Actions on the selected rows' });
    fireEvent.click(within(bar).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.callsTo('/api/approve-files', 'POST')).toHaveLength(1));
    expect(api.callsTo('/api/approve-files')[0]!.body).toEqual({ ids: [a._id] });

    fireEvent.click(screen.getByRole('checkbox', { name: 'Select proof.pdf' }));
    fireEvent.click(within(await screen.findByRole('toolbar')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Reject' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Blurred scan' } });
    fireEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('/api/reject-files', 'POST')).toHaveLength(1));
    expect(api.callsTo('/api/reject-files')[0]!.body).toEqual({ ids: [b._id], reason: 'Blurred scan' });
  });

  it('uploads into the open folder with progress, then shows the status', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/fileManagement/folders') return ok(FOLDERS);
        if (call.path === '/api/fileManagement/all-files') return ok(paged([]));
        return undefined;
      }),
    );
    const sent: { url: string; body: FormData; xhr: FakeXhr }[] = [];
    class FakeXhr {
      upload: {
        onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;
      } = { onprogress: null };
      status = 0;
      responseText = '';
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      headers: Record<string, string> = {};
      url = '';
      open(_method: string, url: string) {
        this.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.headers[name] = value;
      }
      send(body: FormData) {
        sent.push({ url: this.url, body, xhr: this });
      }
      abort() {
        this.onabort?.();
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    renderScreenAt(<FilesScreen />, '/files', '/files');
    fireEvent.click(await screen.findByRole('button', { name: 'Contracts' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    const input = screen.getByLabelText('Files to upload');
    fireEvent.change(input, { target: { files: [new File(['%PDF-1.4'], 'deed.pdf', { type: '' })] } });
    await waitFor(() => expect(sent).toHaveLength(1));
    const { body, xhr, url } = sent[0]!;
    expect(url).toBe('/api/fileManagement/create');
    expect(body.get('folder_id')).toBe(TOP);
    expect((body.get('file') as File).type).toBe('application/pdf');
    expect(xhr.headers.authorization ?? xhr.headers.Authorization).toMatch(/^Bearer /);
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    const bar = await screen.findByRole('progressbar', { name: 'Uploading deed.pdf' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('50'));
    xhr.status = 200;
    xhr.responseText = JSON.stringify({ success: true, data: file({ name: 'deed.pdf', folder_id: TOP }) });
    xhr.onload?.();
    const row = await screen.findByTestId('upload-row');
    await waitFor(() => expect(row.textContent).toContain('Approved'));
  });

  it('on a phone, a pending card names its contact uploader as one, with its whole status', async () => {
    installLayout({ windowWidth: 390 });
    const pending = file({
      name: 'id-card.png',
      status: 'PENDING',
      uploaded_by: { kind: 'CONTACT', user_id: 'c1', contact_id: 'k1', name: 'Conny', email: 'c@x.io' },
    });
    installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/fileManagement/folders') return ok([]);
        if (call.path === '/api/fileManagement/all-files')
          return ok(paged([pending, file({ name: 'deed.pdf' })]));
        return undefined;
      }),
    );
    try {
      renderScreenAt(<FilesScreen />, '/files', '/files');
      await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(2));
      const [contactCard, staffCard] = screen.getAllByTestId('file-row');
      expect(contactCard!.tagName).not.toBe('TR');
      expect(contactCard!.textContent).toContain('Conny (contact)');
      expect(staffCard!.textContent).toContain('Olive Owner');
      expect(staffCard!.textContent).not.toContain('(contact)');
      // A badge never shrinks beside a long name: "Waiting for approval" is never cut.
      const badge = within(contactCard!).getByText('Waiting for approval').closest('.mantine-Badge-root');
      expect((badge as HTMLElement).style.flexShrink).toBe('0');
    } finally {
      restoreLayout();
    }
  });

  it('on a phone (390 px), pending cards have checkboxes and "Select all": approve and reject in bulk', async () => {
    installLayout({ windowWidth: 390 });
    const a = file({ name: 'passport.png', status: 'PENDING' });
    const b = file({ name: 'payslip.pdf', status: 'PENDING' });
    const c = file({ name: 'lease.pdf', status: 'PENDING' });
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/fileManagement/folders') return ok([]);
        if (call.path === '/api/fileManagement/all-files') {
          return ok(paged(call.url.includes('status=PENDING') ? [a, b, c] : []));
        }
        if (call.path === '/api/approve-files') return ok([a, b].map((f) => ({ ...f, status: 'APPROVED' })));
        if (call.path === '/api/reject-files') return ok([{ ...c, status: 'REJECTED' }]);
        return undefined;
      }),
    );
    try {
      renderScreenAt(<FilesScreen />, '/files', '/files');
      fireEvent.click(await screen.findByText('Waiting for approval'));
      await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(3));
      const cards = screen.getAllByTestId('file-row');
      expect(cards[0]!.tagName).not.toBe('TR');
      expect(screen.queryByRole('table')).toBeNull();

      // Two cards ticked by their own checkboxes, then approved together.
      fireEvent.click(within(cards[0]!).getByRole('checkbox', { name: 'Select passport.png' }));
      fireEvent.click(within(cards[1]!).getByRole('checkbox', { name: 'Select payslip.pdf' }));
      const bar = await screen.findByRole('toolbar', { name: 'Actions on the selected rows' });
      expect(within(bar).getByText('2 selected')).toBeTruthy();
      fireEvent.click(within(bar).getByRole('button', { name: 'Approve' }));
      await waitFor(() => expect(api.callsTo('/api/approve-files', 'POST')).toHaveLength(1));
      expect(api.callsTo('/api/approve-files')[0]!.body).toEqual({ ids: [a._id, b._id] });

      // "Select all" ticks every card; unticking two leaves the third to reject.
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select all rows' }));
      await waitFor(() => expect(within(screen.getByRole('toolbar')).getByText('3 selected')).toBeTruthy());
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select passport.png' }));
      fireEvent.click(screen.getByRole('checkbox', { name: 'Select payslip.pdf' }));
      fireEvent.click(within(screen.getByRole('toolbar')).getByRole('button', { name: 'Reject' }));
      const dialog = await screen.findByRole('dialog');
      fireEvent.change(within(dialog).getByLabelText(/Reason/), { target: { value: 'Expired' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
      await waitFor(() => expect(api.callsTo('/api/reject-files', 'POST')).toHaveLength(1));
      expect(api.callsTo('/api/reject-files')[0]!.body).toEqual({ ids: [c._id], reason: 'Expired' });
    } finally {
      restoreLayout();
    }
  });

  it('says so without files:view', async () => {
    installFakeApi(withPermissions('MEMBER'));
    renderScreenAt(<FilesScreen />, '/files', '/files');
    expect((await screen.findByTestId('no-access')).textContent).toContain('cannot see the file library');
  });
});
