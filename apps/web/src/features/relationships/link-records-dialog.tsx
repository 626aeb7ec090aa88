import { useState } from 'react';
import { Button, Checkbox, Group, Radio, ScrollArea, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { ENTITY_KEYS, fetchRecordOptions } from '../entities/entities-api';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { assignRecords, type LinkDialogProps } from './relationships-api';

export type LinkRecordsDialogProps = LinkDialogProps;

/** The message of a refused link: the server's, or the first record it named (`entity_data_ids.N`). */
function refusal(error: unknown): string {
  if (isApiError(error) && error.isValidation) return Object.values(error.fieldErrors)[0] ?? error.message;
  return errorText(error);
}

/** "Link existing": a searchable list of the other entity's records (`GET /entities/{id}/list`). */
export function LinkRecordsDialog({
  opened,
  onClose,
  entityId,
  target,
  relationship,
  onDone,
}: LinkRecordsDialogProps) {
  const otherId = relationship.entity_id;
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<unknown>(null);
  const [isSaving, setSaving] = useState(false);
  const options = useQuery({
    queryKey: ENTITY_KEYS.picker(otherId, debounced),
    queryFn: ({ signal }) => fetchRecordOptions(otherId, debounced, signal),
    enabled: opened,
  });

  const close = () => {
    setChosen([]);
    setSearch('');
    setError(null);
    onClose();
  };

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      const result = await assignRecords(entityId, target, chosen);
      await onDone();
      const message =
        result.linked === 0
          ? 'Already linked'
          : `${result.linked} ${relationship.entity_name} record${result.linked === 1 ? '' : 's'} linked`;
      notifications.show({ color: 'teal', message });
      close();
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  const rows = options.data?.data ?? [];
  const title = (id: string, text: string) => text || `Untitled (${id.slice(0, 8)})`;
  return (
    <AppDialog
      opened={opened}
      onClose={close}
      title={`Link ${relationship.entity_name}`}
      size="md"
      footer={
        <Group justify="space-between" w="100%">
          <Text size="sm" c="dimmed">
            {chosen.length === 0 ? 'Nothing chosen' : `${chosen.length} chosen`}
          </Text>
          <Group gap="xs">
            <Button variant="default" onClick={close} disabled={isSaving}>
              Cancel
            </Button>
            <Button onClick={() => void save()} loading={isSaving} disabled={chosen.length === 0}>
              Link
            </Button>
          </Group>
        </Group>
      }
    >
      <Stack gap="sm">
        {Boolean(error) && <ErrorAlert>{refusal(error)}</ErrorAlert>}
        <TextInput
          leftSection={<IconSearch size={14} />}
          placeholder={`Search ${relationship.entity_name} by title`}
          aria-label={`Search ${relationship.entity_name} records`}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          data-autofocus
        />
        {options.error && <ErrorAlert>{errorText(options.error)}</ErrorAlert>}
        {options.isPending ? (
          <Skeleton h={120} />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {debounced ? `No ${relationship.entity_name} records match "${debounced}".` : 'No records yet.'}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={320}>
            {relationship.allows_many ? (
              <Checkbox.Group value={chosen} onChange={setChosen} aria-label="Records">
                <Stack gap={6} py={4}>
                  {rows.map((row) => (
                    <Checkbox key={row._id} value={row._id} label={title(row._id, row.title)} />
                  ))}
                </Stack>
              </Checkbox.Group>
            ) : (
              <Radio.Group value={chosen[0] ?? null} onChange={(id) => setChosen([id])} aria-label="Record">
                <Stack gap={6} py={4}>
                  {rows.map((row) => (
                    <Radio key={row._id} value={row._id} label={title(row._id, row.title)} />
                  ))}
                </Stack>
              </Radio.Group>
            )}
          </ScrollArea.Autosize>
        )}
        {(options.data?.total ?? 0) > rows.length && (
          <Text size="xs" c="dimmed">
            Showing the first {rows.length} of {options.data!.total}: search to find others.
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
