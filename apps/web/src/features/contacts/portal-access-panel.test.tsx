import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  fail,
  installFakeApi,
  invalid,
  ok,
  shellHandler,
  type FakeCall,
} from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { formatDate } from '../../shared/format/date';
import { makeEntity, makeRecord } from '../entities/entities-test-utils';
import { makeFormTemplate } from '../form-templates/form-templates-test-utils';
import { paged } from '../team/team-test-utils';
import { PortalAccessPanel } from './portal-access-panel';

staffSessionPerTest();

const access = (status: string, extra: object = {}) => ({
  contact_id: 'k1',
  status,
  email: 'tara@example.com',
  account_data_id: null,
  invited_at: status === 'NONE' ? null : '2026-01-02T10:00:00.000Z',
  activated_at: null,
  revoked_at: null,
  last_signin_at: null,
  ...extra,
});

const template = makeFormTemplate();
const COMPANIES = 'e0000000-0000-4000-8000-000000000001';
const UNITS = 'e0000000-0000-4000-8000-000000000002';
const RAO = 'a0000000-0000-4000-8000-000000000001';
const MEHTA = 'a0000000-0000-4000-8000-000000000002';
const entities = [
  makeEntity(UNITS, 'Units', template),
  makeEntity(COMPANIES, 'Companies', template, { entity_type: 'BUSINESS' }),
];

/** The entity calls of the account-record picker. */
function records(call: FakeCall): Response | undefined {
  if (call.path === '/api/entities') return ok(paged(entities, 1, 200));
  if (call.path === `/api/entities/${COMPANIES}/list`)
    return ok(
      paged([
        { _id: RAO, title: 'Rao Estates' },
        { _id: MEHTA, title: 'Mehta & Sons' },
      ]),
    );
  if (call.path === `/api/entities/${UNITS}/list`) return ok(paged([]));
  if (call.path === `/api/entity-data/${RAO}`)
    return ok({ ...makeRecord(COMPANIES, RAO, 'Rao Estates', template._id, {}), linked_titles: {} });
  return undefined;
}

describe('PortalAccessPanel (staff contact screen)', { timeout: 60_000 }, () => {
  it('gives portal access, then offers to invite again or revoke', async () => {
    const api = installFakeApi(async (call) => {
      if (call.path === '/api/contacts/k1/portal-access') {
        if (call.method === 'POST') return ok(access('INVITED'));
        if (call.method === 'DELETE')
          return ok(access('REVOKED', { revoked_at: '2026-01-03T10:00:00.000Z' }));
        return ok(access('NONE'));
      }
      return records(call) ?? (await shellHandler(call)) ?? ok({});
    });
    renderWithProviders(<PortalAccessPanel contactId="k1" canUpdate />);
    const panel = await screen.findByTestId('portal-access');
    expect(await within(panel).findByText('No access')).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Give portal access' }));
    expect(await within(panel).findByText('Invited')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Invite again' })).toBeTruthy();
    fireEvent.click(within(panel).getByRole('button', { name: 'Revoke access' }));
    expect(await within(panel).findByText('Revoked')).toBeTruthy();
    await waitFor(() =>
      expect(api.callsTo('/api/contacts/k1/portal-access').map((c) => c.method)).toEqual([
        'GET',
        'POST',
        'DELETE',
      ]),
    );
  });

  it('shows the last sign-in of active access and a refusal in place; read-only without the right', async () => {
    installFakeApi(async (call) => {
      if (call.path === '/api/contacts/k1/portal-access') {
        return call.method === 'POST'
          ? fail(409, 'tara@example.com is a staff member of this company')
          : ok(access('ACTIVE', { last_signin_at: '2026-01-05T10:00:00.000Z', account_data_id: RAO }));
      }
      return records(call) ?? (await shellHandler(call)) ?? ok({});
    });
    renderWithProviders(<PortalAccessPanel contactId="k1" canUpdate={false} />);
    const panel = await screen.findByTestId('portal-access');
    expect(await within(panel).findByText('Active')).toBeTruthy();
    expect(within(panel).getByText('Last sign-in')).toBeTruthy();
    expect(within(panel).getByText(formatDate('2026-01-05T10:00:00.000Z'))).toBeTruthy();
    expect(within(panel).getByText('Account record')).toBeTruthy();
    expect(await within(panel).findByText('Rao Estates')).toBeTruthy();
    expect(await within(panel).findByText('(Companies)')).toBeTruthy();
    expect(within(panel).queryByRole('button')).toBeNull();
    expect(within(panel).queryByRole('combobox')).toBeNull();
  });

  it('chooses the account record (a company entity first), searched, and sends it with the invitation', async () => {
    const api = installFakeApi(async (call) => {
      if (call.path === '/api/contacts/k1/portal-access')
        return call.method === 'POST'
          ? ok(access('INVITED', { account_data_id: MEHTA }))
          : ok(access('NONE'));
      return records(call) ?? (await shellHandler(call)) ?? ok({});
    });
    renderWithProviders(<PortalAccessPanel contactId="k1" canUpdate />);
    const panel = await screen.findByTestId('portal-access');
    const entity = (await within(panel).findByLabelText('Account entity', {
      selector: 'input',
    })) as HTMLInputElement;
    expect(entity.value).toBe('Companies');
    const picker = within(panel).getByLabelText('Account record', { selector: 'input' });
    picker.focus();
    fireEvent.change(picker, { target: { value: 'meh' } });
    await waitFor(() =>
      expect(
        api.calls.some((c) => c.path.endsWith(`${COMPANIES}/list`) && c.url.includes('search=meh')),
      ).toBe(true),
    );
    fireEvent.click(await screen.findByRole('option', { name: 'Mehta & Sons' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Give portal access' }));
    await waitFor(() => expect(api.callsTo('/api/contacts/k1/portal-access', 'POST')).toHaveLength(1));
    expect(api.callsTo('/api/contacts/k1/portal-access', 'POST')[0]?.body).toEqual({
      account_data_id: MEHTA,
    });
    expect(await within(panel).findByText('Invited')).toBeTruthy();
  });

  it('shows the current record in the picker, invites again without changing it, and a refused record under it', async () => {
    let posts = 0;
    const api = installFakeApi(async (call) => {
      if (call.path === '/api/contacts/k1/portal-access') {
        if (call.method !== 'POST') return ok(access('INVITED', { account_data_id: RAO }));
        posts += 1;
        return posts === 1
          ? ok(access('INVITED', { account_data_id: RAO }))
          : invalid({ account_data_id: 'Not a record of this company' });
      }
      return records(call) ?? (await shellHandler(call)) ?? ok({});
    });
    renderWithProviders(<PortalAccessPanel contactId="k1" canUpdate />);
    const panel = await screen.findByTestId('portal-access');
    const picker = (await within(panel).findByLabelText('Account record', {
      selector: 'input',
    })) as HTMLInputElement;
    await waitFor(() => expect(picker.value).toBe('Rao Estates'));
    fireEvent.click(within(panel).getByRole('button', { name: 'Invite again' }));
    await waitFor(() => expect(api.callsTo('/api/contacts/k1/portal-access', 'POST')).toHaveLength(1));
    expect(api.callsTo('/api/contacts/k1/portal-access', 'POST')[0]?.body).toEqual({});

    const entity = within(panel).getByLabelText('Account entity', { selector: 'input' });
    fireEvent.click(entity);
    fireEvent.click(await screen.findByRole('option', { name: 'Units' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Invite again' }));
    await waitFor(() => expect(api.callsTo('/api/contacts/k1/portal-access', 'POST')).toHaveLength(2));
    expect(api.callsTo('/api/contacts/k1/portal-access', 'POST')[1]?.body).toEqual({ account_data_id: null });
    expect(await within(panel).findByText('Not a record of this company')).toBeTruthy();
  });

  it('changes the account record of active access without inviting again', async () => {
    const api = installFakeApi(async (call) => {
      if (call.path === '/api/contacts/k1/portal-access') {
        return call.method === 'PATCH'
          ? ok(access('ACTIVE', { account_data_id: MEHTA }))
          : ok(access('ACTIVE', { account_data_id: RAO }));
      }
      return records(call) ?? (await shellHandler(call)) ?? ok({});
    });
    renderWithProviders(<PortalAccessPanel contactId="k1" canUpdate />);
    const panel = await screen.findByTestId('portal-access');
    const picker = (await within(panel).findByLabelText('Account record', {
      selector: 'input',
    })) as HTMLInputElement;
    await waitFor(() => expect(picker.value).toBe('Rao Estates'));
    const save = within(panel).getByRole('button', { name: 'Save account record' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(within(panel).queryByRole('button', { name: 'Invite again' })).toBeNull();
    picker.focus();
    fireEvent.change(picker, { target: { value: 'meh' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Mehta & Sons' }));
    fireEvent.click(within(panel).getByRole('button', { name: 'Save account record' }));
    await waitFor(() => expect(api.callsTo('/api/contacts/k1/portal-access', 'PATCH')).toHaveLength(1));
    expect(api.callsTo('/api/contacts/k1/portal-access', 'PATCH')[0]?.body).toEqual({
      account_data_id: MEHTA,
    });
    expect(api.callsTo('/api/contacts/k1/portal-access', 'POST')).toHaveLength(0);
  });
});
