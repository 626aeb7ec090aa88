import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { makeVariable, renderAt, variablesServer } from './global-variables-test-utils';
import { AddVariableScreen, ViewVariableScreen } from './variable-screens';

const ADD = ['/global-variables/add', '/global-variables/add'] as const;
const VIEW = '/global-variables/view/:global_variable_id';

staffSessionPerTest();

async function chooseType(label: string) {
  fireEvent.click(screen.getByRole('combobox', { name: /^Type/ }));
  fireEvent.click(await screen.findByRole('option', { name: label }));
}

describe('AddVariableScreen', { timeout: 20_000 }, () => {
  it('checks the value in the browser, then creates the variable and opens it', async () => {
    const created = makeVariable({
      input_type: 'NUMBER',
      value: 1200,
      label: 'Plot size',
      settings: { decimals: 0 },
    });
    const api = installFakeApi(
      variablesServer('ADMIN', [], (call) =>
        call.method === 'POST' && call.path === '/api/global-variables' ? ok(created) : undefined,
      ),
    );
    const router = renderAt(<AddVariableScreen />, ...ADD);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Label' }), {
      target: { value: 'Plot size' },
    });
    await chooseType('Number');
    const value = screen.getByRole('textbox', { name: 'Value' });
    fireEvent.change(value, { target: { value: 'twelve' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create variable' }));
    expect(await screen.findByText('Enter a number')).toBeTruthy();
    expect(api.callsTo('/api/global-variables', 'POST')).toHaveLength(0);

    fireEvent.change(value, { target: { value: '1,200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create variable' }));
    await screen.findByTestId('view-screen');
    expect(router.state.location.pathname).toBe(`/global-variables/view/${created._id}`);
    expect(api.callsTo('/api/global-variables', 'POST')[0]?.body).toMatchObject({
      label: 'Plot size',
      input_type: 'NUMBER',
      value: 1200,
      is_fixed: false,
      tags: [],
    });
  });

  it('puts the server\u2019s 422 details on their fields and creates new tags', async () => {
    const api = installFakeApi(
      variablesServer('ADMIN', [], (call) => {
        if (call.path === '/api/global-variable-tags' && call.method === 'POST') {
          return ok({ _id: 't2', name: 'Legal', variables_count: 0, created_at: '2026-03-01T10:00:00.000Z' });
        }
        return call.method === 'POST' && call.path === '/api/global-variables'
          ? invalid({ label: 'Another variable is already called Office' })
          : undefined;
      }),
    );
    renderAt(<AddVariableScreen />, ...ADD);
    fireEvent.change(await screen.findByRole('textbox', { name: 'Label' }), { target: { value: 'Office' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Value' }), { target: { value: 'MG Road' } });
    const tags = screen.getByRole('combobox', { name: /^Tags/ });
    tags.focus();
    fireEvent.change(tags, { target: { value: 'Legal' } });
    fireEvent.keyDown(tags, { key: 'Enter' });
    await waitFor(() =>
      expect(api.callsTo('/api/global-variable-tags', 'POST')[0]?.body).toEqual({ name: 'Legal' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create variable' }));
    expect(await screen.findByText('Another variable is already called Office')).toBeTruthy();
    expect(api.callsTo('/api/global-variables', 'POST')[0]?.body).toMatchObject({
      tags: ['Legal'],
      value: 'MG Road',
    });
  });

  it('edits the options of a select and offers them as the value', async () => {
    installFakeApi(variablesServer('ADMIN', []));
    renderAt(<AddVariableScreen />, ...ADD);
    await screen.findByRole('textbox', { name: 'Label' });
    await chooseType('Select');
    fireEvent.change(screen.getByRole('textbox', { name: 'Option 1 value' }), { target: { value: 'North' } });
    fireEvent.click(screen.getByRole('combobox', { name: /^Value/ }));
    expect(await screen.findByRole('option', { name: 'North' })).toBeTruthy();
  });

  it('tells a MANAGER they cannot add variables', async () => {
    installFakeApi(variablesServer('MANAGER', []));
    renderAt(<AddVariableScreen />, ...ADD);
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });
});

describe('ViewVariableScreen', { timeout: 20_000 }, () => {
  const fee = makeVariable();
  const path = `/global-variables/view/${fee._id}`;

  it('shows the variable and saves an edit', async () => {
    const api = installFakeApi(
      variablesServer('ADMIN', [fee], (call) =>
        call.method === 'PATCH'
          ? ok({ ...fee, value: 30000, updated_at: '2026-03-05T10:00:00.000Z' })
          : undefined,
      ),
    );
    renderAt(<ViewVariableScreen />, VIEW, path);
    expect(await screen.findByRole('heading', { name: 'Booking fee' })).toBeTruthy();
    expect(screen.getByText('₹25,000.00')).toBeTruthy();
    expect(screen.getByText('booking_fee')).toBeTruthy();
    expect(screen.getByText('Charged on every booking')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const value = await screen.findByRole('textbox', { name: 'Value' });
    expect((value as HTMLInputElement).value).toBe('25000');
    fireEvent.change(value, { target: { value: '₹30,000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('₹30,000.00')).toBeTruthy();
    expect(api.callsTo(`/api/global-variables/${fee._id}`, 'PATCH')[0]?.body).toMatchObject({
      label: 'Booking fee',
      input_type: 'CURRENCY',
      value: 30000,
      tags: ['Finance'],
      is_fixed: true,
    });
  });

  it('deletes and goes back to the list', async () => {
    installFakeApi(
      variablesServer('ADMIN', [fee], (call) =>
        call.method === 'DELETE' ? ok({ _id: fee._id }) : undefined,
      ),
    );
    const router = renderAt(<ViewVariableScreen />, VIEW, path);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByTestId('list-screen');
    expect(router.state.location.pathname).toBe('/global-variables');
  });

  it('shows a standard variable read-only, and an unknown one as not found', async () => {
    const standard = makeVariable({
      _id: '6a0b7a11-0000-4000-8000-000000000001',
      type: 'STANDARD',
      label: 'Company name',
      input_type: 'SINGLE_LINE_TEXT',
      value: 'Acme',
      settings: {},
    });
    installFakeApi(variablesServer('ADMIN', [standard]));
    renderAt(<ViewVariableScreen />, VIEW, `/global-variables/view/${standard._id}`);
    expect(await screen.findByText('Standard · from the company')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    cleanup();

    installFakeApi(
      variablesServer('ADMIN', [], (call) =>
        call.method === 'GET' && call.path.startsWith('/api/global-variables/7')
          ? fail(404, 'Global variable not found')
          : undefined,
      ),
    );
    renderAt(<ViewVariableScreen />, VIEW, path);
    expect(await screen.findByText('Global variable not found')).toBeTruthy();
  });
});
