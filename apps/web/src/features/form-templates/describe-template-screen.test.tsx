import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, invalid, ok } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { withPermissions } from '../team/team-test-utils';
import { DescribeTemplateScreen } from './describe-template-screen';
import { TEMPLATE_ID, makeFormTemplate, renderAt } from './form-templates-test-utils';

staffSessionPerTest();

describe('DescribeTemplateScreen', { timeout: 20_000 }, () => {
  it('shows the fields read from the description and creates the template, then opens the builder', async () => {
    const api = installFakeApi(
      withPermissions('ADMIN', (call) =>
        call.path === '/api/template/create' ? ok(makeFormTemplate()) : undefined,
      ),
    );
    const router = renderAt(
      <DescribeTemplateScreen />,
      '/template/create-with-ai',
      '/template/create-with-ai',
    );
    fireEvent.change(screen.getByRole('textbox', { name: /Template name/ }), { target: { value: 'Leads' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Fields/ }), {
      target: { value: 'Name\nMobile number\nStatus (New, Won)' },
    });
    const table = screen.getByTestId('described-fields');
    expect(within(table).getByText('Phone')).toBeTruthy();
    expect(within(table).getByText('New, Won')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Create and open in the builder' }));
    await screen.findByTestId('edit-screen');
    expect(router.state.location.pathname).toBe(`/template/${TEMPLATE_ID}/edit`);
    expect(api.callsTo('/api/template/create')[0]?.body).toMatchObject({
      name: 'Leads',
      fields: [
        { key: 'name', type: 'SINGLE_LINE_TEXT', required: true },
        { key: 'mobile_number', type: 'PHONE' },
        { key: 'status', type: 'SELECT', options: [{ value: 'New' }, { value: 'Won' }] },
      ],
    });
  });

  it('shows the server refusal against the name', async () => {
    installFakeApi(
      withPermissions('ADMIN', (call) =>
        call.path === '/api/template/create'
          ? invalid({ name: 'Another template is already called Leads' })
          : undefined,
      ),
    );
    renderAt(<DescribeTemplateScreen />, '/template/create-with-ai', '/template/create-with-ai');
    fireEvent.change(screen.getByRole('textbox', { name: /Template name/ }), { target: { value: 'Leads' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Fields/ }), { target: { value: 'Name' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create and open in the builder' }));
    await waitFor(() => expect(screen.getByText('Another template is already called Leads')).toBeTruthy());
  });
});
