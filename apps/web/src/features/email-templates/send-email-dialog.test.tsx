import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { fakeSockets } from '../../shared/testing/fake-socket';
import { renderScreenAt } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { RecordSelectionActions } from '../entities/record-actions-menu';
import {
  ENTITY_ID,
  RECORD_ID,
  TEMPLATE_ID,
  makeTemplate,
  templatesServer,
} from './email-templates-test-utils';
import { RECORD_MAILS_PROGRESS_EVENT } from './batch-progress';
import type { GridMatch } from './grid-match';
import { SendEmailDialog } from './send-email-dialog';

vi.mock('socket.io-client', async () => (await import('../../shared/testing/fake-socket')).fakeSocketIo);

/** The server's `record-mails.progress` event of mailing b1, to every socket the app opened. */
const progressEvent = (status: string, queued: number, total = 2) =>
  act(() => {
    for (const socket of fakeSockets)
      socket.emitFromServer(RECORD_MAILS_PROGRESS_EVENT, {
        batch_id: 'b1',
        status,
        total,
        queued,
        skipped: 0,
      });
  });

const field = (key: string, label: string) => ({
  ref: `t1#${key}`,
  template_id: 't1',
  template_name: 'Tenant',
  key,
  label,
  type: 'EMAIL',
  is_primary: true,
  required: false,
});

function mailServer(userType: 'ADMIN' | 'MEMBER', reads: { status: string; queued: number }[]): FakeHandler {
  let read = 0;
  return templatesServer(userType, [makeTemplate()], (call) => {
    if (call.path === '/api/template-fields')
      return ok([field('email', 'Email'), field('work_email', 'Work email')]);
    if (call.path === '/api/entities/emails')
      return ok({ batch_id: 'b1', status: 'QUEUED', total: 2, queued: 0, skipped: 0 });
    if (call.path === '/api/entities/emails/b1') {
      const now = reads[Math.min(read++, reads.length - 1)]!;
      return ok({ batch_id: 'b1', total: 2, skipped: 0, ...now });
    }
    if (call.path === '/api/entity-email-template/preview') {
      return ok({ subject: 'Welcome Jane', html: '<p>Hi Jane</p>', text: 'Hi Jane', empty_fields: [] });
    }
    if (call.path === `/api/entities/${ENTITY_ID}`)
      return ok({ _id: ENTITY_ID, name: 'Tenants', templates: [] });
    return undefined;
  });
}

const RECORDS = [RECORD_ID, '7e1b2c3d-0000-4000-8000-000000000002'];

/** The dialog for RECORDS, in a records grid whose current query is `matching` when given. */
const renderDialog = (matching?: GridMatch) =>
  renderScreenAt(
    <SendEmailDialog
      opened
      onClose={() => {}}
      entityId={ENTITY_ID}
      recordIds={RECORDS}
      matching={matching}
    />,
    '*',
    '/',
  );

staffSessionPerTest();
beforeEach(() => {
  fakeSockets.length = 0;
});

describe('SendEmailDialog', { timeout: 90_000 }, () => {
  it('previews the first record, sends with the chosen address and cc, then follows the progress from the socket', async () => {
    // A read of the mailing would only ever say RUNNING: DONE can come from the socket alone.
    const api = installFakeApi(mailServer('ADMIN', [{ status: 'RUNNING', queued: 1 }]));
    renderDialog();
    fireEvent.click(await screen.findByPlaceholderText('Choose a template'));
    fireEvent.click(await screen.findByRole('option', { name: 'Welcome tenant' }));
    fireEvent.click(await screen.findByPlaceholderText('Tenant: Email'));
    fireEvent.click(await screen.findByRole('option', { name: 'Tenant: Work email' }));
    const cc = screen.getByPlaceholderText('Add an address and press Enter');
    cc.focus();
    fireEvent.change(cc, { target: { value: 'boss@acme.test' } });
    fireEvent.keyDown(cc, { key: 'Enter' });
    expect(await screen.findByText('boss@acme.test')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Preview with the first record' }));
    expect(await screen.findByText('Welcome Jane')).toBeTruthy();
    expect(api.callsTo('/api/entity-email-template/preview')[0]?.body).toEqual({
      id: TEMPLATE_ID,
      record_id: RECORD_ID,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.callsTo('/api/entities/emails')[0]?.body).toEqual({
        entity_id: ENTITY_ID,
        template_id: TEMPLATE_ID,
        record_ids: RECORDS,
        cc: ['boss@acme.test'],
        to_field: 't1#work_email',
      }),
    );
    expect(await screen.findByText(/Queueing the mails…: 0 of 2 queued/)).toBeTruthy();
    await waitFor(() => expect(fakeSockets.length).toBeGreaterThan(0));
    progressEvent('RUNNING', 1);
    expect(await screen.findByText(/Queueing the mails…: 1 of 2 queued/)).toBeTruthy();
    // Another mailing's event changes nothing.
    act(() => {
      for (const socket of fakeSockets)
        socket.emitFromServer(RECORD_MAILS_PROGRESS_EVENT, {
          batch_id: 'b2',
          status: 'DONE',
          total: 9,
          queued: 9,
          skipped: 0,
        });
    });
    expect(screen.getByText(/1 of 2 queued/)).toBeTruthy();
    progressEvent('DONE', 2);
    expect(await screen.findByText(/All mails queued: 2 of 2 queued/)).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Mails queued' }).getAttribute('aria-valuenow')).toBe(
      '100',
    );
    expect(screen.getByRole('link', { name: /email log/ }).getAttribute('href')).toBe('/email-log');
  });

  it("sends to all the records matching the grid's filter and search", async () => {
    const api = installFakeApi(mailServer('ADMIN', [{ status: 'RUNNING', queued: 0 }]));
    const filters = {
      match: 'ALL' as const,
      rules: [{ field: 't1#rent', operator: 'GREATER_THAN' as const, value: 2 }],
    };
    renderDialog({ filters, filter_id: 'f1', search: 'an', total: 57, capped: false });
    expect(await screen.findByRole('dialog', { name: 'Send email to 2 records' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'All 57 records matching the current filter' }));
    expect(await screen.findByRole('dialog', { name: 'Send email to all 57 matching records' })).toBeTruthy();
    fireEvent.click(await screen.findByPlaceholderText('Choose a template'));
    fireEvent.click(await screen.findByRole('option', { name: 'Welcome tenant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(api.callsTo('/api/entities/emails')[0]?.body).toEqual({
        entity_id: ENTITY_ID,
        template_id: TEMPLATE_ID,
        all: true,
        filters,
        filter_id: 'f1',
        search: 'an',
        cc: [],
      }),
    );
  });

  it('cannot send to all when more records match than one mailing takes, and says how to narrow them', async () => {
    installFakeApi(mailServer('ADMIN', []));
    renderDialog({ total: 10_000, capped: true });
    const all = await screen.findByRole('radio', { name: 'All over 10,000 matching records' });
    expect((all as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/narrow them with a filter or a search/)).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'The 2 selected records' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it("shows the server's refusal of an empty match on the choice", async () => {
    installFakeApi(
      templatesServer('ADMIN', [makeTemplate()], (call) => {
        if (call.path === '/api/template-fields') return ok([field('email', 'Email')]);
        if (call.path === '/api/entities/emails')
          return invalid({ all: 'No records match: nothing to mail' });
        return undefined;
      }),
    );
    renderDialog({ search: 'zz', total: 3, capped: false });
    fireEvent.click(await screen.findByRole('radio', { name: 'All 3 records matching the current filter' }));
    fireEvent.click(await screen.findByPlaceholderText('Choose a template'));
    fireEvent.click(await screen.findByRole('option', { name: 'Welcome tenant' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('No records match: nothing to mail')).toBeTruthy();
    expect(screen.queryByText('Validation failed')).toBeNull();
  });

  it('links to creating a template when the entity has none', async () => {
    installFakeApi(
      templatesServer('ADMIN', [], (call) =>
        call.path === '/api/template-fields' ? ok([field('email', 'Email')]) : undefined,
      ),
    );
    renderDialog();
    const link = await screen.findByRole('link', { name: 'Create one' });
    expect(link.getAttribute('href')).toBe(`/email-template/create?entity_id=${ENTITY_ID}`);
  });

  it('shows "Send email" in the selection bar only with the right to send', async () => {
    installFakeApi(mailServer('ADMIN', []));
    renderScreenAt(<RecordSelectionActions entityId={ENTITY_ID} ids={RECORDS} />, '*', '/');
    expect(await screen.findByRole('button', { name: 'Send email' })).toBeTruthy();
  });

  it('hides "Send email" from a user type without the right', async () => {
    installFakeApi(mailServer('MEMBER', []));
    renderScreenAt(<RecordSelectionActions entityId={ENTITY_ID} ids={RECORDS} />, '*', '/');
    await screen.findByRole('button', { name: 'Print' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Send email' })).toBeNull());
  });
});
