import { useState } from 'react';
import { Badge, FileInput, Group, ScrollArea, Stack, Table, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TFormTemplate, TTemplateFromExcelPreview } from '@esigns/contracts/form-templates';
import { TEMPLATE_EXCEL_MAX_BYTES } from '@esigns/contracts/form-templates';
import { FORM_FIELD_TYPE_INFO } from '@esigns/contracts/nocode-field-types';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { FORM_TEMPLATE_KEYS, createTemplateFromSpreadsheet } from './form-templates-api';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The browser's own check of a chosen file, before anything is sent. */
export function spreadsheetProblem(file: File): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'Choose a CSV or XLSX file';
  if (file.size === 0) return 'The file is empty';
  if (file.size > TEMPLATE_EXCEL_MAX_BYTES)
    return `The file is larger than ${TEMPLATE_EXCEL_MAX_BYTES / 1024 / 1024} MB`;
  return null;
}

/**
 * "From a spreadsheet": the header row of a CSV/XLSX becomes the fields, typed from the values
 * below it. The inferred fields are shown first; creating opens the new template in the builder.
 */
export function ImportTemplateDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [preview, setPreview] = useState<TTemplateFromExcelPreview | null>(null);
  const fileProblem = file ? spreadsheetProblem(file) : null;

  const read = useMutation({
    mutationFn: (chosen: File) =>
      createTemplateFromSpreadsheet(chosen, { preview: true }) as Promise<TTemplateFromExcelPreview>,
    onSuccess: (result) => {
      setPreview(result);
      setName(result.name);
    },
  });
  const create = useMutation({
    mutationFn: () =>
      createTemplateFromSpreadsheet(file!, { name: name.trim(), preview: false }) as Promise<TFormTemplate>,
    onSuccess: (template) => {
      void queryClient.invalidateQueries({ queryKey: FORM_TEMPLATE_KEYS.all });
      notifications.show({ color: 'teal', message: `${template.name} created from the spreadsheet` });
      onClose();
      void navigate(`/template/${encodeURIComponent(template._id)}/edit`);
    },
  });
  const failure = create.error ?? read.error;
  const nameError = isApiError(create.error) ? create.error.fieldErrors.name : undefined;
  const fileError = fileProblem ?? (isApiError(failure) ? failure.fieldErrors.file : undefined);

  return (
    <AppDialog
      opened
      onClose={onClose}
      title="New template from a spreadsheet"
      size="lg"
      confirmLabel={preview ? 'Create template' : 'Read the columns'}
      isConfirmDisabled={!file || Boolean(fileProblem) || (preview !== null && !name.trim())}
      isConfirmLoading={read.isPending || create.isPending}
      onConfirm={() => (preview ? create.mutate() : file && read.mutate(file))}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The first row names the fields; the values below it decide their types (numbers, amounts in INR,
          dates, emails, phone numbers, yes/no, choices…). You can change everything in the builder
          afterwards.
        </Text>
        <FileInput
          label="Spreadsheet"
          placeholder="Choose a CSV or XLSX file"
          accept={ACCEPT}
          leftSection={<IconFileSpreadsheet size={16} />}
          clearable
          value={file}
          onChange={(next) => {
            setFile(next);
            setPreview(null);
            read.reset();
            create.reset();
          }}
          error={fileError}
        />
        {failure && !fileError && !nameError && <ErrorAlert>{errorText(failure)}</ErrorAlert>}
        {preview && (
          <>
            <TextInput
              label="Template name"
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              error={nameError}
            />
            <Group justify="space-between">
              <Text size="sm" fw={500}>
                {preview.fields.length} {preview.fields.length === 1 ? 'field' : 'fields'}
              </Text>
              <Text size="xs" c="dimmed">
                Types read from {preview.rows_sampled} {preview.rows_sampled === 1 ? 'row' : 'rows'}
              </Text>
            </Group>
            <ScrollArea.Autosize mah={280}>
              <Table verticalSpacing={4} data-testid="inferred-fields">
                <Table.Tbody>
                  {preview.fields.map((field) => (
                    <Table.Tr key={field.key}>
                      <Table.Td>{field.label}</Table.Td>
                      <Table.Td>
                        <Badge variant="light" size="sm">
                          {FORM_FIELD_TYPE_INFO[field.type].label}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Text size="xs" c="dimmed" ff="monospace">
                          {field.key}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea.Autosize>
          </>
        )}
      </Stack>
    </AppDialog>
  );
}
