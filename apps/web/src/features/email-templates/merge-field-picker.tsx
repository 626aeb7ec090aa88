import { useMemo, useState } from 'react';
import { Button, Popover, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconBraces, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TMergeField } from '@esigns/contracts/email';
import { errorText } from '../../shared/ui/page-kit';
import { EMAIL_TEMPLATE_KEYS, fetchMergeFields } from './email-templates-api';

/** The fields matching `search` (label or name), by group in the server's order. */
export function groupFields(fields: readonly TMergeField[], search: string): [string, TMergeField[]][] {
  const term = search.trim().toLowerCase();
  const groups = new Map<string, TMergeField[]>();
  for (const field of fields) {
    if (term && !`${field.label} ${field.name}`.toLowerCase().includes(term)) continue;
    groups.set(field.group, [...(groups.get(field.group) ?? []), field]);
  }
  return [...groups];
}

/** The list of the picker: a search, then the fields grouped; a click picks `{{name}}`. */
export function MergeFieldList({
  fields,
  onPick,
}: {
  fields: readonly TMergeField[];
  onPick: (token: string) => void;
}) {
  const [search, setSearch] = useState('');
  const groups = useMemo(() => groupFields(fields, search), [fields, search]);
  return (
    <Stack gap="xs" w={300}>
      <TextInput
        aria-label="Search merge fields"
        placeholder="Search fields"
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      <ScrollArea.Autosize mah={320}>
        {groups.length === 0 && (
          <Text size="sm" c="dimmed">
            No field matches.
          </Text>
        )}
        {groups.map(([group, items]) => (
          <Stack key={group} gap={0} mb="xs">
            <Text size="xs" fw={700} c="dimmed" tt="uppercase">
              {group}
            </Text>
            {items.map((field) => (
              <UnstyledButton
                key={field.name}
                py={4}
                px={6}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onPick(`{{${field.name}}}`)}
                aria-label={`Insert ${field.label}`}
              >
                <Text size="sm">{field.label}</Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {`{{${field.name}}}`}
                </Text>
              </UnstyledButton>
            ))}
          </Stack>
        ))}
      </ScrollArea.Autosize>
    </Stack>
  );
}

/**
 * "Insert merge field": the entity's merge fields (`GET /entity-email-template/merge-fields/{id}`),
 * grouped and searchable. The screen puts the picked `{{name}}` where the cursor was (subject or body).
 */
export function MergeFieldPicker({
  entityId,
  onPick,
}: {
  entityId: string | null;
  onPick: (token: string) => void;
}) {
  const [opened, setOpened] = useState(false);
  const fields = useQuery({
    queryKey: EMAIL_TEMPLATE_KEYS.mergeFields(entityId ?? ''),
    queryFn: ({ signal }) => fetchMergeFields(entityId ?? '', signal),
    enabled: Boolean(entityId),
  });
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withinPortal trapFocus>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconBraces size={16} />}
          disabled={!entityId}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setOpened((o) => !o)}
        >
          Insert merge field
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        {fields.isError ? (
          <Text c="red" size="sm">
            {errorText(fields.error)}
          </Text>
        ) : (
          <MergeFieldList
            fields={fields.data ?? []}
            onPick={(token) => {
              onPick(token);
              setOpened(false);
            }}
          />
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
