import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '@esigns/contracts/branding-defaults';
import { installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { CompanyProfileScreen, employeeSigninUrl } from './company-profile-screen';
import type { TCompanyProfile } from './team-api';
import { renderScreen, withPermissions } from './team-test-utils';

const acme: TCompanyProfile = {
  _id: 'c1',
  name: 'Acme Corp',
  slug: 'acme',
  plan_type: 'BUSINESS',
  is_active: true,
  logo_url: null,
  branding: { ...DEFAULT_BRANDING },
};

function companyHandler(next: FakeHandler = () => undefined): FakeHandler {
  return (call) => {
    if (call.path === '/api/company/c1') return ok(acme);
    if (call.path === '/api/company-name-status') {
      const { name } = call.body as { name: string };
      return ok({ available: name.toLowerCase() !== 'globex' });
    }
    if (call.path === '/api/company' && call.method === 'PATCH') {
      const body = call.body as { name?: string; slug?: string; branding?: object };
      return ok({ ...acme, ...body, branding: { ...acme.branding, ...body.branding } });
    }
    return next(call);
  };
}

staffSessionPerTest();

describe('CompanyProfileScreen', () => {
  it('hints whether a new name is free, once typing pauses', async () => {
    const api = installFakeApi(withPermissions('OWNER', companyHandler()));
    renderScreen(<CompanyProfileScreen />, '/profile/companyProfile');
    const name = await screen.findByLabelText(/^Company name/);
    expect((name as HTMLInputElement).value).toBe('Acme Corp');
    expect(screen.queryByTestId('company-name-status')).toBeNull();

    fireEvent.change(name, { target: { value: 'Globex' } });
    expect(await screen.findByText('Another company already uses this name')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Acme Industries' } });
    expect(await screen.findByText('This name is available')).toBeTruthy();
    const checked = api.callsTo('/api/company-name-status').map((call) => call.body);
    expect(checked).toEqual([{ name: 'Globex' }, { name: 'Acme Industries' }]);
    // Back to the current name: nothing to check.
    fireEvent.change(name, { target: { value: 'Acme Corp' } });
    await waitFor(() => expect(screen.queryByTestId('company-name-status')).toBeNull());
  });

  it('saves only what changed: name and sign-in address; links to Branding for logo and colours', async () => {
    const api = installFakeApi(withPermissions('OWNER', companyHandler()));
    renderScreen(<CompanyProfileScreen />, '/profile/companyProfile');
    const save = (await screen.findByRole('button', { name: 'Save changes' })) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(screen.getByTestId('employee-signin-url').textContent).toBe(employeeSigninUrl('acme'));

    fireEvent.change(screen.getByLabelText(/^Company name/), { target: { value: 'Acme Industries' } });
    fireEvent.change(screen.getByLabelText(/^Sign-in address/), { target: { value: 'Acme-Ind' } });
    expect(screen.getByTestId('employee-signin-url').textContent).toBe(employeeSigninUrl('acme-ind'));
    expect(screen.queryByLabelText(/^Primary colour/)).toBeNull();
    expect(screen.getByTestId('branding-link').getAttribute('href')).toBe('/branding');
    fireEvent.click(save);

    await waitFor(() => expect(api.callsTo('/api/company', 'PATCH')).toHaveLength(1));
    expect(api.callsTo('/api/company')[0]?.body).toEqual({
      name: 'Acme Industries',
      slug: 'acme-ind',
    });
    expect(await screen.findByText('Company profile saved')).toBeTruthy();
  });

  it('checks the form before saving', async () => {
    const api = installFakeApi(withPermissions('OWNER', companyHandler()));
    renderScreen(<CompanyProfileScreen />, '/profile/companyProfile');
    fireEvent.change(await screen.findByLabelText(/^Sign-in address/), { target: { value: 'a b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Use 3-50 letters, digits and dashes')).toBeTruthy();
    expect(api.callsTo('/api/company', 'PATCH')).toHaveLength(0);
  });

  it('shows a MEMBER no company profile', async () => {
    const api = installFakeApi(withPermissions('MEMBER', companyHandler()));
    renderScreen(<CompanyProfileScreen />, '/profile/companyProfile');
    expect(await screen.findByTestId('no-access')).toBeTruthy();
    expect(api.callsTo('/api/company/c1')).toHaveLength(0);
  });
});
