import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import {
  CreateEmailTemplateScreen,
  CreateHeaderFooterScreen,
  EditEmailTemplateScreen,
} from './editor-screens';
import {
  ENTITY_ID,
  RECORD_ID,
  TEMPLATE_ID,
  frameTemplate,
  makeTemplate,
  renderAt,
  templatesServer,
} from './email-templates-test-utils';
import { groupFields } from './merge-field-picker';
import { MERGE_FIELDS } from './email-templates-test-utils';

const welcome = makeTemplate();
const EDIT = '/email-template/edit/:template_id';

staffSessionPerTest();

describe('email template editor', { timeout: 30_000 }, () => {
  it('creates a template; the picker inserts a merge field at the subject cursor', async () => {
    const api = installFakeApi(
      templatesServer('ADMIN', [frameTemplate], (call) =>
        call.path === '/api/entity-email-template/create' ? ok(makeTemplate({ name: 'Hello' })) : undefined,
      ),
    );
    const router = renderAt(
      <CreateEmailTemplateScreen />,
      '/email-template/create',
      `/email-template/create?entity_id=${ENTITY_ID}`,
    );
    const subject = (await screen.findByRole('textbox', { name: 'Subject' })) as HTMLInputElement;
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'Hello' } });
    fireEvent.change(subject, { target: { value: 'Dear !' } });
    fireEvent.focus(subject);
    subject.setSelectionRange(5, 5);
    fireEvent.click(screen.getByRole('button', { name: 'Insert merge field' }));
    fireEvent.change(await screen.findByLabelText('Search merge fields'), { target: { value: 'first' } });
    expect(screen.queryByRole('button', { name: 'Insert Company name' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Insert First name' }));
    expect(subject.value).toBe('Dear {{tenant.first_name}}!');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('/api/entity-email-template/create')).toHaveLength(1));
    expect(api.callsTo('/api/entity-email-template/create')[0]?.body).toMatchObject({
      type: 'ENTITY',
      name: 'Hello',
      entity_id: ENTITY_ID,
      subject: 'Dear {{tenant.first_name}}!',
      header_footer_id: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/email-template/edit/${TEMPLATE_ID}`));
  });

  it('shows the 422 of an unknown merge field on its field', async () => {
    installFakeApi(
      templatesServer('ADMIN', [welcome], (call) =>
        call.method === 'PATCH' ? invalid({ subject: 'Unknown merge field {{tenant.nope}}' }) : undefined,
      ),
    );
    renderAt(<EditEmailTemplateScreen />, EDIT, `/email-template/edit/${TEMPLATE_ID}`);
    const subject = await screen.findByRole('textbox', { name: 'Subject' });
    expect((subject as HTMLInputElement).value).toBe('Welcome {{tenant.first_name}}');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Unknown merge field {{tenant.nope}}')).toBeTruthy();
    expect(subject.getAttribute('aria-invalid')).toBe('true');
  });

  it('previews the draft with a record: subject, sandboxed HTML, text and empty fields; sends a test', async () => {
    const rendered = {
      subject: 'Welcome Jane',
      html: '<p>Hello Jane</p>',
      text: 'Hello Jane',
      empty_fields: ['tenant.email'],
    };
    const api = installFakeApi(
      templatesServer('ADMIN', [welcome], (call) =>
        call.path === '/api/entity-email-template/preview' ? ok(rendered) : undefined,
      ),
    );
    renderAt(<EditEmailTemplateScreen />, EDIT, `/email-template/edit/${TEMPLATE_ID}`);
    fireEvent.click(await screen.findByPlaceholderText('The newest record'));
    fireEvent.click(await screen.findByRole('option', { name: 'Jane Doe' }));
    fireEvent.click(screen.getByRole('button', { name: 'Preview' }));
    expect(await screen.findByText('Welcome Jane')).toBeTruthy();
    const frame = screen.getByTitle('Mail preview');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe('<p>Hello Jane</p>');
    expect(screen.getByText('{{tenant.email}}')).toBeTruthy();
    expect(api.callsTo('/api/entity-email-template/preview')[0]?.body).toMatchObject({
      draft: { entity_id: ENTITY_ID, subject: 'Welcome {{tenant.first_name}}' },
      record_id: RECORD_ID,
      send_to_me: false,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send a test to myself' }));
    await waitFor(() =>
      expect(api.callsTo('/api/entity-email-template/preview').at(-1)?.body).toMatchObject({
        send_to_me: true,
      }),
    );
    expect(await screen.findByText('Test mail sent to you')).toBeTruthy();
  });

  it('refuses the editor to a user type without the right', async () => {
    installFakeApi(templatesServer('MANAGER', [welcome]));
    renderAt(<EditEmailTemplateScreen />, EDIT, `/email-template/edit/${TEMPLATE_ID}`);
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('creates a default header and footer, with a sample preview', async () => {
    const api = installFakeApi(
      templatesServer('ADMIN', [], (call) =>
        call.path === '/api/entity-email-template/create' ? ok(frameTemplate) : undefined,
      ),
    );
    const router = renderAt(
      <CreateHeaderFooterScreen />,
      '/email-header-footer-template/create',
      '/email-header-footer-template/create',
    );
    fireEvent.change(await screen.findByRole('textbox', { name: 'Name' }), { target: { value: 'Brand' } });
    fireEvent.click(screen.getByRole('switch', { name: /Use as the company default/ }));
    expect(
      within(screen.getByText('Preview of a sample mail').parentElement!).getByTitle('Mail preview'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(api.callsTo('/api/entity-email-template/create')[0]?.body).toMatchObject({
        type: 'HEADER_FOOTER',
        name: 'Brand',
        is_default: true,
      }),
    );
    await waitFor(() =>
      expect(router.state.location.pathname).toContain('/email-header-footer-template/edit/'),
    );
  });
});

describe('groupFields', () => {
  it('groups in order and searches labels and names', () => {
    expect(groupFields(MERGE_FIELDS, '').map(([group]) => group)).toEqual(['Tenant', 'Company']);
    expect(groupFields(MERGE_FIELDS, 'company.')).toEqual([['Company', [MERGE_FIELDS[2]]]]);
  });
});
