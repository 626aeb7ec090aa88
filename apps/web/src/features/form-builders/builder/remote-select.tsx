import { useState } from 'react';
import { Loader, Select, type ComboboxData, type ComboboxItem } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { SEARCH_DEBOUNCE_MS } from '../../../shared/ui/list-screen';
import { errorText } from '../../../shared/ui/page-kit';

export type RemoteSelectProps = {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string, label: string) => void;
  /** Names the search's cache entries ('form-templates', 'entities'...). */
  source: string;
  search: (text: string, signal: AbortSignal) => Promise<ComboboxData>;
  /** The chosen item's name when it is known (a saved step's template), shown before any search. */
  selectedLabel?: string | undefined;
  error?: string | undefined;
};

const flatten = (data: ComboboxData): ComboboxItem[] =>
  (data as readonly unknown[]).flatMap((entry): ComboboxItem[] => {
    if (typeof entry === 'string') return [{ value: entry, label: entry }];
    const item = entry as ComboboxItem | { items: ComboboxData };
    return 'items' in item ? flatten(item.items) : [item];
  });

/**
 * A searchable select whose options the server finds (typing narrows them after a pause); the chosen
 * item stays listed, named by `selectedLabel` until a search brings it back.
 */
export function RemoteSelect({
  label,
  placeholder,
  value,
  onChange,
  source,
  search,
  selectedLabel,
  error,
}: RemoteSelectProps) {
  const [text, setText] = useState('');
  const [chosenLabel, setChosenLabel] = useState<string | undefined>(undefined);
  const [debounced] = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const shownLabel = chosenLabel ?? selectedLabel;
  // Typing the chosen item's own name (what the input shows) is not a search.
  const term = debounced === shownLabel ? '' : debounced;
  const query = useQuery({
    queryKey: ['form-builder-sources', source, term],
    queryFn: ({ signal }) => search(term, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const data = query.data ?? [];
  const isListed = flatten(data).some((item) => item.value === value);
  const options: ComboboxData =
    value && !isListed ? [{ value, label: shownLabel ?? 'Chosen item' }, ...data] : data;
  return (
    <Select
      label={label}
      placeholder={placeholder}
      searchable
      nothingFoundMessage={query.isPending ? 'Loading…' : 'Nothing found'}
      data={options}
      value={value || null}
      onChange={(next, option) => {
        setChosenLabel(option?.label);
        onChange(next ?? '', option?.label ?? '');
      }}
      searchValue={text}
      onSearchChange={setText}
      filter={({ options: all }) => all}
      rightSection={query.isFetching ? <Loader size="xs" /> : undefined}
      error={error ?? (query.error ? errorText(query.error) : undefined)}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
