import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../shared/session/session-store';
import { installFakeApi, invalid, makeUserDetails, ok, shellHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { typeInto } from '../../shared/testing/user-input';
import { PROFILE_SCREENS } from './screens';
import { renderScreens } from './screen-test-utils';

// The first test of a file also compiles the lazy screens: allow more than the default 5 s.
vi.setConfig({ testTimeout: 15_000 });

staffSessionPerTest();

describe('profile area', () => {
  it('/profile opens personal information, with the sub-navigation of its children', async () => {
    installFakeApi(shellHandler);
    const router = renderScreens(PROFILE_SCREENS, '/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/personal-information'));
    expect(await screen.findByRole('heading', { name: 'Personal information' })).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Profile sections' });
    const current = nav.querySelector('[aria-current="page"]');
    expect(current?.textContent).toContain('Personal information');
    for (const label of [
      'Change password',
      'Two-step verification',
      'Signature',
      'Initial',
      'Remove workspace',
    ]) {
      expect(screen.getByRole('link', { name: label })).toBeTruthy();
    }
  });
});

describe('PersonalInformationScreen', () => {
  it('saves the profile and puts the new name into the session (top bar)', async () => {
    const api = installFakeApi((call) => {
      if (call.path === '/api/user/update-profile') {
        return ok(makeUserDetails({ first_name: 'Augusta', title: 'Analyst', phone: '+44 20 7946 0000' }));
      }
      return shellHandler(call);
    });
    renderScreens(PROFILE_SCREENS, '/profile/personal-information');
    await screen.findByRole('form', { name: 'Personal information' });
    expect((screen.getByLabelText(/^First name/) as HTMLInputElement).value).toBe('Ada');

    typeInto(/^First name/, '  Augusta ');
    typeInto(/^Title/, 'Analyst');
    typeInto(/^Phone/, '+44 20 7946 0000');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Profile updated')).toBeTruthy();
    expect(api.callsTo('/api/user/update-profile', 'PATCH')[0]?.body).toEqual({
      first_name: 'Augusta',
      last_name: 'Lovelace',
      title: 'Analyst',
      phone: '+44 20 7946 0000',
      address: null,
    });
    expect(sessionStore.getState().user?.first_name).toBe('Augusta');
  });

  it('checks the fields before the call', async () => {
    const api = installFakeApi(shellHandler);
    renderScreens(PROFILE_SCREENS, '/profile/personal-information');
    await screen.findByRole('form', { name: 'Personal information' });
    typeInto(/^First name/, ' ');
    typeInto(/^Phone/, 'call me');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(screen.getByText('Enter a phone number like +91 98765 43210')).toBeTruthy();
    expect(api.callsTo('/api/user/update-profile')).toHaveLength(0);
  });

  it("shows the server's 422 messages under their inputs", async () => {
    installFakeApi((call) =>
      call.path === '/api/user/update-profile'
        ? invalid({ phone: 'This phone number is already used', other: 'Something else is wrong' })
        : shellHandler(call),
    );
    renderScreens(PROFILE_SCREENS, '/profile/personal-information');
    await screen.findByRole('form', { name: 'Personal information' });
    typeInto(/^Phone/, '+91 98765 43210');
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));

    const message = await screen.findByText('This phone number is already used');
    const phone = screen.getByLabelText(/^Phone/);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(phone.getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByText('Something else is wrong').closest('[role="alert"]')).toBeTruthy();
    expect(sessionStore.getState().user?.phone).toBeNull();
  });
});
