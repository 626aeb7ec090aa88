import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TContactUser } from '@esigns/contracts/contacts';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { ContactPicker } from './contact-picker';

staffSessionPerTest();

const row = (id: string, first: string, last: string, email: string): TContactUser => ({
  _id: id,
  contact_id: id,
  email,
  first_name: first,
  last_name: last,
  name: `${first} ${last}`,
  account_name: 'Rao Estates',
  contact_type: 'Buyer',
});
const asha = row('c1', 'Asha', 'Rao', 'asha@example.com');
const arun = row('c2', 'Arun', 'Iyer', 'arun@example.com');

describe('ContactPicker', () => {
  it('searches the address book and hands back the chosen contact', async () => {
    const api = installFakeApi((call) =>
      call.path === '/api/contact-users'
        ? ok(call.url.includes('search=as') ? [asha] : [asha, arun])
        : undefined,
    );
    const onSelect = vi.fn();
    renderWithProviders(
      <ContactPicker label="Recipient" onSelect={onSelect} excludeEmails={['ARUN@example.com']} />,
    );
    const input = screen.getByLabelText('Recipient');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'as' } });
    await waitFor(() => expect(api.calls.some((c) => c.url.includes('search=as'))).toBe(true));
    // Arun is excluded: only Asha is offered.
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    fireEvent.click(screen.getByRole('option', { name: 'Asha Rao asha@example.com' }));
    expect(onSelect).toHaveBeenCalledWith({
      contact_id: 'c1',
      email: 'asha@example.com',
      first_name: 'Asha',
      last_name: 'Rao',
    });
    expect((input as HTMLInputElement).value).toBe('');
  });

  it('leaves out excluded emails and offers a typed email that is no contact', async () => {
    installFakeApi((call) => (call.path === '/api/contact-users' ? ok([arun]) : undefined));
    const onSelect = vi.fn();
    renderWithProviders(
      <ContactPicker
        aria-label="Add recipient"
        onSelect={onSelect}
        allowNewEmail
        excludeEmails={['arun@example.com']}
      />,
    );
    const input = screen.getByLabelText('Add recipient');
    fireEvent.focus(input);
    expect(await screen.findByText('No contacts found')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'New.Person@Example.com' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Use new.person@example.com' }));
    expect(onSelect).toHaveBeenCalledWith({
      contact_id: null,
      email: 'new.person@example.com',
      first_name: '',
      last_name: '',
    });
  });
});
