import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '@esigns/contracts/branding-defaults';
import { installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import type { TCompanyProfile } from '../team/team-api';
import { renderScreen, withPermissions } from '../team/team-test-utils';
import { BrandingScreen } from './branding-screen';

const acme: TCompanyProfile = {
  _id: 'c1',
  name: 'Acme Corp',
  slug: 'acme',
  plan_type: 'BUSINESS',
  is_active: true,
  logo_url: null,
  branding: { ...DEFAULT_BRANDING, dialog_header_color: '#1f2937', dialog_header_text_color: '#ffffff' },
};

function brandingServer(): FakeHandler {
  return (call) => {
    if (call.path === '/api/company/c1') return ok(acme);
    if (call.path === '/api/company/branding/mail-preview') {
      const { branding } = call.body as { branding: { primary_color?: string } };
      return ok({ subject: 'Sample', html: `<p>primary ${branding.primary_color ?? 'saved'}</p>`, text: '' });
    }
    if (call.path === '/api/email-template/list') {
      return ok({
        data: [{ _id: 't9', name: 'Letterhead', type: 'HEADER_FOOTER', is_default: true }],
        total: 1,
        page: 1,
        total_pages: 1,
      });
    }
    if (call.path === '/api/company' && call.method === 'PATCH') {
      const { branding } = call.body as { branding: object };
      return ok({ ...acme, branding: { ...acme.branding, ...branding } });
    }
    return undefined;
  };
}

staffSessionPerTest();

const colour = (name: string): HTMLInputElement => {
  const input = document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!input) throw new Error(`no colour input ${name}`);
  return input;
};

describe('BrandingScreen', () => {
  it('warns of text that would not read, adjusts it, and saves only what changed', async () => {
    const api = installFakeApi(withPermissions('OWNER', brandingServer()));
    renderScreen(<BrandingScreen />, '/branding');
    const save = (await screen.findByRole('button', { name: 'Save branding' })) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(await screen.findByRole('link', { name: 'Edit “Letterhead”' })).toHaveProperty(
      'pathname',
      '/email-header-footer-template/edit/t9',
    );
    // The saved orange: white text does not read, an advice (saving is not blocked by it).
    expect(within(screen.getByTestId('contrast-warnings')).getByText(/White text is 2\.\d\d:1/)).toBeTruthy();

    fireEvent.change(colour('dialog_header_text_color'), { target: { value: '#333333' } });
    const warning = await screen.findByText(/^Dialog header text on its background is 1\.\d\d:1/);
    expect(warning).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /^Adjust dialog header text to #/ }));
    await waitFor(() => expect(screen.queryByText(/^Dialog header text on its background/)).toBeNull());
    const adjusted = colour('dialog_header_text_color').value;
    expect(adjusted).toMatch(/^#[0-9a-f]{6}$/);

    fireEvent.change(colour('primary_color'), { target: { value: '#0055aa' } });
    expect(screen.queryByText(/^White text is .* on the primary colour/)).toBeNull();
    // The live preview takes the new colours, the mail preview asks the server for them.
    expect(screen.getByTestId('preview-primary-button').style.color).toBe('rgb(255, 255, 255)');
    await waitFor(() =>
      expect(api.callsTo('/api/company/branding/mail-preview').at(-1)?.body).toEqual({
        branding: { primary_color: '#0055aa', dialog_header_text_color: adjusted },
      }),
    );
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(api.callsTo('/api/company', 'PATCH')).toHaveLength(1));
    expect(api.callsTo('/api/company', 'PATCH')[0]?.body).toEqual({
      branding: { primary_color: '#0055aa', dialog_header_text_color: adjusted },
    });
    expect(await screen.findByText('Branding saved')).toBeTruthy();
  });

  it('shows a bad colour as a field error and does not save it', async () => {
    const api = installFakeApi(withPermissions('OWNER', brandingServer()));
    renderScreen(<BrandingScreen />, '/branding');
    await screen.findByRole('button', { name: 'Save branding' });
    fireEvent.change(colour('link_color'), { target: { value: '#12' } });
    expect(await screen.findByText('Use a colour like #1a2b3c, or leave it empty')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save branding' }) as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('/api/company', 'PATCH')).toHaveLength(0);
  });

  it('shows a MEMBER no branding', async () => {
    const api = installFakeApi(withPermissions('MEMBER', brandingServer()));
    renderScreen(<BrandingScreen />, '/branding');
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(api.callsTo('/api/company/c1')).toHaveLength(0);
  });
});
