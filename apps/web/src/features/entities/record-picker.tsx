import { useState, type ReactNode } from 'react';
import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query';
import type { TFormFieldOf } from '@esigns/contracts/nocode-fields';
import { ENTITY_KEYS, fetchRecord, fetchRecordOptions } from './entities-api';

/*
 * The inputs of ENTITY fields: a searchable list of the linked entity's records (`/entities/{id}/
 * list`, 50 at a time, titles searched on the server after 250 ms). One record per field, or with
 * `allow_multiple` several (a list of ids, shown as pills with their titles). Chosen records keep
 * their titles whatever is listed; one not listed yet is read once (`/entity-data/{id}`).
 */

type PickerProps = {
  field: TFormFieldOf<'ENTITY'>;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string | undefined;
};

type Option = { value: string; label: string };
type TitleOf = (id: string) => string | undefined;

/** What the single select shows for its record until the record's title is known. */
const PENDING_LABEL = 'Selected record';

/** The record ids of an ENTITY value: a list, one id, or none (`{ _id }` items too). */
export function linkedIds(value: unknown): string[] {
  const items = Array.isArray(value) ? value : [value];
  const ids = items.map((item: unknown) =>
    typeof item === 'string'
      ? item
      : typeof item === 'object' && item !== null && typeof (item as { _id?: unknown })._id === 'string'
        ? (item as { _id: string })._id
        : '',
  );
  return [...new Set(ids.filter(Boolean))];
}

/**
 * The linked entity's records matching the search, and the titles of the `chosen` records: those
 * listed so far, else read one by one once the first list has come (most chosen ones are in it).
 * `termOf` turns the titles known into the search sent (the single select shows its record's
 * title as search text, which is not a search).
 */
function useRecordOptions(entityId: string, chosen: string[], termOf: (titleOf: TitleOf) => string) {
  // Titles of the records listed or read so far, so a chosen one keeps its title whatever is listed.
  const [titles, setTitles] = useState<Record<string, string>>({});
  const remember = (found: Option[]) => {
    if (found.some((d) => titles[d.value] !== d.label))
      setTitles({ ...titles, ...Object.fromEntries(found.map((d) => [d.value, d.label])) });
  };
  const titleOf: TitleOf = (id) => titles[id];
  const term = termOf(titleOf);
  const options = useQuery({
    queryKey: ENTITY_KEYS.picker(entityId, term),
    queryFn: ({ signal }) => fetchRecordOptions(entityId, term, signal),
    placeholderData: keepPreviousData,
  });
  const data: Option[] = (options.data?.data ?? []).map((r) => ({
    value: r._id,
    label: r.title || r._id.slice(0, 8),
  }));
  const listed = new Set(data.map((d) => d.value));
  const unknown = options.isFetched ? chosen.filter((id) => titles[id] === undefined && !listed.has(id)) : [];
  const reads = useQueries({
    queries: unknown.map((id) => ({
      queryKey: ENTITY_KEYS.record(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchRecord(id, signal),
      retry: false,
      staleTime: 60_000,
    })),
  });
  remember([
    ...data,
    ...unknown.flatMap((id, i) => {
      const record = reads[i]?.data;
      return record ? [{ value: id, label: record.title || id.slice(0, 8) }] : [];
    }),
  ]);
  return { options, data, titleOf };
}

export type RecordSelectProps = {
  entityId: string;
  /** The chosen record's id, or null. */
  value: string | null;
  onChange: (id: string | null) => void;
  label: ReactNode;
  description?: ReactNode;
  required?: boolean;
  placeholder?: string;
  error?: string | undefined;
  disabled?: boolean;
};

/**
 * One record of an entity, searched by title: ENTITY fields without `allow_multiple`, and any
 * screen that links one record (a contact's account record).
 */
export function RecordSelect({
  entityId,
  value,
  onChange,
  label,
  description,
  required,
  placeholder,
  error,
  disabled,
}: RecordSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const current = value;
  const labelOf = (titleOf: TitleOf) => (current ? (titleOf(current) ?? PENDING_LABEL) : null);
  // The select shows the chosen record's label (a stand-in until its title is known) as its
  // search text: that is not a search.
  const { options, data, titleOf } = useRecordOptions(entityId, current ? [current] : [], (titles) =>
    current && [labelOf(titles), PENDING_LABEL].includes(debounced) ? '' : debounced,
  );
  const currentLabel = labelOf(titleOf);
  if (current && !data.some((d) => d.value === current))
    data.unshift({ value: current, label: currentLabel ?? PENDING_LABEL });
  return (
    <Select
      label={label}
      description={description}
      withAsterisk={Boolean(required)}
      placeholder={placeholder}
      searchable
      clearable
      disabled={disabled}
      data={data}
      value={current}
      onChange={(next) => onChange(next)}
      onSearchChange={setSearch}
      searchValue={search}
      nothingFoundMessage={options.isLoading ? 'Loading…' : 'No matching records'}
      error={error}
    />
  );
}

/** One record (ENTITY fields without `allow_multiple`). */
function SingleRecordPicker({ field, value, onChange, error }: PickerProps) {
  return (
    <RecordSelect
      entityId={field.entity_id}
      value={linkedIds(value)[0] ?? null}
      onChange={onChange}
      label={field.label}
      description={field.help_text}
      required={Boolean(field.required)}
      error={error}
    />
  );
}

/** Several records (ENTITY fields with `allow_multiple`): saved as a list of ids, none as null. */
function MultiRecordPicker({ field, value, onChange, error }: PickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const chosen = linkedIds(value);
  const { options, data, titleOf } = useRecordOptions(field.entity_id, chosen, () => debounced.trim());
  // Chosen records are options too, so their pills show titles whatever the search lists.
  const listed = new Set(data.map((d) => d.value));
  const all = [
    ...data,
    ...chosen
      .filter((id) => !listed.has(id))
      .map((id) => ({ value: id, label: titleOf(id) ?? id.slice(0, 8) })),
  ];
  return (
    <MultiSelect
      label={field.label}
      description={field.help_text}
      withAsterisk={Boolean(field.required)}
      placeholder={chosen.length === 0 ? 'Search records' : undefined}
      searchable
      clearable
      hidePickedOptions
      data={all}
      value={chosen}
      onChange={(next) => onChange(next.length > 0 ? next : null)}
      onSearchChange={setSearch}
      searchValue={search}
      nothingFoundMessage={options.isLoading ? 'Loading…' : 'No matching records'}
      error={error}
    />
  );
}

/** The input of an ENTITY field: one record, or several with `allow_multiple`. */
export function RecordPicker(props: PickerProps) {
  return props.field.allow_multiple ? <MultiRecordPicker {...props} /> : <SingleRecordPicker {...props} />;
}
