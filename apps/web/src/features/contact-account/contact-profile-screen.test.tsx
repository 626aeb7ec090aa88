import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, invalid, makeContactDetails, ok, shellHandler } from '../../shared/testing/fake-api';
import { contactSessionPerTest } from '../../shared/testing/test-session';
import { renderApp } from '../../test/render-app';

contactSessionPerTest();

function profileApi(patch = (body: unknown) => ok(makeContactDetails(body as object))) {
  return installFakeApi(async (call) => {
    if (call.path === '/api/application-user/profile') {
      return call.method === 'PATCH' ? patch(call.body) : ok(makeContactDetails({ phone: '+1 555 0100' }));
    }
    if (call.path === '/api/signature' || call.path === '/api/initials/user/me')
      return ok({ signature: null, initial: null });
    return (await shellHandler(call)) ?? ok({});
  });
}

describe('ContactProfileScreen (/ap/profile)', () => {
  it("shows the contact's details and saves a new name", async () => {
    const api = profileApi();
    renderApp('/ap/profile');
    const first = (await screen.findByLabelText(/^First name/)) as HTMLInputElement;
    expect(first.value).toBe('Tara');
    expect((screen.getByLabelText(/^Phone/) as HTMLInputElement).value).toBe('+1 555 0100');
    fireEvent.change(first, { target: { value: 'Tamsin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() =>
      expect(api.callsTo('/api/application-user/profile').some((c) => c.method === 'PATCH')).toBe(true),
    );
    const patch = api.callsTo('/api/application-user/profile').find((c) => c.method === 'PATCH');
    expect(patch?.body).toEqual({ first_name: 'Tamsin', last_name: 'Tenant', phone: '+1 555 0100' });
  });

  it('shows a refused field under its input', async () => {
    profileApi(() => invalid({ phone: 'Enter a phone number like +91 98765 43210' }));
    renderApp('/ap/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Enter a phone number like +91 98765 43210')).toBeTruthy();
  });

  it('changes the password through /password/update', async () => {
    const api = profileApi();
    renderApp('/ap/profile');
    fireEvent.click(await screen.findByRole('tab', { name: 'Password' }));
    fireEvent.change(await screen.findByLabelText(/^Current password/), {
      target: { value: 'Old-harbour-1' },
    });
    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'Quiet-harbour-58' } });
    fireEvent.change(screen.getByLabelText(/^Confirm new password/), {
      target: { value: 'Quiet-harbour-58' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(api.callsTo('/api/password/update')).toHaveLength(1));
  });

  it('offers the signature editor', async () => {
    profileApi();
    renderApp('/ap/profile');
    fireEvent.click(await screen.findByRole('tab', { name: 'Signature' }));
    expect(await screen.findByText(/No signature saved yet/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save signature' })).toBeTruthy();
  });
});
