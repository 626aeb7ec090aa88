import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { paged, withPermissions } from '../team/team-test-utils';
import { makeListItem, renderRoute } from './document-lists-test-utils';
import { SignatureDocumentsScreen, SignedDocumentsScreen, filterOfPath } from './inbox-screen';
import { DOCUMENT_LIST_SCREENS } from './screens';

staffSessionPerTest();

function installInbox() {
  return installFakeApi(
    withPermissions('MEMBER', (call) =>
      call.path === '/api/employee-documents'
        ? ok(paged([makeListItem({ name: 'Offer letter', waiting_for_me: true })]))
        : undefined,
    ),
  );
}

describe('inbox screens', () => {
  it('/documents-signed lists the documents the caller signed', async () => {
    const api = installInbox();
    renderRoute(<SignedDocumentsScreen />, '/documents-signed', '/documents-signed');
    const rows = await screen.findAllByTestId('document-row');
    expect(within(rows[0]!).getByText('Offer letter')).toBeTruthy();
    expect(within(rows[0]!).getByText('Waiting for you')).toBeTruthy();
    expect(api.callsTo('/api/employee-documents')[0]!.url).toContain('signed=true');
  });

  it('/signature/documents/{status} lists one filter of what was sent to the caller', async () => {
    const api = installInbox();
    renderRoute(
      <SignatureDocumentsScreen />,
      '/signature/documents/:status',
      '/signature/documents/COMPLETED',
    );
    await screen.findAllByTestId('document-row');
    await waitFor(() => expect(api.callsTo('/api/employee-documents')[0]!.url).toContain('status=completed'));
    expect(screen.getByRole('heading', { name: 'Completed: sent to me' })).toBeTruthy();
  });

  it('explains an unknown status instead of listing', async () => {
    const api = installInbox();
    renderRoute(<SignatureDocumentsScreen />, '/signature/documents/:status', '/signature/documents/lost');
    expect(await screen.findByTestId('unknown-list')).toBeTruthy();
    expect(api.callsTo('/api/employee-documents')).toHaveLength(0);
  });

  it('reads path values as list filters', () => {
    expect(filterOfPath('waiting-for-me')).toBe('waiting-for-me');
    expect(filterOfPath('WAITING')).toBe('waiting-for-me');
    expect(filterOfPath('Archived')).toBe('archived');
    expect(filterOfPath('signed')).toBeNull();
  });

  it('registers every screen of the feature', () => {
    expect(Object.keys(DOCUMENT_LIST_SCREENS).sort()).toEqual([
      '/documents-signed',
      '/documents/all',
      '/documents/all/{contact_id}',
      '/emp-documents/custom/{employee_document_id}',
      '/signature/documents/{status}',
    ]);
  });
});
