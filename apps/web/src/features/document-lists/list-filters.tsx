import { useEffect, useState } from 'react';
import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import type { TDocumentDateField, TDocumentListSort } from '@esigns/contracts/document-lists';
import { DateField } from '../../shared/ui/date-field';
import { isNarrowed, type ListState } from './use-list-state';

const SORT_OPTIONS: { value: TDocumentListSort; label: string }[] = [
  { value: '-updated_at', label: 'Last changed' },
  { value: '-sent_at', label: 'Newest sent' },
  { value: 'sent_at', label: 'Oldest sent' },
  { value: '-created_at', label: 'Newest created' },
  { value: 'created_at', label: 'Oldest created' },
  { value: 'expires_at', label: 'Expiring soonest' },
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
];

const DATE_FIELDS: { value: TDocumentDateField; label: string }[] = [
  { value: 'created_at', label: 'Created' },
  { value: 'sent_at', label: 'Sent' },
];

export type OwnerOption = { value: string; label: string };

export type ListFiltersProps = {
  state: ListState;
  update: (change: Partial<ListState>) => void;
  /** The senders to filter by; the owner filter is hidden without them. */
  owners?: OwnerOption[];
  /** The route fixes the recipient (a contact's documents): no recipient filter. */
  hasFixedRecipient?: boolean;
};

/**
 * A text field that reports its value once typing pauses (search, recipient email). A change of
 * `value` from elsewhere (clearing the filters, going back) replaces what is typed; the echo of
 * its own settled value does not, so fast typing is never overwritten.
 */
function useDebouncedField(value: string, onSettled: (value: string) => void) {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  const [settled] = useDebouncedValue(draft, 350);
  if (value !== seen) {
    setSeen(value);
    if (value !== settled) setDraft(value);
  }
  useEffect(() => {
    if (settled !== value) onSettled(settled);
    // Only a settled change of the draft writes the address.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);
  return [draft, setDraft] as const;
}

/**
 * The bar above a document list: search, sort, date range (created or sent), recipient and, for
 * callers who see others' documents, the sender. Every change lands in the address.
 */
export function ListFilters({ state, update, owners, hasFixedRecipient }: ListFiltersProps) {
  const [search, setSearch] = useDebouncedField(state.search, (value) => update({ search: value }));
  const [recipient, setRecipient] = useDebouncedField(state.recipient, (value) =>
    update({ recipient: value }),
  );
  const clear = () => {
    setSearch('');
    setRecipient('');
    update({ search: '', from: '', to: '', recipient: '', owner: '', dateField: 'created_at' });
  };
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        placeholder="Search name, recipient or email"
        aria-label="Search documents"
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        w={{ base: '100%', xs: 260 }}
      />
      <NativeSelect
        aria-label="Sort documents"
        data={SORT_OPTIONS}
        value={state.sort}
        onChange={(event) => update({ sort: event.currentTarget.value as TDocumentListSort })}
        w={{ base: '100%', xs: 170 }}
      />
      {/* On a phone: the kind of date on its own line, the two dates sharing the next one (in one
          row of 110 + 150 + 150 px they overflowed a 390 px screen). */}
      <Group gap={6} wrap="wrap" align="flex-end" w={{ base: '100%', xs: 'auto' }}>
        <NativeSelect
          aria-label="Date to filter by"
          data={DATE_FIELDS}
          value={state.dateField}
          onChange={(event) => update({ dateField: event.currentTarget.value as TDocumentDateField })}
          w={{ base: 'auto', xs: 110 }}
          flex={{ base: '1 1 100%', xs: 'none' }}
        />
        <DateField
          aria-label="From date"
          value={state.from}
          max={state.to || undefined}
          onChange={(from) => update({ from })}
          w={{ base: 'auto', xs: 150 }}
          flex={{ base: '1 1 0', xs: 'none' }}
          miw={0}
        />
        <DateField
          aria-label="To date"
          value={state.to}
          min={state.from || undefined}
          onChange={(to) => update({ to })}
          w={{ base: 'auto', xs: 150 }}
          flex={{ base: '1 1 0', xs: 'none' }}
          miw={0}
        />
      </Group>
      {!hasFixedRecipient && (
        <TextInput
          placeholder="Recipient email"
          aria-label="Filter by recipient email"
          value={recipient}
          onChange={(event) => setRecipient(event.currentTarget.value)}
          w={{ base: '100%', xs: 200 }}
        />
      )}
      {owners && owners.length > 0 && (
        <NativeSelect
          aria-label="Filter by sender"
          data={[{ value: '', label: 'Any sender' }, ...owners]}
          value={state.owner}
          onChange={(event) => update({ owner: event.currentTarget.value })}
          w={{ base: '100%', xs: 190 }}
        />
      )}
      {isNarrowed(state) && (
        <Button variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={clear}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
