import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render-app';
import { CONTACT_TYPE_ID, fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { installLayout, restoreLayout } from '../../shared/testing/layout-stubs';
import { contactSessionPerTest } from '../../shared/testing/test-session';
import { makeContactDocument, makeContactForm, makeContactMenu, page } from './contact-area-test-utils';

/** The first screen of a test compiles its lazy chunks: slow on a busy machine. */
const FIRST = { timeout: 15_000 };

contactSessionPerTest();
afterEach(() => restoreLayout());

const waiting = makeContactDocument();
const sealed = makeContactDocument({
  _id: 'doc-2',
  name: 'Inventory list',
  status: 'COMPLETED',
  recipient: { _id: 'rcp-2', user_type: 'SIGNER', status: 'SIGNED' },
  waiting_for_me: false,
  sign_url: null,
  can_download: true,
});

/** The contact's lists and menu, then `next`. */
function server(next: FakeHandler = () => undefined): FakeHandler {
  return (call) => {
    if (call.path === '/api/application-user/documents') {
      const filter = new URL(call.url, 'http://x').searchParams.get('filter');
      return ok(filter === 'waiting' ? page([waiting]) : page([waiting, sealed]));
    }
    if (call.path === '/api/application-user/formbuilders') {
      return ok(
        page([
          makeContactForm(),
          makeContactForm({
            _id: 'form-2',
            name: 'Parking permit',
            code: 'parking-cd34',
            submissions: [
              {
                _id: 'entry-9',
                status: 'SUBMITTED',
                created_at: '2026-11-01T10:00:00.000Z',
                updated_at: '2026-11-02T10:00:00.000Z',
                submitted_at: '2026-11-02T10:00:00.000Z',
              },
            ],
          }),
        ]),
      );
    }
    if (call.path === `/api/menu/${CONTACT_TYPE_ID}`) return ok(makeContactMenu());
    return next(call) ?? (call.path === '/api/application-user/workflows' ? ok(page([])) : undefined);
  };
}

describe('the contact area', { timeout: 60_000 }, () => {
  it('dashboard: a welcome, the counts of documents waiting and forms to fill, each ready to act on', async () => {
    const api = installFakeApi(server());
    renderApp('/ap/dashboard');
    expect(await screen.findByRole('heading', { name: 'Welcome, Tara' }, FIRST)).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('count-documents')).getByText('1')).toBeTruthy());
    // One of the two forms is already sent (and takes one entry): one left to fill.
    expect(within(screen.getByTestId('count-forms')).getByText('1')).toBeTruthy();
    expect(screen.getByTestId('count-forms').getAttribute('href')).toBe('/ap/formbuilder');
    const doc = screen.getByTestId('dashboard-document');
    expect(within(doc).getByRole('link', { name: 'Sign' }).getAttribute('href')).toBe(waiting.sign_url);
    const form = screen.getByTestId('dashboard-form');
    expect(within(form).getByText('Move-in checklist')).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'Fill' }).getAttribute('href')).toBe(
      '/ap/fbd/move-in-ab12',
    );
    // The contact type's custom dashboards are one click away (their list is read on that screen).
    expect(screen.getByRole('link', { name: 'Dashboards' }).getAttribute('href')).toBe(
      `/ap/custom/dashboard/${CONTACT_TYPE_ID}`,
    );
    expect(api.calls.some((c) => /custom-dashboard|workflows/.test(c.path))).toBe(false);
  });

  it('documents: waiting for me first with Sign, Download for sealed copies, filters sent to the server', async () => {
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/application-user/documents/doc-2/download'
          ? ok({ Location: 'https://files.example/doc-2.pdf' })
          : undefined,
      ),
    );
    const opened: string[] = [];
    window.open = ((url: string) => {
      opened.push(url);
      return null;
    }) as typeof window.open;
    renderApp('/ap/documents');
    const rows = await screen.findAllByTestId('contact-document-row', undefined, FIRST);
    expect(rows.map((r) => within(r).getAllByText(/Lease agreement|Inventory list/)[0]!.textContent)).toEqual(
      ['Lease agreement', 'Inventory list'],
    );
    expect(within(rows[0]!).getByText('Your turn')).toBeTruthy();
    expect(within(rows[0]!).getByRole('link', { name: 'Sign' }).getAttribute('href')).toBe(waiting.sign_url);
    expect(within(rows[1]!).queryByRole('link', { name: 'Sign' })).toBeNull();
    fireEvent.click(within(rows[1]!).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(opened).toEqual(['https://files.example/doc-2.pdf']));
    expect(api.callsTo('/api/application-user/documents/doc-2/download', 'POST')).toHaveLength(1);

    fireEvent.click(screen.getByText('Waiting for me'));
    await waitFor(() =>
      expect(
        api.calls.some(
          (c) => c.url.includes('/application-user/documents?') && c.url.includes('filter=waiting'),
        ),
      ).toBe(true),
    );
  });

  it('documents on a phone: one card per document with its actions', async () => {
    installLayout({ windowWidth: 390 });
    installFakeApi(server());
    renderApp('/ap/documents');
    const cards = await screen.findAllByTestId('contact-document-row', undefined, FIRST);
    expect(cards).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    expect(within(cards[0]!).getByRole('link', { name: 'Sign' })).toBeTruthy();
  });

  it('documents: an empty list says what will appear', async () => {
    installFakeApi((call) => (call.path === '/api/application-user/documents' ? ok(page([])) : undefined));
    renderApp('/ap/documents');
    expect(await screen.findByText('No documents yet', undefined, FIRST)).toBeTruthy();
  });

  it('workflows: the packets sent to the contact with their due steps, or a real empty state', async () => {
    const packet = {
      _id: 'p1',
      workflow_id: 'w1',
      workflow_name: 'Rental onboarding',
      version: 1,
      status: 'IN_PROGRESS',
      primary: null,
      batch_id: null,
      steps: [
        {
          step_id: 's1',
          kind: 'custom',
          name: 'Lease',
          stage: 1,
          required: true,
          status: 'DONE',
          object_id: null,
          started_at: null,
          finished_at: null,
        },
        {
          step_id: 's2',
          kind: 'form',
          name: 'Move-in form',
          stage: 2,
          required: true,
          status: 'DUE',
          object_id: null,
          started_at: null,
          finished_at: null,
        },
      ],
      progress: { done: 1, total: 2 },
      created_at: '2026-03-05T09:00:00.000Z',
      sent_at: null,
      finished_at: null,
      expires_at: null,
    };
    const api = installFakeApi(
      server((call) =>
        call.path === '/api/application-user/workflows'
          ? ok({ data: [packet], total: 1, page: 1, total_pages: 1 })
          : call.path === '/api/workflow/user-status'
            ? ok({
                workflow_data_id: 'p1',
                workflow_name: 'Rental onboarding',
                status: 'IN_PROGRESS',
                company_name: 'Acme',
                steps: [
                  { step_id: 's1', kind: 'custom', name: 'Lease', status: 'DONE', open_url: null },
                  {
                    step_id: 's2',
                    kind: 'form',
                    name: 'Move-in form',
                    status: 'DUE',
                    open_url: 'https://esigns.example/public/fb/MOVE/s2/vp/u1?t=fresh',
                  },
                ],
              })
            : undefined,
      ),
    );
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    renderApp('/ap/workflows');
    const [card] = await screen.findAllByTestId('contact-workflow', undefined, FIRST);
    expect(within(card!).getByText('Move-in form')).toBeTruthy();
    expect(within(card!).getByText('1 of 2 done')).toBeTruthy();
    expect(api.callsTo('/api/application-user/workflows')).toHaveLength(1);
    // Open asks the packet for a fresh link to that step (the contact's bearer, the packet named) and opens it.
    fireEvent.click(within(card!).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(opened).toHaveBeenCalledWith('/public/fb/MOVE/s2/vp/u1?t=fresh', '_self'));
    const [asked] = api.callsTo('/api/workflow/user-status', 'POST');
    expect(asked!.body).toEqual({ open_step_id: 's2' });
    expect(asked!.headers.workflowdataid).toBe('p1');
    expect(asked!.headers.authorization).toMatch(/^Bearer /);
  });

  it('forms: fill what is open, open what was sent', async () => {
    installFakeApi(server());
    renderApp('/ap/formbuilder');
    const rows = await screen.findAllByTestId('contact-form-row', undefined, FIRST);
    expect(within(rows[0]!).getByRole('link', { name: 'Fill' }).getAttribute('href')).toBe(
      '/ap/fbd/move-in-ab12',
    );
    expect(within(rows[1]!).getByText('Submitted')).toBeTruthy();
    expect(within(rows[1]!).queryByRole('link', { name: /Fill/ })).toBeNull();
    expect(
      within(rows[1]!)
        .getByRole('link', { name: /2026|11/ })
        .getAttribute('href'),
    ).toBe('/ap/fb/view/parking-cd34/entry-9');
  });

  it('dashboard: a list that cannot be read says so in its panel, with a retry', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/application-user/documents' ? fail(500, 'The database is down') : server()(call),
    );
    renderApp('/ap/dashboard');
    const failure = await screen.findByTestId('short-list-failure', undefined, FIRST);
    expect(failure.textContent).toContain('The database is down');
    expect(within(screen.getByTestId('count-documents')).getByText('—')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('count-forms')).getByText('1')).toBeTruthy());
    fireEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.callsTo('/api/application-user/documents')).toHaveLength(2));
  });

  it('forms: a failure shows the error with a retry', async () => {
    installFakeApi((call) =>
      call.path === '/api/application-user/formbuilders' ? fail(500, 'The database is down') : undefined,
    );
    renderApp('/ap/formbuilder');
    expect(await screen.findByText('Could not load your forms', undefined, FIRST)).toBeTruthy();
  });

  it("navigation: the fixed items and the contact type's menu (entities, a group, an outside link)", async () => {
    installFakeApi(server());
    renderApp('/ap/workflows');
    await screen.findByTestId('workflows-empty', undefined, FIRST);
    const nav = screen.getByRole('navigation', { name: 'Application navigation' });
    const more = await within(nav).findByRole('button', { name: 'Tenant' });
    fireEvent.click(more);
    const items = await screen.findByTestId('contact-menu-items');
    expect(within(items).getByRole('menuitem', { name: 'Repair requests' }).getAttribute('href')).toBe(
      '/ap/entity/entity-1/repairs',
    );
    expect(within(items).getByText('My flat')).toBeTruthy();
    expect(within(items).getByRole('menuitem', { name: 'Rent payments' }).getAttribute('href')).toBe(
      '/ap/entity-views/view/view-1',
    );
    const help = within(items).getByRole('menuitem', { name: /Help centre/ });
    expect(help.getAttribute('href')).toBe('https://example.com/help');
    expect(help.getAttribute('target')).toBe('_blank');
    // The stored Documents item is one of the fixed ones: not listed twice.
    expect(within(items).queryByText('Documents')).toBeNull();
  });
});
