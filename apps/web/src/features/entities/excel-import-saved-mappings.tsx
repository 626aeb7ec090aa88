import { Button, Group, Select, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TImportMapping } from '@esigns/contracts/entity-import';
import { isApiError } from '../../shared/api/api-error';
import { errorText } from '../../shared/ui/page-kit';
import { IMPORT_KEYS, applySavedMapping, fetchSavedMappings, saveMapping } from './excel-import-api';

/**
 * The entity's saved mappings: start from one (its fields for the columns it knows), or save the
 * current one under a name (the same name replaces it; a name left here is saved with the import).
 */
export function SavedMappings({
  entityId,
  headers,
  mapping,
  onApply,
  saveAs,
  onSaveAs,
}: {
  entityId: string;
  headers: string[];
  mapping: TImportMapping;
  onApply: (mapping: TImportMapping) => void;
  saveAs: string;
  onSaveAs: (name: string) => void;
}) {
  const queryClient = useQueryClient();
  const saved = useQuery({
    queryKey: IMPORT_KEYS.mappings(entityId),
    queryFn: () => fetchSavedMappings(entityId),
  });
  const save = useMutation({
    mutationFn: () => saveMapping(entityId, saveAs.trim(), mapping),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: IMPORT_KEYS.mappings(entityId) }),
  });
  const choose = (id: string | null) => {
    const chosen = saved.data?.find((m) => m._id === id);
    if (!chosen) return;
    onApply(applySavedMapping(headers, mapping, chosen.mapping));
    onSaveAs(chosen.name);
  };
  const nameError = isApiError(save.error) ? save.error.fieldErrors.name : undefined;

  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Saved mapping"
        placeholder={saved.data?.length ? 'Start from a saved mapping' : 'No saved mappings yet'}
        data={(saved.data ?? []).map((m) => ({ value: m._id, label: m.name }))}
        disabled={!saved.data?.length}
        onChange={choose}
        error={saved.error ? errorText(saved.error) : undefined}
        w={260}
        clearable
      />
      <TextInput
        label="Save this mapping as"
        placeholder="e.g. Monthly leads sheet"
        value={saveAs}
        onChange={(event) => {
          onSaveAs(event.currentTarget.value);
          save.reset();
        }}
        error={nameError ?? (save.error && !nameError ? errorText(save.error) : undefined)}
        maxLength={120}
        w={260}
      />
      <Button
        variant="default"
        leftSection={<IconDeviceFloppy size={16} />}
        onClick={() => save.mutate()}
        loading={save.isPending}
        disabled={saveAs.trim() === ''}
      >
        Save mapping
      </Button>
      {save.isSuccess && (
        <Text size="sm" c="teal" role="status">
          Mapping “{save.data.name}” saved
        </Text>
      )}
    </Group>
  );
}
