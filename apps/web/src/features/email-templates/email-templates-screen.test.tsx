import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { rowWithText } from '../../shared/testing/user-input';
import { EmailTemplatesScreen } from './email-templates-screen';
import {
  TEMPLATE_ID,
  frameTemplate,
  makeTemplate,
  renderAt,
  templatesServer,
} from './email-templates-test-utils';

const welcome = makeTemplate();

staffSessionPerTest();

describe('EmailTemplatesScreen', { timeout: 20_000 }, () => {
  it('lists the entity templates, searches on the server and switches to headers and footers', async () => {
    const api = installFakeApi(templatesServer('ADMIN', [welcome, frameTemplate]));
    renderAt(<EmailTemplatesScreen />, '/email-template', '/email-template');
    await screen.findByText('Welcome tenant');
    const row = rowWithText('email-template-row', 'Welcome tenant');
    expect(within(row).getByText('Tenants')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      `/email-template/edit/${TEMPLATE_ID}`,
    );
    expect(screen.queryByText('Brand')).toBeNull();
    expect(api.callsTo('/api/email-template/list')[0]?.url).toContain('type=ENTITY');
    fireEvent.change(screen.getByLabelText('Search email templates'), { target: { value: 'wel' } });
    await waitFor(() => expect(api.callsTo('/api/email-template/list').at(-1)?.url).toContain('search=wel'));

    fireEvent.click(screen.getByText('Headers and footers'));
    await screen.findByText('Brand');
    expect(screen.getByText('Default')).toBeTruthy();
    expect(api.callsTo('/api/email-template/list').at(-1)?.url).toContain('type=HEADER_FOOTER');
  });

  it('duplicates and deletes (after asking)', async () => {
    const api = installFakeApi(
      templatesServer('ADMIN', [welcome], (call) => {
        if (call.path === '/api/entity-email-template/duplicate')
          return ok(makeTemplate({ name: 'Copy of Welcome tenant' }));
        if (call.method === 'DELETE') return ok({ _id: TEMPLATE_ID });
        return undefined;
      }),
    );
    renderAt(<EmailTemplatesScreen />, '/email-template', '/email-template');
    await screen.findByText('Welcome tenant');
    fireEvent.click(screen.getByRole('button', { name: 'More actions for Welcome tenant' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Duplicate' }));
    await waitFor(() =>
      expect(api.callsTo('/api/entity-email-template/duplicate')[0]?.body).toEqual({ id: TEMPLATE_ID }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'More actions for Welcome tenant' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete email template' });
    expect(api.callsTo(`/api/entity-email-template/delete/${TEMPLATE_ID}`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(api.callsTo(`/api/entity-email-template/delete/${TEMPLATE_ID}`, 'DELETE')).toHaveLength(1),
    );
  });

  it('hides creating, editing and deleting from a manager, and the list from a member', async () => {
    installFakeApi(templatesServer('MANAGER', [welcome]));
    renderAt(<EmailTemplatesScreen />, '/email-template', '/email-template');
    await screen.findByText('Welcome tenant');
    expect(screen.queryByRole('link', { name: 'New email template' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More actions for Welcome tenant' })).toBeNull();
  });

  it('tells a member they cannot see email templates', async () => {
    installFakeApi(templatesServer('MEMBER', [welcome]));
    renderAt(<EmailTemplatesScreen />, '/email-template', '/email-template');
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });
});
