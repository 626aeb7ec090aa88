import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';

/** The choices of a radio group or dropdown: edit, remove, add (at least one stays). */
export function OptionsEditor({
  options,
  onChange,
}: {
  options: string[];
  onChange: (options: string[], coalesce: string) => void;
}) {
  const duplicates = new Set(options.filter((o, i) => o.trim() && options.indexOf(o) !== i));
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Options
      </Text>
      {options.map((option, i) => (
        <Group key={i} gap={6} wrap="nowrap">
          <TextInput
            size="xs"
            style={{ flex: 1 }}
            aria-label={`Option ${i + 1}`}
            maxLength={200}
            value={option}
            error={!option.trim() ? 'Enter a value' : duplicates.has(option) ? 'Repeated' : undefined}
            onChange={(e) => {
              const next = [...options];
              next[i] = e.currentTarget.value;
              onChange(next, `option:${i}`);
            }}
          />
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Remove option ${i + 1}`}
            disabled={options.length <= 1}
            onClick={() =>
              onChange(
                options.filter((_, j) => j !== i),
                'options',
              )
            }
          >
            <IconX size={14} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        size="compact-sm"
        variant="subtle"
        leftSection={<IconPlus size={14} />}
        style={{ alignSelf: 'flex-start' }}
        disabled={options.length >= 100}
        onClick={() => onChange([...options, `Option ${options.length + 1}`], 'options')}
      >
        Add option
      </Button>
    </Stack>
  );
}
