import { useState, type ReactNode } from 'react';
import {
  Combobox,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  useCombobox,
  type MantineSize,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAddressBook, IconMail } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZContactEmail, type TContactUser } from '@esigns/contracts/contacts';
import { CONTACT_KEYS, fetchContactUsers } from './contacts-api';

/** What the picker hands back: a contact of the address book, or (`allowNewEmail`) a typed email. */
export type ContactPickerValue = {
  /** Null for an email typed in that is not a contact yet (only with `allowNewEmail`). */
  contact_id: string | null;
  email: string;
  first_name: string;
  last_name: string;
};

export type ContactPickerProps = {
  /** Called with the chosen contact; the input is then cleared (or shows the email, see `keepValue`). */
  onSelect: (contact: ContactPickerValue) => void;
  label?: ReactNode;
  description?: ReactNode;
  placeholder?: string;
  /** A message under the input (e.g. a 422 of the recipients). */
  error?: ReactNode;
  disabled?: boolean;
  /** Emails not to offer (recipients already chosen); compared lowercased. */
  excludeEmails?: readonly string[];
  /** Offer "Use <email>" when the text is a valid email that is no contact. */
  allowNewEmail?: boolean;
  /** Keep the chosen email in the input instead of clearing it. */
  keepValue?: boolean;
  /** Most suggestions shown (the server caps it at 50). */
  limit?: number;
  size?: MantineSize;
  /** Accessible name when there is no visible label. */
  'aria-label'?: string;
};

const toValue = (row: TContactUser): ContactPickerValue => ({
  contact_id: row.contact_id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
});

/**
 * A search box over the address book (`GET /contact-users?search=`) for picking recipients:
 * type a name, email or account, choose a suggestion (name, email, type). Needs `contacts:view`;
 * without it the suggestions stay empty (and `allowNewEmail` still takes typed emails).
 */
export function ContactPicker({
  onSelect,
  label,
  description,
  placeholder = 'Search contacts by name or email',
  error,
  disabled = false,
  excludeEmails = [],
  allowNewEmail = false,
  keepValue = false,
  limit = 8,
  size,
  'aria-label': ariaLabel,
}: ContactPickerProps) {
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const isOpen = combobox.dropdownOpened;

  const suggestions = useQuery({
    queryKey: [...CONTACT_KEYS.picker(debounced), limit],
    queryFn: ({ signal }) => fetchContactUsers(debounced, limit, signal),
    enabled: isOpen && !disabled,
    staleTime: 30_000,
    // The suggestions stay while the next search runs (no flicker while typing).
    placeholderData: keepPreviousData,
  });

  const excluded = new Set(excludeEmails.map((email) => email.trim().toLowerCase()));
  const rows = (suggestions.data ?? []).filter((row) => !excluded.has(row.email));
  const typed = ZContactEmail.safeParse(search);
  const newEmail =
    allowNewEmail &&
    typed.success &&
    !excluded.has(typed.data) &&
    !rows.some((row) => row.email === typed.data)
      ? typed.data
      : null;

  const choose = (value: ContactPickerValue) => {
    onSelect(value);
    setSearch(keepValue ? value.email : '');
    combobox.closeDropdown();
  };

  const submit = (optionValue: string) => {
    if (optionValue === '__new__' && newEmail) {
      choose({ contact_id: null, email: newEmail, first_name: '', last_name: '' });
      return;
    }
    const row = rows.find((candidate) => candidate.contact_id === optionValue);
    if (row) choose(toValue(row));
  };

  const options = rows.map((row) => (
    <Combobox.Option value={row.contact_id} key={row.contact_id} aria-label={`${row.name} ${row.email}`}>
      <Group gap="sm" wrap="nowrap">
        <IconAddressBook size={16} color="var(--mantine-color-gray-6)" style={{ flexShrink: 0 }} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} truncate="end">
            {row.name}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {[row.name !== row.email ? row.email : '', row.contact_type, row.account_name]
              .filter(Boolean)
              .join(' · ')}
          </Text>
        </Stack>
      </Group>
    </Combobox.Option>
  ));

  return (
    <Combobox store={combobox} onOptionSubmit={submit} withinPortal>
      <Combobox.Target>
        <TextInput
          label={label}
          description={description}
          placeholder={placeholder}
          error={error}
          disabled={disabled}
          size={size}
          aria-label={ariaLabel}
          value={search}
          autoComplete="off"
          rightSection={suggestions.isFetching ? <Loader size={14} /> : null}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={280} style={{ overflowY: 'auto' }}>
          {options}
          {newEmail && (
            <Combobox.Option value="__new__" aria-label={`Use ${newEmail}`}>
              <Group gap="sm" wrap="nowrap">
                <IconMail size={16} color="var(--mantine-color-gray-6)" />
                <Text size="sm">
                  Use <b>{newEmail}</b>
                </Text>
              </Group>
            </Combobox.Option>
          )}
          {options.length === 0 && !newEmail && (
            <Combobox.Empty>
              {suggestions.isPending || suggestions.isFetching
                ? 'Searching…'
                : suggestions.isError
                  ? 'Contacts could not be loaded'
                  : 'No contacts found'}
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
