import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { makeFile } from '../documents/documents-test-utils';
import { BulkSendDialog } from './bulk-send-dialog';
import { makeTemplateRow } from './templates-test-utils';
import { staffSessionPerTest } from '../../shared/testing/test-session';

const row = makeTemplateRow();
const BULK_ID = '9b1b2c3d-0000-4000-8000-000000000009';

function chooseSheet(file: File) {
  fireEvent.change(screen.getByLabelText('Choose the sheet to send'), { target: { files: [file] } });
}

staffSessionPerTest();

describe('BulkSendDialog', { timeout: 20_000 }, () => {
  it('downloads the sample, sends the sheet and follows the progress until done with the failed rows', async () => {
    let polls = 0;
    const api = installFakeApi((call) => {
      if (call.path === `/api/document-templates/${row._id}/bulk-send/sample`) {
        return new Response('Buyer Email,Buyer First Name\n', {
          status: 200,
          headers: { 'content-type': 'text/csv' },
        });
      }
      if (call.path === `/api/document-templates/${row._id}/bulk-send/preview`)
        return ok({
          total: 4,
          rows: [
            {
              row: 2,
              name: 'Sale deed - Asha Rao',
              recipients: [{ role: 'Buyer', name: 'Asha Rao', email: 'asha@example.com' }],
            },
          ],
        });
      if (call.path === `/api/document-templates/${row._id}/bulk-send`)
        return ok({ bulk_send_id: BULK_ID, total: 4 });
      if (call.path === `/api/bulk-sends/${BULK_ID}`) {
        polls += 1;
        return polls === 1
          ? ok({ status: 'RUNNING', total: 4, sent: 1, failed: 0, errors: [] })
          : ok({
              status: 'DONE',
              total: 4,
              sent: 3,
              failed: 1,
              errors: [{ row: 3, message: 'Buyer Email is not valid' }],
            });
      }
      return undefined;
    });
    renderWithProviders(<BulkSendDialog row={row} onClose={() => {}} pollMs={5} />);

    fireEvent.click(await screen.findByRole('button', { name: 'Download sample CSV' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/document-templates/${row._id}/bulk-send/sample`)).toHaveLength(1),
    );

    expect(screen.getByRole('button', { name: 'Check the sheet' })).toHaveProperty('disabled', true);
    chooseSheet(makeFile('people.csv', 'text/csv'));
    expect(screen.getByText('people.csv')).toBeTruthy();
    // Checked and previewed first: nothing is sent until the sender confirms what they saw.
    fireEvent.click(screen.getByRole('button', { name: 'Check the sheet' }));
    const preview = await screen.findByTestId('bulk-preview');
    expect(within(preview).getByText('4 documents will be sent')).toBeTruthy();
    expect(within(preview).getByText('Sale deed - Asha Rao')).toBeTruthy();
    expect(within(preview).getByText('Buyer: Asha Rao <asha@example.com>')).toBeTruthy();
    expect(within(preview).getByText('and 3 more rows')).toBeTruthy();
    expect(api.callsTo(`/api/document-templates/${row._id}/bulk-send`)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Send 4 documents' }));

    const progress = await screen.findByTestId('bulk-progress');
    await waitFor(() => expect(within(progress).getByText('Bulk send finished')).toBeTruthy());
    expect(within(progress).getByText('4 of 4 processed')).toBeTruthy();
    expect(within(progress).getByText('3 sent')).toBeTruthy();
    expect(within(progress).getByText('1 failed')).toBeTruthy();
    expect(
      within(progress).getByRole('progressbar', { name: 'Bulk send progress' }).getAttribute('aria-valuenow'),
    ).toBe('100');
    const failures = within(progress).getByRole('table', { name: 'Rows that failed' });
    expect(within(failures).getByText('Buyer Email is not valid')).toBeTruthy();

    const body = api.callsTo(`/api/document-templates/${row._id}/bulk-send`)[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(((body as FormData).get('file') as File).name).toBe('people.csv');
    // Polling stops once the bulk send is done.
    const pollsWhenDone = polls;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(polls).toBe(pollsWhenDone);
  });

  it('refuses other file types in the browser and shows the sheet problems the server finds', async () => {
    const api = installFakeApi((call) =>
      call.path === `/api/document-templates/${row._id}/bulk-send/preview`
        ? invalid({
            'rows.2.Buyer Email': 'Enter a valid email address',
            columns: 'The column Seller Email is missing',
          })
        : undefined,
    );
    renderWithProviders(<BulkSendDialog row={row} onClose={() => {}} pollMs={5} />);
    chooseSheet(makeFile('people.pdf', 'application/pdf'));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose a CSV or XLSX file.');
    expect(api.callsTo(`/api/document-templates/${row._id}/bulk-send/preview`)).toHaveLength(0);

    chooseSheet(makeFile('people.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
    fireEvent.click(screen.getByRole('button', { name: 'Check the sheet' }));
    const problems = await screen.findByRole('alert');
    expect(within(problems).getByText('Row 2, Buyer Email: Enter a valid email address')).toBeTruthy();
    expect(within(problems).getByText('The column Seller Email is missing')).toBeTruthy();
    expect(screen.queryByTestId('bulk-progress')).toBeNull();
  });
});
