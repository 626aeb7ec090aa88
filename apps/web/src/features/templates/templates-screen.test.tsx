import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { makeCompanyUser, makePermissionOverview, withPermissions } from '../team/team-test-utils';
import { renderRoute } from '../documents/documents-test-utils';
import { makeConfigurableDocument } from '../documents/documents-test-utils';
import type { TTemplateRow } from './templates-api';
import { TemplatesScreen } from './templates-screen';
import { makeTemplateRow } from './templates-test-utils';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { rowWithText } from '../../shared/testing/user-input';

const rent = makeTemplateRow();
const deed = makeTemplateRow({
  _id: '1b1b2c3d-0000-4000-8000-000000000002',
  name: 'Sale deed',
  company_document_id: '2b1b2c3d-0000-4000-8000-000000000002',
  status: 'INACTIVE',
  publish: { published: true, secure_access: true, url: 'http://localhost/published-templates/abc' },
});

function listServer(
  rows: TTemplateRow[],
  next: FakeHandler = () => undefined,
  total = rows.length,
): FakeHandler {
  return withPermissions('OWNER', (call) => {
    if (call.path === '/api/document-templates' && call.method === 'GET') {
      return ok({ data: rows, total, page: 1, total_pages: Math.max(1, Math.ceil(total / 10)) });
    }
    return next(call);
  });
}

const rowOf = (name: string) => rowWithText('template-row', name);

async function openAction(name: string, action: string) {
  fireEvent.click(within(rowOf(name)).getByRole('button', { name: `Actions for ${name}` }));
  fireEvent.click(await screen.findByRole('menuitem', { name: action }));
}

staffSessionPerTest();

describe('TemplatesScreen', { timeout: 20_000 }, () => {
  it('lists templates with status and published badges, and searches, sorts and pages on the server', async () => {
    const api = installFakeApi(listServer([rent, deed], undefined, 25));
    renderRoute(<TemplatesScreen />, '/templates', '/templates');

    await screen.findAllByTestId('template-row');
    expect(within(rowOf('Rent agreement')).getByText('Active')).toBeTruthy();
    expect(within(rowOf('Rent agreement')).getByText('3 pages · 6 fields')).toBeTruthy();
    expect(within(rowOf('Sale deed')).getByText('Inactive')).toBeTruthy();
    expect(within(rowOf('Sale deed')).getByText('Published')).toBeTruthy();
    // Only an active template offers Send; it goes to the send-from-template screen.
    expect(
      within(rowOf('Rent agreement')).getByRole('link', { name: 'Send Rent agreement' }).getAttribute('href'),
    ).toBe(`/send-template/mail/${rent._id}/${rent.company_document_id}`);
    expect(within(rowOf('Sale deed')).queryByRole('link', { name: /^Send/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'New template' }).getAttribute('href')).toBe('/templates/upload');
    expect(api.callsTo('/api/document-templates')[0]?.url).toBe(
      '/api/document-templates?page=1&limit=10&sort=-updated_at',
    );

    fireEvent.change(screen.getByLabelText('Search templates'), { target: { value: 'rent' } });
    await waitFor(() =>
      expect(api.callsTo('/api/document-templates').at(-1)?.url).toBe(
        '/api/document-templates?page=1&limit=10&search=rent&sort=-updated_at',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(api.callsTo('/api/document-templates').at(-1)?.url).toContain('sort=name'));
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await waitFor(() => expect(api.callsTo('/api/document-templates').at(-1)?.url).toContain('page=2'));
    expect(screen.getByText('11-20 of 25')).toBeTruthy();
  });

  it('shows a call to action when there are no templates', async () => {
    installFakeApi(listServer([]));
    renderRoute(<TemplatesScreen />, '/templates', '/templates');
    const empty = await screen.findByTestId('templates-empty');
    expect(within(empty).getByText('No templates yet')).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Create your first template' }).getAttribute('href')).toBe(
      '/templates/upload',
    );
  });

  it('renames a template; a 409 or 422 on the name shows under the name', async () => {
    let attempt = 0;
    const api = installFakeApi(
      listServer([rent], (call) => {
        if (call.path !== `/api/document-templates/${rent.company_document_id}/rename`) return undefined;
        attempt += 1;
        if (attempt === 1) return fail(409, 'A template named "Sale deed" already exists');
        if (attempt === 2) return invalid({ name: 'At most 200 characters' });
        return ok(makeConfigurableDocument({ name: 'Rent 2026' }));
      }),
    );
    renderRoute(<TemplatesScreen />, '/templates', '/templates');
    await screen.findAllByTestId('template-row');
    await openAction('Rent agreement', 'Rename');
    const dialog = await screen.findByRole('form', { name: 'Rename template' });
    const input = within(dialog).getByLabelText(/Template name/);
    fireEvent.change(input, { target: { value: 'Sale deed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('A template named "Sale deed" already exists')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    expect(await within(dialog).findByText('At most 200 characters')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'Rent 2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rename' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Rename template' })).toBeNull());
    expect(api.callsTo(`/api/document-templates/${rent.company_document_id}/rename`).at(-1)?.body).toEqual({
      name: 'Rent 2026',
      configId: rent._id,
    });
    await waitFor(() => expect(api.callsTo('/api/document-templates', 'GET').length).toBeGreaterThan(1));
  });

  it('duplicates a template under a new name; a duplicate name (409) shows under the name', async () => {
    let attempt = 0;
    const api = installFakeApi(
      listServer([rent], (call) => {
        if (call.path !== `/api/document-templates/${rent._id}/duplicate`) return undefined;
        attempt += 1;
        return attempt === 1
          ? fail(409, 'A template named "Copy of Rent agreement" already exists')
          : ok(makeConfigurableDocument({ name: 'Rent v2' }));
      }),
    );
    renderRoute(<TemplatesScreen />, '/templates', '/templates');
    await screen.findAllByTestId('template-row');
    await openAction('Rent agreement', 'Duplicate');
    const dialog = await screen.findByRole('form', { name: 'Duplicate template' });
    const input = within(dialog).getByLabelText(/Name of the copy/) as HTMLInputElement;
    expect(input.value).toBe('Copy of Rent agreement');
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    expect(
      await within(dialog).findByText('A template named "Copy of Rent agreement" already exists'),
    ).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Rent v2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Duplicate template' })).toBeNull());
    expect(api.callsTo(`/api/document-templates/${rent._id}/duplicate`).at(-1)?.body).toEqual({
      name: 'Rent v2',
      isShareTemplate: false,
      is_duplicate: true,
    });
  });

  it('shares a template with company users', async () => {
    const grace = makeCompanyUser();
    const api = installFakeApi(
      listServer([rent], (call) => {
        if (call.path === '/api/getAllCompanyUsers/c1') return ok([grace]);
        if (call.path === '/api/share-template') return ok(makeConfigurableDocument());
        return undefined;
      }),
    );
    renderRoute(<TemplatesScreen />, '/templates', '/templates');
    await screen.findAllByTestId('template-row');
    await openAction('Rent agreement', 'Share');
    const picker = await screen.findByRole('combobox', { name: 'Share with' });
    fireEvent.click(picker);
    fireEvent.click(await screen.findByRole('option', { name: /Grace Hopper/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('/api/share-template')).toHaveLength(1));
    expect(api.callsTo('/api/share-template')[0]?.body).toEqual({
      template_id: rent._id,
      user_ids: [grace.user_id],
    });
  });

  it('publishes a template and shows its copyable public link', async () => {
    let publish = rent.publish;
    const api = installFakeApi(
      listServer([rent], (call) => {
        if (call.path !== `/api/document-templates/${rent._id}/published`) return undefined;
        if (call.method === 'POST') {
          const body = call.body as { published: boolean; secure_access: boolean };
          publish = { ...body, url: body.published ? 'http://localhost/published-templates/tok' : null };
        }
        return ok(publish);
      }),
    );
    renderRoute(<TemplatesScreen />, '/templates', '/templates');
    await screen.findAllByTestId('template-row');
    await openAction('Rent agreement', 'Publish');
    fireEvent.click(await screen.findByRole('switch', { name: /Published/ }));
    const link = (await screen.findByLabelText('Public link')) as HTMLInputElement;
    expect(link.value).toBe('http://localhost/published-templates/tok');
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
    expect(api.callsTo(`/api/document-templates/${rent._id}/published`, 'POST')[0]?.body).toEqual({
      published: true,
      secure_access: false,
    });
    fireEvent.click(screen.getByRole('switch', { name: /Secure access/ }));
    await waitFor(() =>
      expect(api.callsTo(`/api/document-templates/${rent._id}/published`, 'POST')[1]?.body).toEqual({
        published: true,
        secure_access: true,
      }),
    );
  });

  it('deactivates and deletes a template after confirmation', async () => {
    const api = installFakeApi(
      listServer([rent], (call) => {
        if (call.path === `/api/configurable-documents/${rent._id}/status`)
          return ok(makeConfigurableDocument());
        if (call.path === `/api/document-templates/${rent._id}` && call.method === 'DELETE')
          return ok({ _id: rent._id });
        return undefined;
      }),
    );
    renderRoute(<TemplatesScreen />, '/templates', '/templates');
    await screen.findAllByTestId('template-row');
    await openAction('Rent agreement', 'Deactivate');
    await waitFor(() =>
      expect(api.callsTo(`/api/configurable-documents/${rent._id}/status`)).toHaveLength(1),
    );
    expect(api.callsTo(`/api/configurable-documents/${rent._id}/status`)[0]).toMatchObject({
      method: 'PATCH',
      body: { status: 'INACTIVE' },
    });

    await openAction('Rent agreement', 'Delete');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo(`/api/document-templates/${rent._id}`, 'DELETE')).toHaveLength(1));
  });

  it('downloads the data of the documents sent from a template as CSV; a failure shows', async () => {
    let attempt = 0;
    const api = installFakeApi(
      listServer([rent], (call) => {
        if (call.path !== `/api/documents/template-documents-data/${rent._id}`) return undefined;
        attempt += 1;
        if (attempt === 2) return fail(404, 'Template not found');
        return new Response('Document,Status\r\n', { status: 200, headers: { 'content-type': 'text/csv' } });
      }),
    );
    renderRoute(<TemplatesScreen />, '/templates', '/templates');
    await screen.findAllByTestId('template-row');
    await openAction('Rent agreement', 'Download data (CSV)');
    await waitFor(() =>
      expect(api.callsTo(`/api/documents/template-documents-data/${rent._id}`)).toHaveLength(1),
    );
    expect(api.callsTo(`/api/documents/template-documents-data/${rent._id}`)[0]?.url).toContain('format=csv');
    await openAction('Rent agreement', 'Download data (CSV)');
    expect(await screen.findByText('Could not download the data')).toBeTruthy();
  });

  it('shows only what the caller may do', async () => {
    installFakeApi((call) => {
      if (call.path === '/api/permissions') {
        return ok(
          makePermissionOverview('MEMBER', 'BUSINESS', [
            'templates:view',
            'templates:send',
            'documents:send',
          ]),
        );
      }
      if (call.path === '/api/document-templates')
        return ok({ data: [rent], total: 1, page: 1, total_pages: 1 });
      return undefined;
    });
    renderRoute(<TemplatesScreen />, '/templates', '/templates');
    await screen.findAllByTestId('template-row');
    expect(screen.queryByRole('link', { name: 'New template' })).toBeNull();
    expect(within(rowOf('Rent agreement')).getByRole('link', { name: 'Send Rent agreement' })).toBeTruthy();
    fireEvent.click(
      within(rowOf('Rent agreement')).getByRole('button', { name: 'Actions for Rent agreement' }),
    );
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Bulk send']);
  });
});
