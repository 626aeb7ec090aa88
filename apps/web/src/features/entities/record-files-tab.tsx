import { Alert, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Group } from '@mantine/core';
import { IconFiles } from '@tabler/icons-react';
import { useQueries } from '@tanstack/react-query';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import type { TFileRef } from '@esigns/contracts/nocode-value-coercion';
import { errorText } from '../../shared/ui/page-kit';
import { RecordFileList } from './record-files';
import { ENTRY_KEYS, fetchEntries } from './repeatable-entries';

/*
 * The record page's Files tab: every file of the record in one place, grouped by field: FILE and
 * IMAGE fields (and data table columns) of the record's templates, then those of its repeatable
 * templates' entries (read with the entries call, the same cache as their tabs). Each file opens
 * (downloads) through `file-download-url` (`RecordFileList`).
 */

type FileGroup = { id: string; label: string; source: string; files: TFileRef[] };

const isFileType = (type: string) => type === 'FILE' || type === 'IMAGE';
const filesIn = (value: unknown): TFileRef[] =>
  Array.isArray(value)
    ? value.filter((f): f is TFileRef => typeof f === 'object' && f !== null && 'file_ref_id' in f)
    : [];

/** The file-holding fields of a template: its own, and its data tables' file columns. */
function fileFields(fields: readonly TFormField[]) {
  const found: { id: string; label: string; read: (values: Record<string, unknown>) => TFileRef[] }[] = [];
  for (const field of fields) {
    if (isFileType(field.type)) {
      found.push({ id: field.key, label: field.label || field.key, read: (v) => filesIn(v[field.key]) });
    } else if (field.type === 'DATA_TABLE') {
      for (const column of field.columns.filter((c) => isFileType(c.type))) {
        found.push({
          id: `${field.key}.${column.key}`,
          label: `${field.label || field.key} › ${column.label || column.key}`,
          read: (v) =>
            (Array.isArray(v[field.key]) ? (v[field.key] as Record<string, unknown>[]) : []).flatMap((row) =>
              filesIn(row?.[column.key]),
            ),
        });
      }
    }
  }
  return found;
}

function groupsOf(template: TFormTemplate, valueSets: Record<string, unknown>[]): FileGroup[] {
  return fileFields(template.fields).flatMap((field) => {
    const files = valueSets.flatMap((values) => field.read(values));
    return files.length === 0
      ? []
      : [{ id: `${template._id}#${field.id}`, label: field.label, source: template.name, files }];
  });
}

export function RecordFilesTab({
  recordId,
  values,
  templates,
}: {
  recordId: string;
  values: Record<string, Record<string, unknown>>;
  /** Every template of the record's entity (repeatable ones included), in entity order. */
  templates: TFormTemplate[];
}) {
  const withEntries = templates.filter((t) => t.is_repeatable && fileFields(t.fields).length > 0);
  const entries = useQueries({
    queries: withEntries.map((t) => ({
      // The key of the template's own tab (repeatable-entries.tsx): one read for both.
      queryKey: ENTRY_KEYS.list(recordId, t._id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchEntries(recordId, t._id, signal),
    })),
  });
  const groups = [
    ...templates.filter((t) => !t.is_repeatable).flatMap((t) => groupsOf(t, [values[t._id] ?? {}])),
    ...withEntries.flatMap((t, index) =>
      groupsOf(
        t,
        (entries[index]?.data?.data ?? []).map((entry) => entry.values),
      ),
    ),
  ];
  const failed = entries.find((e) => e.error);
  const loading = entries.some((e) => e.isPending);

  return (
    <Stack gap="md">
      {failed && (
        <Alert color="red" title="Files of line items could not be loaded">
          {errorText(failed.error)}
        </Alert>
      )}
      {groups.length > 0 && (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {groups.map((group) => (
            <Paper key={group.id} withBorder p="md" radius="md" component="section" aria-label={group.label}>
              <Group justify="space-between" mb="xs" wrap="nowrap">
                <Text fw={600} truncate>
                  {group.label}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {group.source} · {group.files.length} {group.files.length === 1 ? 'file' : 'files'}
                </Text>
              </Group>
              <RecordFileList value={group.files} withType />
            </Paper>
          ))}
        </SimpleGrid>
      )}
      {loading && <Skeleton h={80} />}
      {!loading && groups.length === 0 && !failed && (
        <Stack align="center" gap="xs" py="xl">
          <ThemeIcon variant="light" color="gray" size={48} radius="xl">
            <IconFiles size={26} />
          </ThemeIcon>
          <Text fw={500}>No files yet</Text>
          <Text size="sm" c="dimmed">
            Files added to this record&apos;s file and image fields show here.
          </Text>
        </Stack>
      )}
    </Stack>
  );
}
