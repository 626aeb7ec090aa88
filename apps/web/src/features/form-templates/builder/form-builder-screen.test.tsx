import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UserType } from '@esigns/contracts/auth';
import { fail, installFakeApi, json, ok, type FakeHandler } from '../../../shared/testing/fake-api';
import { withPermissions } from '../../team/team-test-utils';
import { TEMPLATE_ID, makeFormTemplate, renderAt } from '../form-templates-test-utils';
import { FormBuilderScreen } from './form-builder-screen';
import { staffSessionPerTest } from '../../../shared/testing/test-session';

const server = (userType: UserType, next: FakeHandler = () => undefined) => withPermissions(userType, next);
const palette = () => screen.getByTestId('field-palette');
const properties = () => screen.getByTestId('field-properties');
const cards = () => screen.queryAllByTestId('builder-field');

staffSessionPerTest();

describe('FormBuilderScreen', { timeout: 60_000 }, () => {
  it('builds a template from the palette and creates it', async () => {
    const created = makeFormTemplate({ name: 'Leads' });
    const api = installFakeApi(
      server('ADMIN', (call) => (call.path === '/api/template/create' ? ok(created) : undefined)),
    );
    const router = renderAt(<FormBuilderScreen />, '/template/create', '/template/create');

    fireEvent.click(await screen.findByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('Add at least one field')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Template name'), { target: { value: 'Leads' } });
    fireEvent.click(within(palette()).getByLabelText('Add Single line text'));
    fireEvent.change(within(properties()).getByLabelText('Label'), { target: { value: 'Full name' } });
    expect((within(properties()).getByLabelText(/^Key/) as HTMLInputElement).value).toBe('full_name');
    fireEvent.click(within(properties()).getByLabelText('Required'));
    fireEvent.click(within(palette()).getByLabelText('Add Select'));
    fireEvent.click(within(properties()).getByLabelText('Full'));

    expect(cards().map((card) => card.getAttribute('data-key'))).toEqual(['full_name', 'select']);
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    await screen.findByTestId('edit-screen');
    expect(router.state.location.pathname).toBe(`/template/${TEMPLATE_ID}/edit`);
    const body = api.callsTo('/api/template/create')[0]?.body as {
      name: string;
      fields: Record<string, unknown>[];
    };
    expect(body.name).toBe('Leads');
    expect(body.fields).toMatchObject([
      {
        key: 'full_name',
        label: 'Full name',
        type: 'SINGLE_LINE_TEXT',
        required: true,
        layout: { x: 0, y: 0, w: 6, h: 1 },
      },
      {
        key: 'select',
        label: 'Select',
        type: 'SELECT',
        options: [{ value: 'Option 1' }, { value: 'Option 2' }],
        layout: { x: 0, y: 1, w: 12, h: 1 },
      },
    ]);
  });

  it('marks a field the shared check refuses and does not send the template', async () => {
    const api = installFakeApi(server('ADMIN'));
    renderAt(<FormBuilderScreen />, '/template/create', '/template/create');
    fireEvent.change(await screen.findByLabelText('Template name'), { target: { value: 'Leads' } });
    fireEvent.click(within(palette()).getByLabelText('Add Select'));
    fireEvent.change(within(properties()).getByLabelText('Option 2 value'), {
      target: { value: 'option 1' },
    });
    expect(await within(properties()).findByText('Options must differ')).toBeTruthy();
    expect(cards()[0]!.querySelector('[aria-label="Has problems"]')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create template' }));
    expect(await screen.findByText('1 field needs fixing: select the fields marked in red.')).toBeTruthy();
    expect(api.callsTo('/api/template/create')).toHaveLength(0);
    fireEvent.change(within(properties()).getByLabelText('Option 2 value'), { target: { value: 'Won' } });
    await waitFor(() => expect(cards()[0]!.querySelector('[aria-label="Has problems"]')).toBeNull());
  });

  it('inserts numeric fields and summed table columns into a formula', async () => {
    installFakeApi(server('ADMIN'));
    renderAt(<FormBuilderScreen />, '/template/create', '/template/create');
    fireEvent.click(within(await screen.findByTestId('field-palette')).getByLabelText('Add Data table'));
    fireEvent.click(within(palette()).getByLabelText('Add Formula'));
    fireEvent.click(within(properties()).getByText('Σ Quantity (Data table)'));
    expect((within(properties()).getByLabelText(/^Formula/) as HTMLTextAreaElement).value).toBe(
      'SUM({data_table.quantity})',
    );
  });

  it('previews the form with the shared validator', async () => {
    installFakeApi(server('ADMIN'));
    renderAt(<FormBuilderScreen />, '/template/create', '/template/create');
    fireEvent.click(within(await screen.findByTestId('field-palette')).getByLabelText('Add Email'));
    fireEvent.click(within(properties()).getByLabelText('Required'));
    fireEvent.click(screen.getByText('Preview'));
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check values' }));
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
  });

  it("edits a saved template with its version and shows the server's 422 on the field", async () => {
    const template = makeFormTemplate();
    let attempt = 0;
    const api = installFakeApi(
      server('ADMIN', (call) => {
        if (call.path === `/api/template/${TEMPLATE_ID}`) return ok(template);
        if (call.path !== '/api/template' || call.method !== 'PUT') return undefined;
        attempt += 1;
        if (attempt === 1) {
          return json(422, {
            success: false,
            message: 'fields.1: Records hold values of another type',
            errors: {
              details: [
                {
                  key: 'fields.1.type',
                  message: 'Records hold values of another type',
                  path: ['fields', 1, 'type'],
                },
              ],
            },
          });
        }
        if (attempt === 2)
          return fail(
            409,
            'Site visits was changed by someone else meanwhile: reload it and make your changes again',
          );
        return ok({ ...template, version: 4 });
      }),
    );
    renderAt(<FormBuilderScreen />, '/template/:template_id/edit', `/template/${TEMPLATE_ID}/edit`);
    await waitFor(() => expect(cards()).toHaveLength(2));
    expect((screen.getByLabelText('Template name') as HTMLInputElement).value).toBe('Site visits');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(cards()[1]!.querySelector('[aria-label="Has problems"]')).toBeTruthy());
    fireEvent.click(within(cards()[1]!).getByRole('button', { name: /^Budget/ }));
    expect(within(properties()).getByText('type: Records hold values of another type')).toBeTruthy();
    expect(api.callsTo('/api/template', 'PUT')[0]?.body).toMatchObject({
      _id: TEMPLATE_ID,
      version: 3,
      name: 'Site visits',
    });

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/changed by someone else meanwhile/)).toBeTruthy();
  });

  it('refuses standard templates and users without the right', async () => {
    installFakeApi(
      server('ADMIN', (call) =>
        call.path.startsWith('/api/template/')
          ? ok(makeFormTemplate({ type: 'STANDARD', company_id: null, name: 'Property' }))
          : undefined,
      ),
    );
    renderAt(<FormBuilderScreen />, '/template/:template_id/edit', `/template/${TEMPLATE_ID}/edit`);
    expect(await screen.findByText(/Property is built in and cannot be changed/)).toBeTruthy();
    cleanup();
    vi.unstubAllGlobals();

    installFakeApi(server('MEMBER'));
    renderAt(<FormBuilderScreen />, '/template/create', '/template/create');
    expect(await screen.findByText(/Your user type cannot create form templates/)).toBeTruthy();
  });
});
