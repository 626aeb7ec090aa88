import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { rowWithText } from '../../shared/testing/user-input';
import { paged } from '../team/team-test-utils';
import { FormBuildersScreen } from './form-builders-screen';
import { FORM_ID, formServer, makeFormBuilder, renderFormsAt } from './form-builders-test-utils';

staffSessionPerTest();

const rows = () => screen.findAllByTestId('form-builder-row');

describe('FormBuildersScreen', { timeout: 60_000 }, () => {
  it('lists forms with their status, filler and counts, filters them and deletes one', async () => {
    const active = makeFormBuilder({ status: 'ACTIVE', owner_type: 'CONTACTS', name: 'Tenant application' });
    const other = makeFormBuilder({
      _id: '3c1b2c3d-0000-4000-8000-000000000002',
      name: 'Feedback',
      steps: [],
    });
    let listed = [active, other];
    const api = installFakeApi(
      formServer('ADMIN', (call) => {
        if (call.path === '/api/formBuilders') return ok(paged(listed));
        if (call.path === `/api/formBuilders/${FORM_ID}` && call.method === 'DELETE') {
          listed = [other];
          return ok({ _id: FORM_ID });
        }
        return undefined;
      }),
    );
    renderFormsAt(<FormBuildersScreen />, '/formBuilders', '/formBuilders');
    expect(await rows()).toHaveLength(2);
    const row = rowWithText('form-builder-row', 'Tenant application');
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getByText('Contacts')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/formBuilders/${FORM_ID}`,
    );
    expect(screen.getByRole('link', { name: 'New form' }).getAttribute('href')).toBe('/formBuilders/add');

    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'ACTIVE' } });
    await waitFor(() => expect(api.calls.some((c) => c.url.includes('status=ACTIVE'))).toBe(true));
    expect(api.callsTo('/api/formBuilders').at(-1)?.url).toContain('sort=-updated_at');

    fireEvent.click(within(row).getByRole('button', { name: 'More actions for Tenant application' }));
    expect(await screen.findByRole('menuitem', { name: 'Fill in' })).toBeTruthy();
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryAllByTestId('form-builder-row')).toHaveLength(1));
    expect(api.callsTo(`/api/formBuilders/${FORM_ID}`, 'DELETE')).toHaveLength(1);
  });

  it('opens the entries for user types that see forms but may not change them; refuses those that may not see them', async () => {
    const form = makeFormBuilder({ status: 'ACTIVE' });
    installFakeApi(
      formServer('MANAGER', (call) => (call.path === '/api/formBuilders' ? ok(paged([form])) : undefined)),
    );
    renderFormsAt(<FormBuildersScreen />, '/formBuilders', '/formBuilders');
    const [row] = await rows();
    expect(within(row!).getByRole('link', { name: 'Entries' }).getAttribute('href')).toBe(
      '/fbd/tenant-application-ab12cd/data-list',
    );
    expect(within(row!).queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New form' })).toBeNull();
    cleanup();

    const api = installFakeApi(formServer('MEMBER'));
    renderFormsAt(<FormBuildersScreen />, '/formBuilders', '/formBuilders');
    expect(await screen.findByText(/Your user type cannot see forms/)).toBeTruthy();
    expect(api.callsTo('/api/formBuilders')).toHaveLength(0);
  });

  it('says when there are no forms yet, with the way to build one', async () => {
    installFakeApi(
      formServer('ADMIN', (call) => (call.path === '/api/formBuilders' ? ok(paged([])) : undefined)),
    );
    renderFormsAt(<FormBuildersScreen />, '/formBuilders', '/formBuilders');
    expect(await screen.findByText('No forms yet')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'New form' })).toHaveLength(2);
  });
});
