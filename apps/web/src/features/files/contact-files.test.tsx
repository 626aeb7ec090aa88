import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TLibraryFile } from '@esigns/contracts/file-library';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { renderScreenAt } from '../../shared/testing/render-routes';
import { contactSessionPerTest } from '../../shared/testing/test-session';
import { paged } from '../team/team-test-utils';
import { ContactFilesScreen } from './contact-files-screen';

const mine = (
  id: string,
  name: string,
  status: TLibraryFile['status'],
  reason: string | null = null,
): TLibraryFile => ({
  _id: id,
  name,
  folder_id: null,
  size: 1200,
  mime_type: 'image/png',
  sha256: 'b'.repeat(64),
  status,
  rejection_reason: reason,
  uploaded_by: { kind: 'CONTACT', user_id: 'c1', contact_id: 'k1', name: 'Conny', email: 'c@x.io' },
  decided_by: null,
  decided_at: null,
  created_at: '2026-11-29T10:00:00.000Z',
  updated_at: '2026-11-29T10:00:00.000Z',
});

contactSessionPerTest();

describe('/ap/files', { timeout: 30_000 }, () => {
  it("shows the contact's files with their status and reason; only a waiting file can be withdrawn", async () => {
    const waiting = mine('2c000000-0000-4000-8000-000000000001', 'passport.png', 'PENDING');
    const rejected = mine('2c000000-0000-4000-8000-000000000002', 'bill.png', 'REJECTED', 'Too dark');
    const api = installFakeApi((call) => {
      if (call.path === '/api/fileManagement/all-files') return ok(paged([waiting, rejected]));
      if (call.path === `/api/fileManagement/delete/${waiting._id}`) return ok({ deleted: true });
      return undefined;
    });
    renderScreenAt(<ContactFilesScreen />, '/ap/files', '/ap/files');
    const rows = await screen.findAllByTestId('file-row');
    expect(rows[0]!.textContent).toContain('Waiting for approval');
    expect(rows[1]!.textContent).toContain('Rejected');
    expect(rows[1]!.textContent).toContain('Too dark');
    expect(screen.getByLabelText('Files to upload')).toBeTruthy();

    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'More actions for bill.png' }));
    expect(await screen.findByRole('menuitem', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Withdraw' })).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    fireEvent.click(within(rows[0]!).getByRole('button', { name: 'More actions for passport.png' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Withdraw' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/fileManagement/delete/${waiting._id}`, 'DELETE')).toHaveLength(1),
    );
  });
});
