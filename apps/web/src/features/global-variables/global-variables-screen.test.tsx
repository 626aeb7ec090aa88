import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { rowWithText } from '../../shared/testing/user-input';
import { GlobalVariablesScreen } from './global-variables-screen';
import { makeVariable, renderAt, variablesServer } from './global-variables-test-utils';

const fee = makeVariable();
const office = makeVariable({
  _id: '7a1b2c3d-0000-4000-8000-000000000002',
  label: 'Registered office',
  key: 'registered_office',
  input_type: 'SELECT',
  settings: {
    options: [
      { value: 'blr', label: 'Bengaluru' },
      { value: 'mum', label: 'Mumbai' },
    ],
  },
  value: 'blr',
  is_fixed: false,
  tags: [],
});

const rowOf = (label: string) => rowWithText('global-variable-row', label);

staffSessionPerTest();

describe('GlobalVariablesScreen', { timeout: 20_000 }, () => {
  it('lists variables with their type, value preview and tags, and searches on the server', async () => {
    const api = installFakeApi(variablesServer('ADMIN', [fee, office]));
    renderAt(<GlobalVariablesScreen />, '/global-variables', '/global-variables');
    await screen.findByText('Booking fee');
    const feeRow = rowOf('Booking fee');
    expect(within(feeRow).getByText('Currency')).toBeTruthy();
    expect(within(feeRow).getByText('₹25,000.00')).toBeTruthy();
    expect(within(feeRow).getByText('Finance')).toBeTruthy();
    expect(within(feeRow).getByText('Fixed')).toBeTruthy();
    expect(within(rowOf('Registered office')).getByText('Bengaluru')).toBeTruthy();
    expect(within(feeRow).getByRole('link', { name: 'View' }).getAttribute('href')).toBe(
      `/global-variables/view/${fee._id}`,
    );
    expect(screen.getByRole('link', { name: 'New variable' }).getAttribute('href')).toBe(
      '/global-variables/add',
    );
    expect(api.callsTo('/api/global-variables')[0]?.url).toBe('/api/global-variables?page=1&limit=10');

    fireEvent.change(screen.getByLabelText('Search variables'), { target: { value: 'fee' } });
    await waitFor(() => expect(api.callsTo('/api/global-variables').at(-1)?.url).toContain('search=fee'));
  });

  it('filters by tag', async () => {
    const api = installFakeApi(variablesServer('ADMIN', [fee]));
    renderAt(<GlobalVariablesScreen />, '/global-variables', '/global-variables');
    await screen.findByText('Booking fee');
    fireEvent.click(screen.getByPlaceholderText('All tags'));
    fireEvent.click(await screen.findByRole('option', { name: 'Finance' }));
    await waitFor(() => expect(api.callsTo('/api/global-variables').at(-1)?.url).toContain('tags=Finance'));
  });

  it('shows the standard variables on their own tab', async () => {
    const standard = makeVariable({
      _id: '6a0b7a11-0000-4000-8000-000000000001',
      type: 'STANDARD',
      company_id: null,
      label: 'Company name',
      key: 'company_name',
      input_type: 'SINGLE_LINE_TEXT',
      settings: {},
      value: 'Acme Realty',
      tags: [],
    });
    installFakeApi(
      variablesServer('ADMIN', [fee], (call) =>
        call.path === '/api/standard/global-variables' ? ok([standard]) : undefined,
      ),
    );
    renderAt(<GlobalVariablesScreen />, '/global-variables', '/global-variables');
    await screen.findByText('Booking fee');
    fireEvent.click(screen.getByText('Standard variables'));
    await screen.findByText('Acme Realty');
    expect(within(rowOf('Company name')).queryByRole('button', { name: /More actions/ })).toBeNull();
    // The search and the tags narrow the company's variables only.
    expect(screen.queryByLabelText('Search variables')).toBeNull();
    expect(screen.queryByLabelText('Filter by tags')).toBeNull();
  });

  it('shows an empty state', async () => {
    installFakeApi(variablesServer('ADMIN', []));
    renderAt(<GlobalVariablesScreen />, '/global-variables', '/global-variables');
    expect(await screen.findByText('No global variables yet')).toBeTruthy();
  });

  it('deletes after asking, and keeps a refusal visible in the dialog', async () => {
    let attempt = 0;
    const api = installFakeApi(
      variablesServer('ADMIN', [fee], (call) => {
        if (call.method !== 'DELETE') return undefined;
        attempt += 1;
        return attempt === 1
          ? fail(409, 'Booking fee cannot be deleted: the form template Sale deed shows it.')
          : ok({ _id: fee._id });
      }),
    );
    renderAt(<GlobalVariablesScreen />, '/global-variables', '/global-variables');
    await screen.findByText('Booking fee');
    fireEvent.click(
      within(rowOf('Booking fee')).getByRole('button', { name: 'More actions for Booking fee' }),
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText(/Sale deed shows it/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`/api/global-variables/${fee._id}`, 'DELETE')).toHaveLength(2));
    await screen.findByText('Booking fee deleted');
  });

  it('offers a MANAGER only viewing, and a MEMBER the no-access message', async () => {
    installFakeApi(variablesServer('MANAGER', [fee]));
    renderAt(<GlobalVariablesScreen />, '/global-variables', '/global-variables');
    await screen.findByText('Booking fee');
    expect(screen.queryByRole('link', { name: 'New variable' })).toBeNull();
    expect(within(rowOf('Booking fee')).queryByRole('button', { name: /More actions/ })).toBeNull();
    cleanup();

    installFakeApi(
      variablesServer('MEMBER', [], (call) =>
        call.path === '/api/global-variables'
          ? fail(403, 'You do not have permission to do this')
          : undefined,
      ),
    );
    renderAt(<GlobalVariablesScreen />, '/global-variables', '/global-variables');
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });
});
