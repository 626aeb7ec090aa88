import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { layoutPerTest } from '../../shared/testing/layout-stubs';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { makeRecipient } from './document-lists-test-utils';
import { RecipientsPanel } from './recipients-panel';

afterEach(cleanup);

const recipients = [
  makeRecipient({
    _id: 'r1',
    name: 'Arjun Nair',
    email: 'arjun@example.com',
    status: 'VIEWED',
    is_due: true,
    sent_at: '2026-11-28T10:00:00.000Z',
    viewed_at: '2026-11-28T11:00:00.000Z',
    reminders_sent: 1,
  }),
];

describe('RecipientsPanel on a 390 px phone', () => {
  layoutPerTest({ windowWidth: 390 });

  it('shows each recipient as a card with their status and activity (no table to scroll sideways)', () => {
    renderWithProviders(<RecipientsPanel recipients={recipients} signingOrder />);
    expect(screen.queryByTestId('recipients-table')).toBeNull();
    const card = screen.getByTestId('recipient-card');
    expect(within(card).getByText('Arjun Nair')).toBeTruthy();
    expect(within(card).getByText('Their turn')).toBeTruthy();
    expect(within(card).getByText(/^Viewed /)).toBeTruthy();
    expect(within(card).getByText('1 reminder')).toBeTruthy();
  });
});

describe('RecipientsPanel on a desk', () => {
  layoutPerTest({ windowWidth: 1280 });

  it('keeps the table', () => {
    renderWithProviders(<RecipientsPanel recipients={recipients} signingOrder={false} />);
    expect(screen.getByTestId('recipients-table')).toBeTruthy();
    expect(screen.queryByTestId('recipient-card')).toBeNull();
  });
});
