import { fireEvent, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useParams } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { guestPerTest } from '../../shared/testing/test-session';
import { readSignerCredentials } from '../signing/signer-credentials';
import type { TPublishedTemplate } from './published-api';
import { PublishedTemplateScreen } from './published-template-screen';

const TOKEN = 'pUbLiShEd-token-0123456789abcdefghijklmnopq';
const INFO = `/api/published-templates/${TOKEN}`;
const START = `${INFO}/start`;
const DOC_ID = '0a1b2c3d-0000-4000-8000-00000000d0c1';
const USER_ID = '0a1b2c3d-0000-4000-8000-00000000u5e1';
const SECRET = 'visitor-secret-0123456789abcdef0123456789abcdef';

function template(overrides: Partial<TPublishedTemplate> = {}): TPublishedTemplate {
  return {
    name: 'Volunteer agreement',
    company_name: 'Acme Realty',
    secure_access: false,
    page_count: 2,
    role_name: 'Volunteer',
    ...overrides,
  };
}

/** Stands in for the signing landing: shows what it would read from the tab's store. */
function LandingProbe() {
  const { employee_document_id = '', user_id = '' } = useParams();
  const stored = readSignerCredentials(employee_document_id);
  return (
    <div data-testid="landing">
      {user_id}:{stored?.user_id}:{stored?.password}
    </div>
  );
}

function renderAt(token: string = TOKEN) {
  const router = createMemoryRouter(
    [
      { path: '/published-templates/:token', element: <PublishedTemplateScreen /> },
      { path: '/emp-documents/preview/:employee_document_id/pp/vp/:user_id', element: <LandingProbe /> },
    ],
    { initialEntries: [`/published-templates/${token}`] },
  );
  renderWithProviders(<RouterProvider router={router} />);
  return router;
}

function fillIn(values: { first?: string; last?: string; email?: string }) {
  if (values.first !== undefined)
    fireEvent.change(screen.getByRole('textbox', { name: 'First name' }), {
      target: { value: values.first },
    });
  if (values.last !== undefined)
    fireEvent.change(screen.getByRole('textbox', { name: 'Last name' }), { target: { value: values.last } });
  if (values.email !== undefined)
    fireEvent.change(screen.getByRole('textbox', { name: 'Email' }), { target: { value: values.email } });
}

const continueButton = () => screen.getByRole('button', { name: 'Continue' });

guestPerTest();

describe('/published-templates/{token}', () => {
  it('shows the company and the template, starts a document and opens the signing landing', async () => {
    const api = installFakeApi((call) => {
      if (call.path === INFO && call.method === 'GET') return ok(template());
      if (call.path === START && call.method === 'POST')
        return ok({
          secure_access: false,
          user_details: { _id: USER_ID, password: SECRET, document_id: DOC_ID },
        });
      return undefined;
    });
    const router = renderAt();

    expect((await screen.findByTestId('published-name')).textContent).toBe('Volunteer agreement');
    expect(screen.getByText('Acme Realty')).toBeTruthy();
    expect(screen.getByTestId('published-role').textContent).toBe('You sign as Volunteer');
    expect(screen.getByTestId('published-role').parentElement?.textContent).toBe(
      '2 pages · You sign as Volunteer',
    );

    fillIn({ first: ' Ravi ', last: 'Kumar', email: ' Ravi@Example.com ' });
    fireEvent.click(continueButton());

    const landing = await screen.findByTestId('landing');
    expect(router.state.location.pathname).toBe(`/emp-documents/preview/${DOC_ID}/pp/vp/${USER_ID}`);
    expect(router.state.location.search).toBe('');
    expect(landing.textContent).toBe(`${USER_ID}:${USER_ID}:${SECRET}`);
    expect(readSignerCredentials(DOC_ID)).toEqual({
      document_id: DOC_ID,
      user_id: USER_ID,
      password: SECRET,
    });
    expect(JSON.stringify({ ...localStorage })).not.toContain(SECRET);
    expect(api.callsTo(START, 'POST').map((c) => c.body)).toEqual([
      { first_name: 'Ravi', last_name: 'Kumar', email: 'ravi@example.com' },
    ]);
  });

  it('with secure access, says to check the email and opens nothing', async () => {
    const api = installFakeApi((call) => {
      if (call.path === INFO) return ok(template({ secure_access: true }));
      if (call.path === START) return ok({ secure_access: true });
      return undefined;
    });
    const router = renderAt();

    expect(await screen.findByText(/a code to confirm it is you/)).toBeTruthy();
    fillIn({ first: 'Sue', last: 'Lee', email: 'sue@example.com' });
    fireEvent.click(continueButton());

    const sent = await screen.findByTestId('published-check-email');
    expect(sent.textContent).toContain('Check your email');
    expect(sent.textContent).toContain('sue@example.com');
    expect(sent.textContent).toContain('Volunteer agreement');
    expect(sent.textContent).toContain('a code we email you');
    expect(router.state.location.pathname).toBe(`/published-templates/${TOKEN}`);
    expect(sessionStorage.length).toBe(0);
    expect(api.callsTo(START, 'POST')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
    const email = (await screen.findByRole('textbox', { name: 'Email' })) as HTMLInputElement;
    expect(email.value).toBe('sue@example.com');
  });

  it('says the link will come by mail when others sign before the visitor', async () => {
    installFakeApi((call) => {
      if (call.path === INFO) return ok(template());
      if (call.path === START) return ok({ secure_access: false });
      return undefined;
    });
    const router = renderAt();
    await screen.findByTestId('published-name');
    fillIn({ first: 'Ravi', last: 'Kumar', email: 'ravi@example.com' });
    fireEvent.click(continueButton());
    const sent = await screen.findByTestId('published-check-email');
    expect(sent.textContent).toContain('as soon as it is your turn');
    expect(router.state.location.pathname).toBe(`/published-templates/${TOKEN}`);
  });

  it('checks the form in the browser before calling the server', async () => {
    const api = installFakeApi((call) => (call.path === INFO ? ok(template()) : undefined));
    renderAt();
    await screen.findByTestId('published-name');

    fireEvent.click(continueButton());
    expect(await screen.findByText('Enter your first name')).toBeTruthy();
    expect(screen.getByText('Enter your last name')).toBeTruthy();
    expect(screen.getByText('Enter your email address')).toBeTruthy();

    fillIn({ first: 'Ravi', last: 'Kumar', email: 'ravi@example' });
    fireEvent.click(continueButton());
    expect(await screen.findByText('Enter a valid email address')).toBeTruthy();
    expect(screen.queryByText('Enter your first name')).toBeNull();
    expect(api.callsTo(START)).toHaveLength(0);
  });

  it("shows the server's 422 under each field, and other keys above the form", async () => {
    let answer = invalid({ email: 'ravi@example.com is already a recipient', first_name: 'Too odd a name' });
    installFakeApi((call) => {
      if (call.path === INFO) return ok(template());
      if (call.path === START) return answer;
      return undefined;
    });
    const router = renderAt();
    await screen.findByTestId('published-name');
    fillIn({ first: 'Ravi', last: 'Kumar', email: 'ravi@example.com' });
    fireEvent.click(continueButton());

    expect(await screen.findByText('ravi@example.com is already a recipient')).toBeTruthy();
    expect(screen.getByText('Too odd a name')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Email' }).getAttribute('aria-invalid')).toBe('true');
    expect(router.state.location.pathname).toBe(`/published-templates/${TOKEN}`);

    answer = invalid({ 'template.document_users.1.email': 'The template lost a recipient' });
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toContain('The template lost a recipient');
  });

  it('shows the server message when visitors start too many documents (429)', async () => {
    installFakeApi((call) => {
      if (call.path === INFO) return ok(template());
      if (call.path === START) return fail(429, 'Too many requests. Try again in a minute.');
      return undefined;
    });
    renderAt();
    await screen.findByTestId('published-name');
    fillIn({ first: 'Ravi', last: 'Kumar', email: 'ravi@example.com' });
    fireEvent.click(continueButton());
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests');
  });

  it('says the link is no longer available when the template is unpublished or unknown (404)', async () => {
    const api = installFakeApi((call) =>
      call.path === INFO ? fail(404, 'Published template not found') : undefined,
    );
    renderAt();
    const gone = await screen.findByTestId('published-unavailable');
    expect(gone.textContent).toContain('This link is no longer available');
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    expect(api.callsTo(INFO, 'GET')).toHaveLength(1);
  });

  it('offers to try again when the page could not be read for another reason', async () => {
    let down = true;
    installFakeApi((call) => {
      if (call.path !== INFO) return undefined;
      return down ? fail(503, 'The server is not available right now.') : ok(template());
    });
    renderAt();
    expect((await screen.findByTestId('published-error')).textContent).toContain('not available');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('published-name')).textContent).toBe('Volunteer agreement');
  });

  it('asks for the token in the path only (encoded) and shows no company line without one', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/published-templates/a%2Fb'
        ? ok(template({ company_name: '', role_name: '' }))
        : undefined,
    );
    renderAt('a%2Fb');
    await screen.findByTestId('published-name');
    expect(screen.getByText('You are invited to sign')).toBeTruthy();
    expect(screen.queryByTestId('published-role')).toBeNull();
    await waitFor(() => expect(api.callsTo('/api/published-templates/a%2Fb', 'GET')).toHaveLength(1));
  });
});
