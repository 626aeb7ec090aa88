import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
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
import { SendEmailDialog } from './send-email-dialog';

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

staffSessionPerTest();

describe('SendEmailDialog', { timeout: 30_000 }, () => {
  it('previews the first record, sends with the chosen address and cc, then follows the progress', async () => {
    const api = installFakeApi(
      mailServer('ADMIN', [
        { status: 'RUNNING', queued: 1 },
        { status: 'DONE', queued: 2 },
      ]),
    );
    renderScreenAt(
      <SendEmailDialog opened onClose={() => {}} entityId={ENTITY_ID} recordIds={RECORDS} />,
      '*',
      '/',
    );
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
    expect(await screen.findByText(/All mails queued/, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(/2 of 2 queued/)).toBeTruthy();
    expect(screen.getByRole('link', { name: /email log/ }).getAttribute('href')).toBe('/email-log');
  });

  it('links to creating a template when the entity has none', async () => {
    installFakeApi(
      templatesServer('ADMIN', [], (call) =>
        call.path === '/api/template-fields' ? ok([field('email', 'Email')]) : undefined,
      ),
    );
    renderScreenAt(
      <SendEmailDialog opened onClose={() => {}} entityId={ENTITY_ID} recordIds={RECORDS} />,
      '*',
      '/',
    );
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
