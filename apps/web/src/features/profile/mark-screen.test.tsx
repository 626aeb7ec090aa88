import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClient } from '../../shared/api/api-client';
import { sessionStore } from '../../shared/session/session-store';
import { installFakeApi, ok, seedStaffSession } from '../../shared/testing/fake-api';
import { PROFILE_SCREENS } from './screens';
import { PNG_DATA_URL, renderScreens, stubCanvas } from './screen-test-utils';

let canvas: ReturnType<typeof stubCanvas>;

// The first test of a file also compiles the lazy screens: allow more than the default 5 s.
vi.setConfig({ testTimeout: 15_000 });

beforeEach(() => {
  resetApiClient();
  seedStaffSession();
  canvas = stubCanvas();
});

afterEach(() => {
  cleanup();
  canvas.restore();
  vi.unstubAllGlobals();
  sessionStore.clear();
});

describe('SignatureScreen', () => {
  it('renders the typed name in the chosen font to a PNG and saves it with PATCH /signature', async () => {
    const saved = 'https://files.example/sig.png';
    const api = installFakeApi((call) => {
      if (call.path === '/api/signature' && call.method === 'GET') return ok({ signature: null });
      if (call.path === '/api/signature' && call.method === 'PATCH') return ok({ signature: saved });
      return undefined;
    });
    renderScreens(PROFILE_SCREENS, '/profile/signature');
    expect(await screen.findByText('No signature saved yet')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Type' }));
    const name = screen.getByLabelText('Your name') as HTMLInputElement;
    expect(name.value).toBe('Ada Lovelace');
    fireEvent.change(name, { target: { value: 'A. Lovelace' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Handwriting' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Blue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save signature' }));

    expect(await screen.findByText('Signature saved')).toBeTruthy();
    const body = api.callsTo('/api/signature', 'PATCH')[0]?.body as { signature: string };
    expect(body.signature).toBe(PNG_DATA_URL);
    expect(body.signature.startsWith('data:image/png;base64,')).toBe(true);
    expect(canvas.method('fillText')).toHaveBeenCalledWith(
      'A. Lovelace',
      expect.any(Number),
      expect.any(Number),
    );
    expect(String(canvas.state.font)).toContain('eSigns Kalam');
    expect(canvas.state.fillStyle).toBe('#1d3fb8');
    await waitFor(() => expect(screen.getByTestId('mark-current').getAttribute('src')).toBe(saved));
    expect(sessionStore.getState().user?.signature).toBe(saved);
  });

  it('asks for ink before saving a drawing', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/signature' ? ok({ signature: null }) : undefined,
    );
    renderScreens(PROFILE_SCREENS, '/profile/signature');
    await screen.findByText('No signature saved yet');
    expect(screen.getByRole('button', { name: 'Save signature' }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeTruthy();
    expect(api.callsTo('/api/signature', 'PATCH')).toHaveLength(0);
  });
});

describe('InitialScreen', () => {
  it('shows the saved initials and saves new typed ones with POST /initials/user/me', async () => {
    const api = installFakeApi((call) => {
      if (call.path !== '/api/initials/user/me') return undefined;
      return call.method === 'GET'
        ? ok({ initial: 'https://files.example/old.png' })
        : ok({ initial: 'https://files.example/new.png' });
    });
    renderScreens(PROFILE_SCREENS, '/profile/initial');
    expect((await screen.findByTestId('mark-current')).getAttribute('src')).toBe(
      'https://files.example/old.png',
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Type' }));
    expect((screen.getByLabelText('Your initials') as HTMLInputElement).value).toBe('AL');
    fireEvent.click(screen.getByRole('button', { name: 'Save initials' }));
    expect(await screen.findByText('Initials saved')).toBeTruthy();
    expect(api.callsTo('/api/initials/user/me', 'POST')[0]?.body).toEqual({ initial: PNG_DATA_URL });
  });
});
