import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TWhatsappOptIn } from '@esigns/contracts/whatsapp';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { renderScreenAt } from '../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { WhatsappOptInPanel } from './contact-opt-in-panel';

const none: TWhatsappOptIn = {
  contact_id: 'c1',
  opted_in: false,
  source: '',
  recorded_at: null,
  recorded_by: null,
  phone: '07700 900123',
  phone_usable: false,
};

staffSessionPerTest();

describe('WhatsappOptInPanel', { timeout: 20_000 }, () => {
  it('says when the phone cannot be messaged and records the opt-in with its source', async () => {
    const api = installFakeApi((call) => {
      if (call.path !== '/api/whatsapp/opt-ins/c1') return undefined;
      if (call.method === 'GET') return ok(none);
      return ok({
        ...none,
        opted_in: true,
        source: 'Signed paper form',
        recorded_at: '2026-11-29T10:00:00.000Z',
      });
    });
    renderScreenAt(<WhatsappOptInPanel contactId="c1" canUpdate />, '/contacts/c1', '/contacts/c1');
    expect(await screen.findByText(/cannot be messaged: give it with the country code/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Where the consent came from' }), {
      target: { value: 'Signed paper form' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Record opt-in' }));
    await waitFor(() => expect(api.callsTo('/api/whatsapp/opt-ins/c1', 'PUT')).toHaveLength(1));
    expect(api.callsTo('/api/whatsapp/opt-ins/c1', 'PUT')[0]?.body).toEqual({
      opted_in: true,
      source: 'Signed paper form',
    });
    expect(await screen.findByText('Opted in')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw opt-in' })).toBeTruthy();
  });

  it('shows the consent without the form when the caller cannot edit contacts', async () => {
    installFakeApi((call) =>
      call.path === '/api/whatsapp/opt-ins/c1' ? ok({ ...none, phone_usable: true }) : undefined,
    );
    renderScreenAt(<WhatsappOptInPanel contactId="c1" canUpdate={false} />, '/contacts/c1', '/contacts/c1');
    expect(await screen.findByText('Not opted in')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record opt-in' })).toBeNull();
  });
});
