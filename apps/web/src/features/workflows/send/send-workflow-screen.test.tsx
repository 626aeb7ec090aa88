import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../../shared/testing/test-session';
import { withPermissions } from '../../team/team-test-utils';
import { INSTANCE_ID, makeInstance, renderWorkflowsAt } from '../workflows-test-utils';
import { SendWorkflowScreen } from './send-workflow-screen';

staffSessionPerTest();

const contact = (id: string, first: string, email: string) => ({
  _id: id,
  contact_id: id,
  email,
  first_name: first,
  last_name: 'Rao',
  name: `${first} Rao`,
  account_name: '',
  contact_type: 'Tenant',
});

describe('SendWorkflowScreen', { timeout: 60_000 }, () => {
  it('adds contacts to the draft packet, sends the batch and shows its progress', async () => {
    let sent = false;
    const draft = makeInstance({ status: 'DRAFT', primary: null, sent_at: null, timeline: [] });
    const api = installFakeApi(
      withPermissions('ADMIN', (call) => {
        if (call.path === `/api/workflow-data/${INSTANCE_ID}`) return ok(sent ? makeInstance() : draft);
        if (call.path === '/api/contact-users') return ok([contact('c1', 'Asha', 'asha@example.com')]);
        if (call.path === '/api/addWorkflow-contacts') return ok([draft]);
        if (call.path === '/api/documents/send-workflow') {
          sent = true;
          return ok({ batch_id: 'b1', total: 1, sent: 0, failed: 0, status: 'QUEUED' });
        }
        return undefined;
      }),
    );
    renderWorkflowsAt(
      <SendWorkflowScreen />,
      '/workflow/send/:workflow_data_id',
      `/workflow/send/${INSTANCE_ID}`,
    );
    const send = await screen.findByRole('button', { name: 'Send to 0 contacts' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByTestId('instance-step')).toHaveLength(2);

    const input = screen.getByLabelText('Contacts');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'as' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Asha Rao asha@example.com' }));
    expect(await screen.findByTestId('chosen-contact')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send to 1 contact' }));

    expect(await screen.findByTestId('send-progress')).toBeTruthy();
    expect(api.callsTo('/api/addWorkflow-contacts', 'POST')[0]?.body).toEqual({
      workflow_data_id: INSTANCE_ID,
      contact_ids: ['c1'],
    });
    expect(api.callsTo('/api/documents/send-workflow', 'POST')[0]?.body).toEqual({
      workflow_data_id: INSTANCE_ID,
      whole_batch: true,
    });
    await waitFor(() => expect(screen.getByText('Sent')).toBeTruthy());
  });
});
