import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCreateFormBuilderRequest } from '@esigns/contracts/form-builders';
import { fail, installFakeApi, invalid, ok } from '../../../shared/testing/fake-api';
import { layoutPerTest } from '../../../shared/testing/layout-stubs';
import { staffSessionPerTest } from '../../../shared/testing/test-session';
import {
  FORM_ID,
  LEASE_TEMPLATE_ID,
  STEP_IDS,
  VISITS_TEMPLATE_ID,
  formServer,
  makeFormBuilder,
  renderFormsAt,
} from '../form-builders-test-utils';
import { FormBuilderScreen } from './form-builder-screen';

// Layout first: its stubs (document.fonts for autosizing textareas) must outlive the unmount.
layoutPerTest({ windowWidth: 1280 });
staffSessionPerTest();

const stepCards = () => screen.queryAllByTestId('form-step');
const stepNames = () => stepCards().map((card) => card.getAttribute('data-step-name'));
const EDIT_PATTERN = '/formBuilders/:form_builder_id';

async function addStep(type: RegExp) {
  fireEvent.click(screen.getByRole('button', { name: 'Add step' }));
  fireEvent.click(await screen.findByRole('menuitem', { name: type }));
}

async function choose(label: string, option: string) {
  const card = stepCards().at(-1)!;
  fireEvent.click(within(card).getByRole('combobox', { name: label }));
  fireEvent.click(await screen.findByRole('option', { name: option }));
}

describe('FormBuilderScreen', { timeout: 60_000 }, () => {
  it('creates a form of three steps: a template, a page to accept and a document to sign', async () => {
    const created = makeFormBuilder();
    const api = installFakeApi(
      formServer('ADMIN', (call) =>
        call.path === '/api/formBuilders' && call.method === 'POST' ? ok(created) : undefined,
      ),
    );
    const router = renderFormsAt(<FormBuilderScreen />, '/formBuilders/add', '/formBuilders/add');

    fireEvent.click(await screen.findByRole('button', { name: 'Create form' }));
    expect(await screen.findByText('Add at least one step')).toBeTruthy();
    expect(screen.getByText('Required')).toBeTruthy();
    expect(api.callsTo('/api/formBuilders')).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^Form name/), { target: { value: 'Tenant application' } });
    await addStep(/^Form template/);
    await choose('Form template', 'Site visits');
    await addStep(/^Static page/);
    fireEvent.change(within(stepCards()[1]!).getByLabelText(/^Text/), {
      target: { value: 'Rent is due monthly.' },
    });
    fireEvent.click(within(stepCards()[1]!).getByLabelText('The filler must accept it to go on'));
    await addStep(/^Document to sign/);
    await choose('Document template', 'Lease deed');
    fireEvent.click(within(stepCards()[2]!).getByRole('combobox', { name: 'Signs as' }));
    expect(screen.queryByRole('option', { name: 'Agent' })).toBeNull();
    fireEvent.click(await screen.findByRole('option', { name: 'Landlord' }));
    expect(stepNames()).toEqual(['Details', 'Terms', 'Sign']);

    fireEvent.click(screen.getByRole('button', { name: 'Create form' }));
    await screen.findByTestId('builder-screen');
    expect(router.state.location.pathname).toBe(`/formBuilders/${FORM_ID}`);
    const body = api.callsTo('/api/formBuilders', 'POST')[0]?.body as TCreateFormBuilderRequest;
    expect(body).toMatchObject({ name: 'Tenant application', owner_type: 'ANYONE', status: 'DRAFT' });
    expect(body.steps).toMatchObject([
      { type: 'TEMPLATE', name: 'Details', template_id: VISITS_TEMPLATE_ID, required: true },
      { type: 'STATIC', name: 'Terms', content: 'Rent is due monthly.', require_accept: true },
      { type: 'DOCUMENT', name: 'Sign', document_template_id: LEASE_TEMPLATE_ID, role: 'Landlord' },
    ]);
    expect(body.steps.every((step) => /^[0-9a-f-]{36}$/.test(step.id ?? ''))).toBe(true);
  });

  it('reorders steps and saves them with the version read', async () => {
    const form = makeFormBuilder();
    const api = installFakeApi(
      formServer('ADMIN', (call) => {
        if (call.path === `/api/formBuilders/${FORM_ID}`) return ok(form);
        if (call.path === '/api/formBuilders' && call.method === 'PUT') return ok({ ...form, version: 3 });
        return undefined;
      }),
    );
    renderFormsAt(<FormBuilderScreen />, EDIT_PATTERN, `/formBuilders/${FORM_ID}`);
    await waitFor(() => expect(stepNames()).toEqual(['Applicant', 'Terms']));
    fireEvent.click(screen.getByRole('button', { name: 'Move Terms up' }));
    expect(stepNames()).toEqual(['Terms', 'Applicant']);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('/api/formBuilders', 'PUT')).toHaveLength(1));
    expect(api.callsTo('/api/formBuilders', 'PUT')[0]?.body).toMatchObject({
      _id: FORM_ID,
      version: 2,
      steps: [
        { id: STEP_IDS[1], name: 'Terms' },
        { id: STEP_IDS[0], name: 'Applicant' },
      ],
    });
  });

  it("shows the server's 422 on the step it was about, and a 409 with a way to reload", async () => {
    const form = makeFormBuilder();
    let attempt = 0;
    installFakeApi(
      formServer('ADMIN', (call) => {
        if (call.path === `/api/formBuilders/${FORM_ID}`)
          return ok({ ...form, version: attempt > 1 ? 5 : 2 });
        if (call.path !== '/api/formBuilders' || call.method !== 'PUT') return undefined;
        attempt += 1;
        if (attempt === 1)
          return invalid({
            'steps.0.content': 'Too long for a page',
            'settings.max_submissions': 'Too many',
          });
        return fail(409, 'Tenant application was changed by someone else meanwhile');
      }),
    );
    renderFormsAt(<FormBuilderScreen />, EDIT_PATTERN, `/formBuilders/${FORM_ID}`);
    await waitFor(() => expect(stepCards()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Move Terms up' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(stepCards()[0]!).getByText('Needs fixing')).toBeTruthy());
    fireEvent.click(within(stepCards()[0]!).getByRole('button', { name: 'Open Terms' }));
    expect(await within(stepCards()[0]!).findByText('Too long for a page')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /Sharing/ }));
    expect(await screen.findByText('Too many')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Someone else saved this form meanwhile')).toBeTruthy();
    expect(screen.getByText(/your changes were not saved/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload the form' }));
    await waitFor(() => expect(screen.queryByText('Someone else saved this form meanwhile')).toBeNull());
    fireEvent.click(screen.getByRole('tab', { name: /Steps/ }));
    expect(stepNames()).toEqual(['Applicant', 'Terms']);
  });

  it('asks before leaving with changes not saved', async () => {
    installFakeApi(
      formServer('ADMIN', (call) =>
        call.path === `/api/formBuilders/${FORM_ID}` ? ok(makeFormBuilder()) : undefined,
      ),
    );
    renderFormsAt(<FormBuilderScreen />, EDIT_PATTERN, `/formBuilders/${FORM_ID}`);
    await waitFor(() => expect(stepCards()).toHaveLength(2));
    fireEvent.change(screen.getByLabelText(/^Form name/), { target: { value: 'Tenant application 2027' } });
    fireEvent.click(screen.getByRole('link', { name: /Forms/ }));
    expect(await screen.findByText('Leave without saving?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByText('Leave without saving?')).toBeNull());
    expect(screen.queryByTestId('elsewhere')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: /Forms/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
  });

  it('refuses user types that may not build forms', async () => {
    installFakeApi(formServer('MANAGER'));
    renderFormsAt(<FormBuilderScreen />, '/formBuilders/add', '/formBuilders/add');
    expect(await screen.findByText(/Your user type cannot create forms/)).toBeTruthy();
  });
});
