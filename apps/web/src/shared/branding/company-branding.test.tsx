import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '@esigns/contracts/branding-defaults';
import { AppProviders } from '../../app/providers';
import { installFakeApi, ok, seedStaffSession } from '../testing/fake-api';
import { createTestQueryClient, installDomPolyfills } from '../testing/render-with-providers';
import { staffSessionPerTest } from '../testing/test-session';
import { useBranding } from './branding-provider';

function Probe() {
  const branding = useBranding();
  return <p data-testid="primary">{branding.primary_color}</p>;
}

staffSessionPerTest({ session: false });

const company = (primary: string) => ({
  _id: 'c1',
  name: 'Acme Realty',
  slug: 'acme',
  logo_url: null,
  branding: { ...DEFAULT_BRANDING, primary_color: primary },
});

describe('company branding', () => {
  it("applies the signed-in company's saved colours across the app", async () => {
    installDomPolyfills();
    seedStaffSession();
    // The seeded session works in the BUSINESS workspace of company `acme`.
    const api = installFakeApi((call) =>
      call.path === '/api/company/by-slug/acme' ? ok(company('#123456')) : undefined,
    );
    render(
      <AppProviders queryClient={createTestQueryClient()}>
        <Probe />
      </AppProviders>,
    );
    await waitFor(() => expect(screen.getByTestId('primary').textContent).toBe('#123456'));
    expect(api.callsTo('/api/company/by-slug/acme')).toHaveLength(1);
  });

  it('keeps the default look when signed out, without calling', () => {
    installDomPolyfills();
    const api = installFakeApi(() => undefined);
    render(
      <AppProviders queryClient={createTestQueryClient()}>
        <Probe />
      </AppProviders>,
    );
    expect(screen.getByTestId('primary').textContent).toBe(DEFAULT_BRANDING.primary_color);
    expect(api.calls).toHaveLength(0);
  });
});
