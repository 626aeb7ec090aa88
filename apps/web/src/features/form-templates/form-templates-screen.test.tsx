import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserType } from '@esigns/contracts/auth';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import { fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { rowWithText } from '../../shared/testing/user-input';
import { withPermissions } from '../team/team-test-utils';
import { FormTemplatesScreen } from './form-templates-screen';
import { makeFormTemplate, renderAt } from './form-templates-test-utils';

const visits = makeFormTemplate();
const property = makeFormTemplate({
  _id: '1c1b2c3d-0000-4000-8000-000000000002',
  name: 'Property',
  code: 'property',
  type: 'STANDARD',
  company_id: null,
});

function server(
  userType: UserType,
  next: FakeHandler = () => undefined,
  rows = { CUSTOM: [visits], STANDARD: [property] },
): FakeHandler {
  return withPermissions(userType, (call) => {
    if (call.path === '/api/template/list') {
      const type = new URL(call.url, 'http://x').searchParams.get('type') as 'CUSTOM' | 'STANDARD';
      const data: TFormTemplate[] = rows[type];
      return ok({ data, total: data.length, page: 1, total_pages: 1 });
    }
    return next(call);
  });
}

const rowOf = (name: string) => rowWithText('form-template-row', name);

staffSessionPerTest();

describe('FormTemplatesScreen', { timeout: 20_000 }, () => {
  it('lists company and standard templates and searches on the server', async () => {
    const api = installFakeApi(server('ADMIN'));
    renderAt(<FormTemplatesScreen />, '/template', '/template');
    await screen.findByText('Site visits');
    expect(within(rowOf('Site visits')).getByText('site-visits')).toBeTruthy();
    expect(within(rowOf('Site visits')).getByText('2')).toBeTruthy();
    expect(api.callsTo('/api/template/list')[0]?.url).toBe(
      '/api/template/list?page=1&limit=10&type=CUSTOM&sort=-updated_at',
    );
    expect(screen.getByRole('link', { name: 'New template' }).getAttribute('href')).toBe('/template/create');

    fireEvent.click(screen.getByText('Standard templates'));
    await screen.findByText('Property');
    expect(within(rowOf('Property')).getByText('Standard')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Search templates'), { target: { value: 'prop' } });
    await waitFor(() => expect(api.callsTo('/api/template/list').at(-1)?.url).toContain('search=prop'));
  });

  it('duplicates a template and opens the copy in the builder', async () => {
    const copy = makeFormTemplate({
      _id: '1c1b2c3d-0000-4000-8000-000000000009',
      name: 'Copy of Site visits',
    });
    const api = installFakeApi(
      server('ADMIN', (call) => (call.path === '/api/template/duplicateFormTemplate' ? ok(copy) : undefined)),
    );
    const router = renderAt(<FormTemplatesScreen />, '/template', '/template');
    await screen.findByText('Site visits');
    fireEvent.click(
      within(rowOf('Site visits')).getByRole('button', { name: 'More actions for Site visits' }),
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    await screen.findByTestId('edit-screen');
    expect(router.state.location.pathname).toBe(`/template/${copy._id}/edit`);
    expect(api.callsTo('/api/template/duplicateFormTemplate')[0]?.body).toEqual({ template_id: visits._id });
  });

  it('deletes after asking, and keeps a refusal visible in the dialog', async () => {
    let attempt = 0;
    const api = installFakeApi(
      server('ADMIN', (call) => {
        if (call.method !== 'DELETE') return undefined;
        attempt += 1;
        return attempt === 1
          ? fail(409, 'Site visits cannot be deleted: the entity Leads uses it')
          : ok({ _id: visits._id });
      }),
    );
    renderAt(<FormTemplatesScreen />, '/template', '/template');
    await screen.findByText('Site visits');
    fireEvent.click(
      within(rowOf('Site visits')).getByRole('button', { name: 'More actions for Site visits' }),
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await within(dialog).findByText('Site visits cannot be deleted: the entity Leads uses it'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`/api/template/${visits._id}`, 'DELETE')).toHaveLength(2));
    await screen.findByText('Site visits deleted');
  });

  it('offers a MANAGER only what their permissions allow', async () => {
    installFakeApi(server('MANAGER'));
    renderAt(<FormTemplatesScreen />, '/template', '/template');
    await screen.findByText('Site visits');
    expect(screen.queryByRole('link', { name: 'New template' })).toBeNull();
    fireEvent.click(
      within(rowOf('Site visits')).getByRole('button', { name: 'More actions for Site visits' }),
    );
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull());
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    expect(within(rowOf('Site visits')).getByRole('link', { name: 'View' })).toBeTruthy();
  });

  it('reads a spreadsheet, shows the inferred fields, then creates the template', async () => {
    const created = makeFormTemplate({ _id: '1c1b2c3d-0000-4000-8000-000000000010', name: 'Leads' });
    const api = installFakeApi(
      server('ADMIN', (call) => {
        if (call.path !== '/api/template/create-from-excel') return undefined;
        const form = call.body as FormData;
        return form.get('preview') === 'true'
          ? ok({ name: 'Leads', code: 'leads', rows_sampled: 12, fields: created.fields })
          : ok(created);
      }),
    );
    const router = renderAt(<FormTemplatesScreen />, '/template', '/template');
    fireEvent.click(await screen.findByRole('button', { name: 'From a spreadsheet' }));
    const dialog = await screen.findByRole('dialog');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, {
      target: { files: [new File(['Name,Budget\nA,1'], 'leads.csv', { type: 'text/csv' })] },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Read the columns' }));
    const inferred = await within(dialog).findByTestId('inferred-fields');
    expect(within(inferred).getByText('Currency')).toBeTruthy();
    expect(within(dialog).getByText('Types read from 12 rows')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create template' }));
    await screen.findByTestId('edit-screen');
    expect(router.state.location.pathname).toBe(`/template/${created._id}/edit`);
    expect((api.callsTo('/api/template/create-from-excel').at(-1)?.body as FormData).get('name')).toBe(
      'Leads',
    );
  });
});
