import { Group, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import type { TFieldOption } from '@esigns/contracts/nocode-fields';
import { ListEnd, RowButton, problemsUnder, type Problems } from './setting-inputs';

export type OptionsEditorProps = {
  options: TFieldOption[];
  onChange: (options: TFieldOption[]) => void;
  problems: Problems;
};

/** The options of a select, radio or multi select: value and optional label, in order. */
export function OptionsEditor({ options, onChange, problems }: OptionsEditorProps) {
  const set = (index: number, patch: Partial<TFieldOption>) =>
    onChange(options.map((option, i) => (i === index ? { ...option, ...patch } : option)));
  const swap = (a: number, b: number) => {
    const next = [...options];
    [next[a], next[b]] = [next[b]!, next[a]!];
    onChange(next);
  };
  return (
    <Stack gap={6}>
      <Text size="xs" fw={500}>
        Options
      </Text>
      {options.map((option, index) => {
        const optionProblems = problemsUnder(problems, String(index));
        return (
          <Group key={index} gap={4} wrap="nowrap" align="flex-start">
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              aria-label={`Option ${index + 1} value`}
              placeholder="Value"
              value={option.value}
              onChange={(event) => set(index, { value: event.currentTarget.value })}
              error={optionProblems.value}
            />
            <TextInput
              size="xs"
              style={{ flex: 1 }}
              aria-label={`Option ${index + 1} label`}
              placeholder="Label (optional)"
              value={option.label ?? ''}
              onChange={(event) => set(index, { label: event.currentTarget.value || undefined })}
            />
            <RowButton
              label={`Move option ${index + 1} up`}
              disabled={index === 0}
              onClick={() => swap(index, index - 1)}
            >
              <IconArrowUp size={14} />
            </RowButton>
            <RowButton
              label={`Move option ${index + 1} down`}
              disabled={index === options.length - 1}
              onClick={() => swap(index, index + 1)}
            >
              <IconArrowDown size={14} />
            </RowButton>
            <RowButton
              label={`Remove option ${index + 1}`}
              isDanger
              onClick={() => onChange(options.filter((_, i) => i !== index))}
            >
              <IconTrash size={14} />
            </RowButton>
          </Group>
        );
      })}
      <ListEnd
        problems={problems}
        addLabel="Add option"
        onAdd={() => onChange([...options, { value: `Option ${options.length + 1}` }])}
      />
    </Stack>
  );
}
