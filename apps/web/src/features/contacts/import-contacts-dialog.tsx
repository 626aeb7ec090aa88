import { useState } from 'react';
import { Anchor, Badge, Button, Group, List, ScrollArea, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  CONTACT_IMPORT_COLUMNS,
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_MAX_ROWS,
  type TContactImportResult,
} from '@esigns/contracts/contacts';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { FileDropZone } from '../../shared/ui/file-drop-zone';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { CONTACT_KEYS, importContacts } from './contacts-api';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The sample file offered for download: the columns and two example rows. */
export const SAMPLE_CSV = [
  CONTACT_IMPORT_COLUMNS.join(','),
  'asha.rao@example.com,Asha,Rao,+91 98765 43210,Director,Rao Estates,Buyer',
  'vikram.shah@example.com,Vikram,Shah,,,Shah & Sons,Tenant',
].join('\r\n');

export const SAMPLE_CSV_HREF = `data:text/csv;charset=utf-8,${encodeURIComponent(`${SAMPLE_CSV}\r\n`)}`;

/** A problem with the chosen file the server would refuse anyway, or null. */
export function checkImportFile(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'Choose a CSV or XLSX file.';
  if (file.size === 0) return 'This file is empty.';
  if (file.size > CONTACT_IMPORT_MAX_BYTES) return 'This file is larger than 10 MB.';
  return null;
}

function ImportSummary({ result }: { result: TContactImportResult }) {
  return (
    <Stack gap="md" data-testid="import-summary">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color={result.skipped > 0 ? 'orange' : 'teal'} variant="light" radius="xl" size="lg">
          <IconCircleCheck size={20} />
        </ThemeIcon>
        <Text fw={600}>Import finished</Text>
      </Group>
      <Group gap="sm">
        <Badge color="teal" variant="light" size="lg">
          {result.created} added
        </Badge>
        <Badge color="blue" variant="light" size="lg">
          {result.updated} updated
        </Badge>
        <Badge color={result.skipped > 0 ? 'red' : 'gray'} variant="light" size="lg">
          {result.skipped} skipped
        </Badge>
      </Group>
      {result.errors.length > 0 && (
        <ScrollArea.Autosize mah={240} type="auto">
          <Table striped withTableBorder fz="sm" aria-label="Rows not imported">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>Row</Table.Th>
                <Table.Th>Problem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.errors.map((error, index) => (
                <Table.Tr key={`${error.row}-${index}`}>
                  <Table.Td>{error.row}</Table.Td>
                  <Table.Td>{error.message}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}

/**
 * Import of contacts from a CSV or XLSX file: the expected columns with a sample to download, a
 * drop zone, then the server's summary (added, updated, skipped with the reason per row).
 */
export function ImportContactsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: importContacts,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.all }),
  });
  const result = upload.data;

  const close = () => {
    setFile(null);
    setFileError(null);
    upload.reset();
    onClose();
  };

  const onFiles = (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    upload.reset();
    const problem = checkImportFile(chosen);
    setFileError(problem);
    setFile(problem ? null : chosen);
  };

  const serverProblem =
    upload.error && isApiError(upload.error) && upload.error.isValidation
      ? Object.values(upload.error.fieldErrors).join(' ') || errorText(upload.error)
      : upload.error
        ? errorText(upload.error)
        : null;

  const footer = result ? (
    <Button onClick={close}>Done</Button>
  ) : (
    <>
      <Button variant="default" onClick={close} disabled={upload.isPending}>
        Cancel
      </Button>
      <Button onClick={() => file && upload.mutate(file)} disabled={!file} loading={upload.isPending}>
        Import
      </Button>
    </>
  );

  return (
    <AppDialog opened={opened} onClose={close} title="Import contacts" size="lg" footer={footer}>
      {result ? (
        <ImportSummary result={result} />
      ) : (
        <Stack gap="md">
          <List size="sm" spacing={4}>
            <List.Item>
              The first row names the columns: <b>Email</b> (required), First Name, Last Name, Phone, Title,
              Account Name, Contact Type.
            </List.Item>
            <List.Item>
              New emails are added; contacts that exist are updated with the cells that are filled in.
            </List.Item>
            <List.Item>
              Up to {CONTACT_IMPORT_MAX_ROWS.toLocaleString('en')} rows, 10 MB. New contact types are created.
            </List.Item>
          </List>
          <Anchor href={SAMPLE_CSV_HREF} download="contacts-sample.csv" size="sm" w="fit-content">
            <Group gap={6} wrap="nowrap">
              <IconDownload size={16} />
              Download a sample CSV
            </Group>
          </Anchor>
          <FileDropZone
            onFiles={onFiles}
            accept={ACCEPT}
            multiple={false}
            disabled={upload.isPending}
            title="Drop a CSV or XLSX file here"
            hint="Excel users: save as .xlsx or CSV UTF-8."
            buttonLabel="Choose file"
            inputLabel="Contacts file"
            icon={<IconFileSpreadsheet size={26} />}
            isCompact
          />
          {file && (
            <Group gap="xs" data-testid="chosen-file">
              <IconFileSpreadsheet size={18} />
              <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                {file.name}
              </Text>
            </Group>
          )}
          {fileError && <ErrorAlert>{fileError}</ErrorAlert>}
          {serverProblem && <ErrorAlert>{serverProblem}</ErrorAlert>}
        </Stack>
      )}
    </AppDialog>
  );
}
