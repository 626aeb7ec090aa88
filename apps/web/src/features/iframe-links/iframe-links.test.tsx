import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TIframeLink, TIframeLinkPublic } from '@esigns/contracts/iframe-links';
import { ApiError } from '../../shared/api/api-error';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { renderScreenAt } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { paged, withPermissions } from '../team/team-test-utils';
import { createLink, fetchLinks, revokeLink } from './iframe-links-api';
import { IframeLinksScreen } from './iframe-links-screen';
import { LinkDetailsScreen } from './link-details-screen';
import { LinkScreen, linkProblem } from './link-screen';

const LINK_ID = '5b1e9a40-3b62-4d7f-8e64-2b3c4d5e6f11';
const TOKEN = `ifl_${LINK_ID}.${'a'.repeat(43)}`;

const link = (overrides: Partial<TIframeLink> = {}): TIframeLink => ({
  _id: LINK_ID,
  name: 'Contact form on the website',
  kind: 'FORM',
  target_id: '6c1e9a40-3b62-4d7f-8e64-2b3c4d5e6f12',
  target_name: 'Contact us',
  status: 'ACTIVE',
  expires_at: '2027-01-01T00:00:00.000Z',
  revoked_at: null,
  opens: 3,
  last_opened_at: '2026-11-29T10:00:00.000Z',
  created_by: { _id: 'u1', name: 'Ada Admin' },
  created_at: '2026-11-29T09:00:00.000Z',
  updated_at: '2026-11-29T09:00:00.000Z',
  token: TOKEN,
  url: `https://app.example/if/${TOKEN}/link`,
  preview_url: `https://app.example/if/${TOKEN}/link?preview=1796000000000.mac`,
  snippet: `<iframe src="https://app.example/if/${TOKEN}/link" title="Contact form on the website"></iframe>`,
  ...overrides,
});

staffSessionPerTest();

describe('iframe links api (the spec failure shapes)', () => {
  it('a failed list is an empty page, a failed create data false, a failed delete deleted false', async () => {
    installFakeApi((call) => (call.path.startsWith('/api/iframe/') ? fail(500, 'Database down') : undefined));
    const errors: unknown[] = [];
    expect(await fetchLinks({ page: 1, limit: 10 }, undefined, (e) => errors.push(e))).toEqual({
      data: [],
      total: 0,
      page: 0,
      total_pages: 0,
    });
    expect(errors).toHaveLength(1);
    expect(
      await createLink({ name: 'x', kind: 'FORM', target_id: 'y', expires_at: '2027-01-01T00:00:00Z' }),
    ).toEqual({ data: false, error: 'Database down' });
    expect(await revokeLink(LINK_ID)).toEqual({ deleted: false, error: 'Database down' });
  });

  it('says why a link does not open from its error code', () => {
    const gone = (error_code: string) => new ApiError({ status: 410, message: 'Gone', error_code });
    expect(linkProblem(gone('LINK_REVOKED')).title).toBe('This link was revoked');
    expect(linkProblem(gone('LINK_EXPIRED'))).toMatchObject({
      title: 'This link has expired',
      expired: true,
    });
    expect(linkProblem(gone('LINK_UNAVAILABLE')).title).toBe('This link is no longer available');
    expect(linkProblem(new ApiError({ status: 404, message: 'Link not found' })).title).toBe(
      'This link does not exist',
    );
    expect(linkProblem(new Error('offline')).title).toBe('The link could not be opened');
  });
});

describe('/iframeLink and /externalLink', { timeout: 60_000 }, () => {
  it('lists the links with status, opens and their actions; revokes after asking', async () => {
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/iframe/get') return ok(paged([link()]));
        if (call.path === `/api/iframe/deleteIframeLink/${LINK_ID}`)
          return ok({ deleted: true, link: link({ status: 'REVOKED' }) });
        return undefined;
      }),
    );
    renderScreenAt(<IframeLinksScreen />, '/iframeLink', '/iframeLink');
    const row = (await screen.findAllByTestId('iframe-link-row'))[0]!;
    expect(row.textContent).toContain('Contact form on the website');
    expect(row.textContent).toContain('Form · Contact us');
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(within(row).getAllByRole('link')[0]!.getAttribute('href')).toBe(`/externalLink/${LINK_ID}`);
    fireEvent.click(within(row).getByRole('button', { name: /More actions for/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Revoke' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/iframe/deleteIframeLink/${LINK_ID}`, 'DELETE')).toHaveLength(1),
    );
  });

  it('creates a link: name, kind, target and expiry are sent', async () => {
    const api = installFakeApi(
      withPermissions('OWNER', (call) => {
        if (call.path === '/api/iframe/get') return ok(paged([]));
        if (call.path === '/api/iframe/create') return ok(link());
        return undefined;
      }),
    );
    renderScreenAt(<IframeLinksScreen />, '/iframeLink', '/iframeLink');
    fireEvent.click(await screen.findByRole('button', { name: 'New iframe link' }));
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Docs' } });
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('combobox', { name: /Shows/ }));
    const kinds = await screen.findAllByRole('option', { name: 'Documents list' });
    fireEvent.click(kinds[kinds.length - 1]!);
    await waitFor(() =>
      expect((within(dialog).getByRole('combobox', { name: /Shows/ }) as HTMLInputElement).value).toBe(
        'Documents list',
      ),
    );
    fireEvent.click(await within(dialog).findByRole('combobox', { name: /^Documents list/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    await waitFor(() => expect(api.callsTo('/api/iframe/create', 'POST')).toHaveLength(1));
    const body = api.callsTo('/api/iframe/create')[0]!.body as Record<string, string>;
    expect(body).toMatchObject({ name: 'Docs', kind: 'DOCUMENT_LIST', target_id: 'completed' });
    expect(new Date(body.expires_at!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
  });

  it('/externalLink/{id} shows the facts, the url and snippet, and a preview frame at the preview address (not counted as an open)', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path === '/api/iframe/getIframeLink' ? ok(link()) : undefined,
      ),
    );
    renderScreenAt(<LinkDetailsScreen />, '/externalLink/:externalLinkId', `/externalLink/${LINK_ID}`);
    expect((await screen.findByTestId('iframe-link-url')).textContent).toBe(link().url);
    expect(screen.getByTestId('iframe-link-snippet').textContent).toContain('<iframe');
    expect(screen.getByText('Ada Admin')).toBeTruthy();
    expect(screen.getByTitle('Preview of Contact form on the website').getAttribute('src')).toBe(
      link().preview_url,
    );
  });
});

describe('/if/{ssoAuth}/link', { timeout: 60_000 }, () => {
  const screenAt = () => renderScreenAt(<LinkScreen />, '/if/:ssoAuth/link', `/if/${TOKEN}/link`);

  it("sends the staff preview's marker with the link's read, and none for a visitor", async () => {
    const api = installFakeApi((call) =>
      call.path === `/api/iframe-link/${TOKEN}`
        ? fail(410, 'This link was revoked', { error_code: 'LINK_REVOKED' })
        : undefined,
    );
    renderScreenAt(<LinkScreen />, '/if/:ssoAuth/link', `/if/${TOKEN}/link?preview=1796000000000.mac`);
    await screen.findByTestId('link-problem');
    expect(api.calls.find((c) => c.path === `/api/iframe-link/${TOKEN}`)?.url).toContain(
      'preview=1796000000000.mac',
    );
    cleanup();
    const visitor = installFakeApi((call) =>
      call.path === `/api/iframe-link/${TOKEN}`
        ? fail(410, 'This link was revoked', { error_code: 'LINK_REVOKED' })
        : undefined,
    );
    screenAt();
    await screen.findByTestId('link-problem');
    expect(visitor.calls.find((c) => c.path === `/api/iframe-link/${TOKEN}`)?.url).not.toContain('preview');
  });

  it('says a revoked or expired link is so', async () => {
    installFakeApi((call) =>
      call.path === `/api/iframe-link/${TOKEN}`
        ? fail(410, 'This link was revoked', { error_code: 'LINK_REVOKED' })
        : undefined,
    );
    screenAt();
    expect((await screen.findByTestId('link-problem')).textContent).toContain('This link was revoked');
  });

  it('shows an entity view link as a read-only table of its columns', async () => {
    const described: TIframeLinkPublic = {
      name: 'Deals',
      kind: 'ENTITY_VIEW',
      expires_at: '2027-01-01T00:00:00.000Z',
      company: { name: 'Acme' },
      allowed_origins: [],
      form: null,
      view: { name: 'Big deals', entities: [{ _id: 'e1', name: 'Deals' }] },
      documents: null,
    };
    installFakeApi((call) => {
      if (call.path === `/api/iframe-link/${TOKEN}`) return ok(described);
      if (call.path === `/api/iframe-link/${TOKEN}/records`) {
        return ok({
          entity: { _id: 'e1', name: 'Deals' },
          columns: [
            { key: 't#title', label: 'Title' },
            { key: 't#amount', label: 'Amount' },
          ],
          data: [{ _id: 'r1', cells: ['Gamma', '30'] }],
          total: 1,
          page: 1,
          total_pages: 1,
        });
      }
      return undefined;
    });
    screenAt();
    const table = await screen.findByTestId('link-records');
    await waitFor(() => expect(table.textContent).toContain('Gamma'));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Title', 'Amount']);
    expect(screen.getByText('Big deals')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /edit|delete/i })).toBeNull();
  });

  it('shows a documents list link: names and status only', async () => {
    installFakeApi((call) => {
      if (call.path === `/api/iframe-link/${TOKEN}`) {
        return ok({
          name: 'Docs',
          kind: 'DOCUMENT_LIST',
          expires_at: '2027-01-01T00:00:00.000Z',
          company: { name: 'Acme' },
          allowed_origins: [],
          form: null,
          view: null,
          documents: { filter: 'all-documents' },
        } satisfies TIframeLinkPublic);
      }
      if (call.path === `/api/iframe-link/${TOKEN}/documents`) {
        return ok(
          paged([
            {
              _id: 'd1',
              name: 'Lease agreement',
              status: 'COMPLETED',
              sent_at: '2026-11-01T00:00:00.000Z',
              completed_at: '2026-11-02T00:00:00.000Z',
              expires_at: null,
              created_at: '2026-11-01T00:00:00.000Z',
            },
          ]),
        );
      }
      return undefined;
    });
    screenAt();
    const list = await screen.findByTestId('link-documents');
    await waitFor(() => expect(list.textContent).toContain('Lease agreement'));
    expect(list.textContent).toContain('Completed');
  });
});
