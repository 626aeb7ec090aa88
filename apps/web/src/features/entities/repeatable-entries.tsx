import { useMemo, useState } from 'react';
import { ActionIcon, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import { parseTemplateValues } from '@esigns/contracts/nocode-field-values';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import type { TRepeatableEntry, TRepeatableEntryPage } from '@esigns/contracts/record-extras';
import { api } from '../../shared/api/api-client';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { ConfirmDialog, ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { CellValue } from './grid-cells';
import { RecordFileList } from './record-files';
import { TemplateFields } from './record-form';
import { useEntityCustomization } from './use-customization';

/*
 * Line items of a record: the entries of one repeatable template as a table, added, changed and
 * deleted in a dialog with the record form's inputs (files upload at once, ENTITY fields pick a
 * record of the linked entity), checked by the shared validator before saving and by the server
 * after (422 details against the fields). Linked records show by the titles the list answers.
 */

const BASE = '/templates-data/repeatable-template';
/** Query keys of a record's entries (the Files tab reads the same cache). */
export const ENTRY_KEYS = {
  list: (recordId: string, templateId: string) => ['entities', 'entries', recordId, templateId],
};
/** Columns of the table: the first fields people fill or see. */
const MAX_COLUMNS = 6;

export async function fetchEntries(recordId: string, templateId: string, signal?: AbortSignal) {
  const query = { entity_data_id: recordId, template_id: templateId, page: 1, limit: 500 };
  return (await api.get<TRepeatableEntryPage>(BASE, query, { signal })).data;
}

export async function saveEntry(
  target: { recordId: string; templateId: string; entryId: string | null },
  values: Record<string, unknown>,
): Promise<TRepeatableEntry> {
  // An entry is template data with its own id: `PATCH /templates-data/{template_data_id}`.
  if (target.entryId)
    return (await api.patch<TRepeatableEntry>(`/templates-data/${target.entryId}`, { values })).data;
  const body = { entity_data_id: target.recordId, template_id: target.templateId, values };
  return (await api.post<TRepeatableEntry>(BASE, body)).data;
}

export async function deleteEntry(id: string): Promise<void> {
  await api.delete(`${BASE}/${id}`);
}

const shown = (field: TFormField) => !['PAY_BUTTON', 'SIGNATURE', 'RICH_TEXT'].includes(field.type);

/** A linked record's title; an id without one (a record deleted since) by its first characters. */
const titleOf = (titles: Record<string, string> | undefined) => (id: string) =>
  titles?.[id] || id.slice(0, 8);

function EntryCell({
  template,
  field,
  value,
  linkTitle,
}: {
  template: TFormTemplate;
  field: TFormField;
  value: unknown;
  linkTitle: (id: string) => string;
}) {
  if (value === null || value === undefined || value === '') return <Text c="dimmed">—</Text>;
  if (field.type === 'FILE' || field.type === 'IMAGE') return <RecordFileList value={value} />;
  const column = {
    ref: `${template._id}#${field.key}`,
    template_id: template._id,
    template_name: template.name,
    key: field.key,
    label: field.label,
    type: field.type,
    is_primary: false,
    required: Boolean(field.required),
    ...('options' in field ? { options: field.options } : {}),
  };
  return <CellValue field={column} value={value} linkTitle={linkTitle} inline />;
}

type EntryDialogProps = {
  entityId: string;
  recordId: string;
  template: TFormTemplate;
  entry: TRepeatableEntry | null;
  onClose: () => void;
  onSaved: () => void;
};

/** Adds or changes one entry. */
function EntryDialog({ entityId, recordId, template, entry, onClose, onSaved }: EntryDialogProps) {
  const [values, setValues] = useState<Record<string, unknown>>(entry?.values ?? {});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const parsed = useMemo(
    () => parseTemplateValues(template.fields, values, { unknownKeys: 'strip' }),
    [template.fields, values],
  );
  const errors: Record<string, string> = { ...serverErrors };
  if (submitted) for (const e of parsed.errors) errors[e.key] ??= e.message;
  const change = (key: string, value: unknown) => {
    setValues((current) => ({ ...current, [key]: value }));
    setServerErrors(({ [key]: _gone, ...rest }) => rest);
  };

  const save = async () => {
    setSubmitted(true);
    if (parsed.errors.length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      await saveEntry({ recordId, templateId: template._id, entryId: entry?._id ?? null }, values);
      onSaved();
    } catch (err) {
      if (isApiError(err) && err.isValidation) {
        setServerErrors(
          Object.fromEntries(
            Object.entries(err.fieldErrors).map(([k, m]) => [k.replace(/^values\./, ''), m]),
          ),
        );
      }
      setFailure(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppDialog
      opened
      onClose={onClose}
      title={`${entry ? 'Edit' : 'Add'} ${template.name}`}
      size="lg"
      onConfirm={() => void save()}
      confirmLabel={entry ? 'Save' : 'Add'}
      isConfirmLoading={saving}
    >
      <Stack gap="md">
        {Boolean(failure) && <ErrorAlert>{errorText(failure)}</ErrorAlert>}
        <TemplateFields
          entityId={entityId}
          template={template}
          values={values}
          errors={errors}
          onChange={change}
        />
      </Stack>
    </AppDialog>
  );
}

/** A record's entries of one repeatable template, with add, edit and delete. */
export function RepeatableEntries({
  entityId,
  recordId,
  template,
}: {
  entityId: string;
  recordId: string;
  template: TFormTemplate;
}) {
  const { can } = useCan();
  const queryClient = useQueryClient();
  const { accent } = useEntityCustomization(entityId);
  const key = ENTRY_KEYS.list(recordId, template._id);
  const entries = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchEntries(recordId, template._id, signal),
  });
  const [editing, setEditing] = useState<TRepeatableEntry | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TRepeatableEntry | null>(null);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const canEdit = can('entity-data:update');
  const columns = template.fields.filter(shown).slice(0, MAX_COLUMNS);
  const rows = entries.data?.data ?? [];
  const total = entries.data?.total ?? 0;
  const linkTitle = titleOf(entries.data?.linked_titles);
  const full = template.max_entries !== null && total >= template.max_entries;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteEntry(deleting._id);
      setDeleting(null);
      refresh();
    } catch (err) {
      setDeleteError(err);
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Group gap="xs">
          <Title order={5}>{template.name}</Title>
          <Badge variant="light" color="gray">
            {template.max_entries !== null ? `${total} of ${template.max_entries}` : total}
          </Badge>
        </Group>
        {canEdit && (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            color={accent}
            autoContrast
            disabled={full}
            title={full ? `At most ${template.max_entries} entries` : undefined}
            onClick={() => setEditing('new')}
          >
            Add
          </Button>
        )}
      </Group>
      {entries.isLoading && <Skeleton h={80} />}
      {entries.error && <ErrorAlert>{errorText(entries.error)}</ErrorAlert>}
      {entries.data && rows.length === 0 && (
        <Text size="sm" c="dimmed" ta="center" py="md">
          No {template.name.toLowerCase()} yet.
        </Text>
      )}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                {columns.map((field) => (
                  <Table.Th key={field.key}>{field.label}</Table.Th>
                ))}
                {canEdit && <Table.Th w={80} aria-label="Actions" />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((entry) => (
                <Table.Tr key={entry._id} data-testid="repeatable-entry">
                  {columns.map((field) => (
                    <Table.Td key={field.key}>
                      <EntryCell
                        template={template}
                        field={field}
                        value={entry.values[field.key]}
                        linkTitle={linkTitle}
                      />
                    </Table.Td>
                  ))}
                  {canEdit && (
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label="Edit entry"
                          onClick={() => setEditing(entry)}
                        >
                          <IconEdit size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label="Delete entry"
                          onClick={() => {
                            setDeleteError(null);
                            setDeleting(entry);
                          }}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {editing && (
        <EntryDialog
          entityId={entityId}
          recordId={recordId}
          template={template}
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            refresh();
          }}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title={`Delete this ${template.name.toLowerCase()} entry?`}
        confirmLabel="Delete"
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
        error={deleteError}
      >
        The entry and its values go. This cannot be undone.
      </ConfirmDialog>
    </Paper>
  );
}
