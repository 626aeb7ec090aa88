import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TUpdateFormBuilderRequest } from '@esigns/contracts/form-builders';
import { installFakeApi, ok } from '../../../shared/testing/fake-api';
import { layoutPerTest } from '../../../shared/testing/layout-stubs';
import { staffSessionPerTest } from '../../../shared/testing/test-session';
import { makeCompanyUser } from '../../team/team-test-utils';
import { FORM_ID, STEP_IDS, formServer, makeFormBuilder, renderFormsAt } from '../form-builders-test-utils';
import { FormBuilderScreen } from './form-builder-screen';

// Layout first: its stubs (document.fonts for autosizing textareas) must outlive the unmount.
layoutPerTest({ windowWidth: 1280 });
staffSessionPerTest();

const CONTACT_TYPE_ID = '7c1b2c3d-0000-4000-8000-000000000001';
const tab = (name: RegExp) => fireEvent.click(screen.getByRole('tab', { name }));

describe('FormBuilderScreen settings', { timeout: 60_000 }, () => {
  it('saves who fills it, limits, an approval chain and reminders', async () => {
    const form = makeFormBuilder();
    const grace = makeCompanyUser();
    const api = installFakeApi(
      formServer('ADMIN', (call) => {
        if (call.path === `/api/formBuilders/${FORM_ID}`) return ok(form);
        if (call.path === '/api/contact-types')
          return ok([
            { _id: CONTACT_TYPE_ID, name: 'Tenant', contact_count: 3, created_at: '', updated_at: '' },
          ]);
        if (call.path.startsWith('/api/getAllCompanyUsers/')) return ok([grace]);
        if (call.path === '/api/formBuilders' && call.method === 'PUT') return ok({ ...form, version: 3 });
        return undefined;
      }),
    );
    renderFormsAt(<FormBuilderScreen />, '/formBuilders/:form_builder_id', `/formBuilders/${FORM_ID}`);
    await screen.findAllByTestId('form-step');

    tab(/Who fills it/);
    fireEvent.click(screen.getByLabelText(/^Contacts/));
    fireEvent.click(await screen.findByRole('combobox', { name: 'Contact type' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Tenant' }));

    tab(/Sharing/);
    fireEvent.click(screen.getByLabelText(/^Secure access/));
    fireEvent.click(screen.getByLabelText(/^One entry per person/));
    fireEvent.change(screen.getByLabelText(/^Most entries in total/), { target: { value: '250' } });

    tab(/Approvals/);
    fireEvent.click(screen.getByRole('button', { name: 'Add approval level' }));
    const level = await screen.findByTestId('approval-level');
    fireEvent.click(within(level).getByRole('combobox', { name: 'Level 1 approver 1' }));
    fireEvent.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    fireEvent.click(within(level).getByRole('button', { name: 'Add approver' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'The email typed in a field' }));
    fireEvent.change(within(level).getByLabelText('Level 1 approver 2: step'), {
      target: { value: STEP_IDS[0] },
    });
    const emailField = within(level).getByLabelText('Level 1 approver 2: email field');
    await waitFor(() => expect(within(emailField).getByRole('option', { name: 'Email' })).toBeTruthy());
    fireEvent.change(emailField, { target: { value: 'email' } });
    fireEvent.click(within(level).getByText('All approve'));
    fireEvent.click(within(level).getByLabelText(/sends the entry back/));

    tab(/Reminders/);
    fireEvent.click(screen.getByLabelText(/^Send reminders/));
    fireEvent.change(screen.getByLabelText('First after (days)'), { target: { value: '3' } });
    fireEvent.change(screen.getByLabelText(/^Thank-you message/), { target: { value: 'We will call you.' } });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('/api/formBuilders', 'PUT')).toHaveLength(1));
    const body = api.callsTo('/api/formBuilders', 'PUT')[0]?.body as TUpdateFormBuilderRequest;
    expect(body.owner_type).toBe('CONTACTS');
    expect(body.settings).toMatchObject({
      contact_type_id: CONTACT_TYPE_ID,
      secure_access: true,
      one_per_person: true,
      max_submissions: 250,
      thank_you_message: 'We will call you.',
      reminders: { enabled: true, first_after_days: 3 },
      approval_levels: [
        {
          rule: 'ALL',
          send_back_on_reject: true,
          approvers: [
            { kind: 'COMPANY_USER', user_id: grace.user_id },
            { kind: 'FIELD_EMAIL', step_id: STEP_IDS[0], field: 'email' },
          ],
        },
      ],
    });
  });
});
