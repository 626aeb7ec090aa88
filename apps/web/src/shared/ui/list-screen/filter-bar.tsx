import type { ReactNode } from 'react';
import { Group, NativeSelect, SegmentedControl, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

/** The row of search and filters above a list; each control takes the full width on phones. */
export function FilterBar({ children }: { children: ReactNode }) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      {children}
    </Group>
  );
}

/** A filter's current value and its setter (`useListQuery`'s `bind` gives both). */
export type FilterBinding = { value: string; onChange: (value: string) => void };

/** The search box of a list; `label` names it for screen readers. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  width = 280,
}: FilterBinding & { label: string; placeholder: string; width?: number }) {
  return (
    <TextInput
      placeholder={placeholder}
      aria-label={label}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', xs: width }}
    />
  );
}

export type SelectOption = { value: string; label: string };

/** One choice among a few (a status, a type, the sort order). */
export function FilterSelect({
  label,
  data,
  value,
  onChange,
  width = 180,
}: FilterBinding & { label: string; data: readonly SelectOption[]; width?: number }) {
  return (
    <NativeSelect
      aria-label={label}
      data={data as SelectOption[]}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      w={{ base: '100%', xs: width }}
    />
  );
}

/** Two or three views of a list side by side (e.g. the company's and the standard ones). */
export function SegmentedFilter({
  data,
  value,
  onChange,
}: FilterBinding & { data: readonly SelectOption[] }) {
  return <SegmentedControl data={data as SelectOption[]} value={value} onChange={onChange} />;
}
