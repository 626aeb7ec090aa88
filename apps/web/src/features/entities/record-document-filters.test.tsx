import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TRecordDocument } from '@esigns/contracts/record-extras';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { withPermissions } from '../team/team-test-utils';
import { RecordDocuments } from './record-documents';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { makeRecordDocument } from './entities-test-utils';

const ENTITY_ID = '3c1b2c3d-0000-4000-8000-000000000001';
const RECORD_ID = '3c1b2c3d-0000-4000-8000-0000000000d1';
const ALL = `/api/entities/getDocuments/${ENTITY_ID}/${RECORD_ID}`;
const UPLOADED = '/api/fetchEntityDocumentsNotIncludeTemplates';
const OF_TEMPLATE = '/api/getEmployeeDocumentsByEntityIdAndConfigurableDocumentId';
const LEASE = { _id: 'tpl-lease', name: 'Lease template' };
const MORTGAGE = { _id: 'tpl-mortgage', name: 'Mortgage template' };

const doc = (overrides: Partial<TRecordDocument>) =>
  makeRecordDocument(RECORD_ID, { template: null, ...overrides });
const signed = (id: string, name: string, template: TRecordDocument['template']) =>
  doc({
    _id: id,
    kind: 'DOCUMENT',
    name,
    mime_type: null,
    size: null,
    employee_document_id: `emp-${id}`,
    document_status: 'WAITING',
    download_url: null,
    template,
  });

staffSessionPerTest();

/** The Documents tab over a fake API answering `all` and the two filtered lists from it. */
function renderWith(all: TRecordDocument[]) {
  const api = installFakeApi(
    withPermissions('OWNER', (call) => {
      if (call.path === ALL) return ok(all);
      if (call.path === UPLOADED && call.method === 'POST') return ok(all.filter((d) => !d.template));
      if (call.path === OF_TEMPLATE && call.method === 'POST') {
        const id = (call.body as { configurable_document_id: string }).configurable_document_id;
        return ok(all.filter((d) => d.template?._id === id));
      }
      return undefined;
    }),
  );
  renderWithProviders(
    <MemoryRouter>
      <RecordDocuments entityId={ENTITY_ID} recordId={RECORD_ID} />
    </MemoryRouter>,
  );
  return api;
}

const listed = () =>
  screen.getAllByTestId('record-document').map((row) => row.querySelector('a')!.textContent);

describe('RecordDocuments filter', () => {
  it('shows all, uploaded only, or the documents of a chosen template through their calls', async () => {
    const api = renderWith([
      signed('d4', 'Mortgage deed', MORTGAGE),
      signed('d3', 'Scanned offer', null),
      signed('d2', 'Sale agreement', LEASE),
      doc({}),
    ]);
    expect(await screen.findByRole('link', { name: 'Mortgage deed' })).toBeTruthy();
    expect(listed()).toEqual(['Mortgage deed', 'Scanned offer', 'Sale agreement', 'deed.pdf']);
    expect(screen.getByText(/from the template Mortgage template/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Document template' })).toBeNull();

    fireEvent.click(screen.getByLabelText('Uploaded'));
    await waitFor(() => expect(listed()).toEqual(['Scanned offer', 'deed.pdf']));
    expect(api.callsTo(UPLOADED)[0]!.body).toEqual({ entity_id: ENTITY_ID, entity_data_id: RECORD_ID });

    fireEvent.click(screen.getByLabelText('From a template'));
    await waitFor(() => expect(listed()).toEqual(['Sale agreement']));
    expect(api.callsTo(OF_TEMPLATE)[0]!.body).toEqual({
      entity_id: ENTITY_ID,
      entity_data_id: RECORD_ID,
      configurable_document_id: LEASE._id,
    });
    fireEvent.click(screen.getByRole('combobox', { name: 'Document template' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Mortgage template' }));
    await waitFor(() => expect(listed()).toEqual(['Mortgage deed']));
    expect(api.callsTo(OF_TEMPLATE).at(-1)!.body).toMatchObject({ configurable_document_id: MORTGAGE._id });

    fireEvent.click(screen.getByLabelText('All'));
    await waitFor(() => expect(listed()).toHaveLength(4));
  });

  it('says what is missing under each filter', async () => {
    const api = renderWith([signed('d2', 'Sale agreement', LEASE)]);
    expect(await screen.findByRole('link', { name: 'Sale agreement' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Uploaded'));
    expect(await screen.findByText('No uploaded documents yet.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('From a template'));
    await waitFor(() => expect(listed()).toEqual(['Sale agreement']));
    cleanup();

    const bare = renderWith([doc({})]);
    expect(await screen.findByRole('link', { name: 'deed.pdf' })).toBeTruthy();
    fireEvent.click(screen.getByLabelText('From a template'));
    expect(await screen.findByText('No documents from a template yet.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Document template' })).toBeNull();
    expect(bare.callsTo(OF_TEMPLATE)).toHaveLength(0);
    expect(api.callsTo(OF_TEMPLATE)).toHaveLength(1);
  });
});
