import { Autocomplete, Stack, Text, type ComboboxParsedItem, type OptionsFilter } from '@mantine/core';
import type { TWorkflowStep } from '@esigns/contracts/workflows';
import { useConditionFields } from './use-condition-fields';

type Props = {
  /** The earlier step the rule reads. */
  source: TWorkflowStep | undefined;
  value: string;
  onChange: (field: string) => void;
  label: string;
  error?: string | undefined;
};

/**
 * A rule's field: picked from the earlier step's template fields or form questions (shown by
 * label, stored by key), or typed as a key the list does not know (a field added to the template
 * later, say).
 */
export function ConditionFieldInput({ source, value, onChange, label, error }: Props) {
  const fields = useConditionFields(source);
  const known = fields.data ?? [];
  const labels = new Map(known.map((field) => [field.key, field.label]));
  const filter: OptionsFilter = ({ options, search }) => {
    const query = search.trim().toLowerCase();
    return (options as ComboboxParsedItem[]).filter((option) => {
      if (!('value' in option) || !query) return true;
      const key = String(option.value);
      return key.toLowerCase().includes(query) || (labels.get(key) ?? '').toLowerCase().includes(query);
    });
  };
  const picked = labels.get(value);
  return (
    <Autocomplete
      aria-label={label}
      placeholder={
        fields.isLoading ? 'Loading fields…' : known.length > 0 ? 'Pick or type a field' : 'Field key'
      }
      data={known.map((field) => field.key)}
      filter={filter}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{labels.get(option.value) ?? option.value}</Text>
          <Text size="xs" c="dimmed">
            {option.value}
          </Text>
        </Stack>
      )}
      value={value}
      onChange={onChange}
      description={picked && picked !== value ? picked : undefined}
      error={error}
      maxLength={200}
    />
  );
}
