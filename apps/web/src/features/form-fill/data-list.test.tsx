import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { rowWithText } from '../../shared/testing/user-input';
import { withPermissions } from '../team/team-test-utils';
import {
  CODE,
  FORM_ID,
  STEP_A,
  STEP_C,
  makeStaffForm,
  makeSubmission,
  renderFill,
} from './form-fill-test-utils';

staffSessionPerTest();

const ravi = makeSubmission({
  _id: 'd-ravi',
  status: 'SUBMITTED',
  submitted_at: '2026-11-20T11:00:00.000Z',
  steps: makeSubmission().steps.map((s) => ({
    ...s,
    status: s.step_id === STEP_C ? 'SKIPPED' : 'COMPLETED',
  })),
});
const asha = makeSubmission({
  _id: 'd-asha',
  filler: { kind: 'CONTACT', id: 'c1', email: 'asha@example.com', name: 'Asha Rao' },
  steps: makeSubmission().steps.map((s) => (s.step_id === STEP_A ? { ...s, status: 'COMPLETED' } : s)),
});

function server(next: FakeHandler = () => undefined): FakeHandler {
  return withPermissions('ADMIN', (call) => {
    if (call.path === `/api/formBuilders/code/${CODE}`) return ok(makeStaffForm());
    if (call.path === '/api/formbuilder-data' && call.method === 'GET') {
      return ok({ data: [ravi, asha], total: 2, page: 1, total_pages: 1 });
    }
    if (call.path === '/api/formbuilders-batch') {
      const batch = {
        _id: 'b1',
        status: 'RUNNING',
        total: 40,
        sent: 10,
        failed: 0,
        progress: 25,
        message: '',
      };
      return ok({
        data: [{ ...batch, created_at: '2026-11-20T11:00:00.000Z', finished_at: null }],
        total: 1,
        page: 1,
        total_pages: 1,
      });
    }
    return next(call);
  });
}

const rowOf = (name: string) => rowWithText('entry-row', name);

describe('the entries of a form', { timeout: 20_000 }, () => {
  it('lists entries with their step progress, filters by status and shows a send under way', async () => {
    const api = installFakeApi(server());
    renderFill(`/fbd/${CODE}/data-list`);
    await screen.findByText('Asha Rao');
    expect(within(rowOf('Ravi Kumar')).getByText('2 of 2 steps')).toBeTruthy();
    expect(within(rowOf('Asha Rao')).getByText('1 of 3 steps')).toBeTruthy();
    expect(within(rowOf('Ravi Kumar')).getByText('Submitted')).toBeTruthy();
    expect(api.callsTo('/api/formbuilder-data')[0]?.url).toContain(`formbuilder_details_id=${FORM_ID}`);
    expect((await screen.findByTestId('batch-progress')).textContent).toContain('Sending to 40 people');

    fireEvent.change(screen.getByLabelText('Search entries'), { target: { value: 'asha' } });
    await waitFor(() => expect(api.callsTo('/api/formbuilder-data').at(-1)?.url).toContain('search=asha'));
  });

  it('exports CSV in the browser zone, resends a link and deletes the selected entries', async () => {
    const saved = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: saved, revokeObjectURL: vi.fn() }));
    const api = installFakeApi(
      server((call) => {
        if (call.path === '/api/export') {
          return new Response('name\nRavi', {
            status: 200,
            headers: {
              'content-type': 'text/csv',
              'content-disposition': 'attachment; filename="Site visit request.csv"',
            },
          });
        }
        if (call.path === '/api/wh/formbuilders/d-asha') return ok({ email: 'asha@example.com' });
        if (call.path === '/api/formbuilder-data/delete-many') return ok({ deleted: 2 });
        return undefined;
      }),
    );
    renderFill(`/fbd/${CODE}/data-list`);
    await screen.findByText('Asha Rao');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const [exported] = api.callsTo('/api/export', 'POST');
    expect(exported?.url).toMatch(/\/api\/export\?tz=/);
    expect(exported?.body).toEqual({ formbuilder_details_id: FORM_ID });

    fireEvent.click(within(rowOf('Asha Rao')).getByRole('button', { name: /More actions/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Resend the link' }));
    expect(await screen.findByText('Link sent again to Asha Rao')).toBeTruthy();

    fireEvent.click(screen.getByLabelText('Select all rows'));
    fireEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('/api/formbuilder-data/delete-many')).toHaveLength(1));
    expect(api.callsTo('/api/formbuilder-data/delete-many')[0]?.body).toEqual({ ids: ['d-ravi', 'd-asha'] });
  });

  it('sends the form to emails as one batch', async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/formbuilder-data/send' ? ok({ batch_id: 'b2', total: 2, skipped: 0 }) : undefined,
      ),
    );
    renderFill(`/fbd/${CODE}/data-list`);
    fireEvent.click(await screen.findByRole('button', { name: 'Send form' }));
    fireEvent.change(await screen.findByLabelText(/^Email addresses/), {
      target: { value: 'a@example.com, nope' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('nope is not an email address')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^Email addresses/), {
      target: { value: 'a@example.com\nB@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Sending the form to 2 people')).toBeTruthy();
    expect(api.callsTo('/api/formbuilder-data/send')[0]?.body).toEqual({
      formbuilder_details_id: FORM_ID,
      emails: ['a@example.com', 'b@example.com'],
      contact_ids: [],
    });
  });
});

describe("a form's sends", { timeout: 20_000 }, () => {
  it('cancels a send under way and retries the people a finished send failed', async () => {
    const batches = [
      { _id: 'b1', status: 'RUNNING', total: 40, sent: 10, failed: 0, progress: 25, message: '' },
      {
        _id: 'b0',
        status: 'DONE',
        total: 5,
        sent: 3,
        failed: 2,
        progress: 100,
        message: 'x@example.com: refused',
        retry_batch_id: null,
      },
    ].map((b) => ({ ...b, created_at: '2026-11-20T11:00:00.000Z', finished_at: null }));
    const inner = server();
    const api = installFakeApi((call) => {
      if (call.path === '/api/formbuilders-batch')
        return ok({ data: batches, total: 2, page: 1, total_pages: 1 });
      if (call.path === '/api/formbuilders-batch/b1/cancel') {
        batches[0] = { ...batches[0]!, status: 'CANCELLED' };
        return ok(batches[0]);
      }
      if (call.path === '/api/formbuilders-batch/b0/retry')
        return ok({ batch_id: 'b2', total: 2, skipped: 0 });
      return inner(call);
    });
    renderFill(`/fbd/${CODE}/data-list`);
    const progress = await screen.findByTestId('batch-progress');
    fireEvent.click(await within(progress).findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(api.callsTo('/api/formbuilders-batch/b1/cancel')).toHaveLength(1));
    expect(await screen.findByText(/Send cancelled/)).toBeTruthy();
    fireEvent.click(await within(progress).findByRole('button', { name: 'Retry failed' }));
    await waitFor(() => expect(api.callsTo('/api/formbuilders-batch/b0/retry')).toHaveLength(1));
    expect(await screen.findByText('Sending again to 2 people')).toBeTruthy();
  });
});
