import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  List,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
  ThemeIcon,
} from '@mantine/core';
import {
  IconCircleCheck,
  IconDownload,
  IconFileSpreadsheet,
  IconInfoCircle,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { AppDialog } from '../../shared/ui/app-dialog';
import { FileDropZone } from '../../shared/ui/file-drop-zone';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { saveCsv } from './save-csv';
import {
  TEMPLATE_KEYS,
  fetchBulkSample,
  fetchBulkSend,
  startBulkSend,
  type TTemplateRow,
} from './templates-api';

const SHEET_ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const MAX_SHEET_BYTES = 10 * 1024 * 1024;

export function checkSheet(file: Pick<File, 'name' | 'size'>): string | null {
  if (!/\.(csv|xlsx)$/i.test(file.name)) return 'Choose a CSV or XLSX file.';
  if (file.size === 0) return 'This file is empty.';
  if (file.size > MAX_SHEET_BYTES) return 'This file is larger than 10 MB.';
  return null;
}

/** `rows.3.Buyer Email` -> 'Row 3, Buyer Email: message'; other keys give the message alone. */
export function describeSheetProblem(key: string, message: string): string {
  const match = /^rows\.(\d+)(?:\.(.+))?$/.exec(key);
  if (!match) return message;
  const where = match[2] ? `Row ${match[1]}, ${match[2]}` : `Row ${match[1]}`;
  return message.startsWith('Row ') ? message : `${where}: ${message}`;
}

/** The progress of a running bulk send, polled until it is done. */
function BulkProgress({ bulkId, total, pollMs }: { bulkId: string; total: number; pollMs: number }) {
  const progress = useQuery({
    queryKey: TEMPLATE_KEYS.bulkSend(bulkId),
    queryFn: ({ signal }) => fetchBulkSend(bulkId, signal),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'DONE' || status === 'FAILED' ? false : pollMs;
    },
  });
  const data = progress.data;
  const count = data?.total ?? total;
  const processed = (data?.sent ?? 0) + (data?.failed ?? 0);
  const percent = count > 0 ? Math.round((processed / count) * 100) : 0;
  const isDone = data?.status === 'DONE' || data?.status === 'FAILED';

  return (
    <Stack gap="md" data-testid="bulk-progress">
      {isDone ? (
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color={data.failed > 0 ? 'orange' : 'teal'} variant="light" radius="xl" size="lg">
            <IconCircleCheck size={20} />
          </ThemeIcon>
          <Text fw={600}>{data.status === 'FAILED' ? 'The bulk send stopped' : 'Bulk send finished'}</Text>
        </Group>
      ) : (
        <Text fw={600}>Sending…</Text>
      )}
      <Progress
        value={percent}
        size="lg"
        radius="xl"
        animated={!isDone}
        aria-label="Bulk send progress"
        color={isDone ? ((data?.failed ?? 0) > 0 ? 'orange' : 'teal') : undefined}
      />
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          {processed} of {count} processed
        </Text>
        <Badge color="teal" variant="light">
          {data?.sent ?? 0} sent
        </Badge>
        <Badge color={(data?.failed ?? 0) > 0 ? 'red' : 'gray'} variant="light">
          {data?.failed ?? 0} failed
        </Badge>
      </Group>
      {progress.isError && <ErrorAlert>{errorText(progress.error)}</ErrorAlert>}
      {data && data.errors.length > 0 && (
        <ScrollArea.Autosize mah={220} type="auto">
          <Table striped withTableBorder fz="sm" aria-label="Rows that failed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={70}>Row</Table.Th>
                <Table.Th>Problem</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.errors.map((error, index) => (
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
 * Bulk send of a template: download the sample sheet (a column per role's email and names, one per
 * fillable field), drop the filled CSV or XLSX, send, then watch the progress with sent and failed
 * counts and the rows that failed.
 */
export function BulkSendDialog({
  row,
  onClose,
  pollMs = 1500,
}: {
  row: TTemplateRow;
  onClose: () => void;
  pollMs?: number;
}) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const sample = useMutation({
    mutationFn: () => fetchBulkSample(row._id),
    onSuccess: (csv) => saveCsv(csv, row.name, 'bulk send'),
  });
  const start = useMutation({
    mutationFn: (sheet: File) => startBulkSend(row._id, sheet),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TEMPLATE_KEYS.lists }),
  });
  const started = start.data;
  const details =
    isApiError(start.error) && start.error.isValidation
      ? Object.entries(start.error.fieldErrors).map(([key, message]) => describeSheetProblem(key, message))
      : [];

  const onFiles = (files: File[]) => {
    const chosen = files[0];
    if (!chosen) return;
    start.reset();
    const problem = checkSheet(chosen);
    setFileError(problem);
    setFile(problem ? null : chosen);
  };

  const footer = started ? (
    <Button onClick={onClose}>Close</Button>
  ) : (
    <>
      <Button variant="default" onClick={onClose} disabled={start.isPending}>
        Cancel
      </Button>
      <Button onClick={() => file && start.mutate(file)} disabled={!file} loading={start.isPending}>
        Send to everyone
      </Button>
    </>
  );

  return (
    <AppDialog opened onClose={onClose} title={`Bulk send: ${row.name}`} size="lg" footer={footer}>
      {started ? (
        <BulkProgress bulkId={started.bulk_send_id} total={started.total} pollMs={pollMs} />
      ) : (
        <Stack gap="md">
          <List type="ordered" size="sm" spacing={4}>
            <List.Item>Download the sample sheet: a row per document, a column per role and field.</List.Item>
            <List.Item>Fill in one row for each document to send and save it as CSV or XLSX.</List.Item>
            <List.Item>Drop the file here and send. Each row becomes its own document.</List.Item>
          </List>
          <Group>
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              onClick={() => sample.mutate()}
              loading={sample.isPending}
            >
              Download sample CSV
            </Button>
          </Group>
          {sample.error ? <ErrorAlert>{errorText(sample.error)}</ErrorAlert> : null}
          {file ? (
            <Group
              gap="sm"
              wrap="nowrap"
              p="sm"
              style={{
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 'var(--mantine-radius-md)',
              }}
            >
              <ThemeIcon variant="light" color="teal">
                <IconFileSpreadsheet size={18} />
              </ThemeIcon>
              <Text size="sm" fw={500} style={{ flex: 1, minWidth: 0 }} truncate="end">
                {file.name}
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove ${file.name}`}
                onClick={() => {
                  setFile(null);
                  start.reset();
                }}
              >
                <IconX size={16} />
              </ActionIcon>
            </Group>
          ) : (
            <FileDropZone
              onFiles={onFiles}
              accept={SHEET_ACCEPT}
              multiple={false}
              isCompact
              title="Drop the filled sheet here"
              hint="CSV or XLSX, up to 10 MB"
              buttonLabel="Choose sheet"
              inputLabel="Choose the sheet to send"
            />
          )}
          {fileError && (
            <Text size="sm" c="red" role="alert">
              {fileError}
            </Text>
          )}
          {details.length > 0 && (
            <Alert
              color="red"
              variant="light"
              icon={<IconInfoCircle size={18} />}
              title="Fix the sheet"
              role="alert"
            >
              <List size="sm" spacing={2}>
                {details.map((message) => (
                  <List.Item key={message}>{message}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {start.error && details.length === 0 ? <ErrorAlert>{errorText(start.error)}</ErrorAlert> : null}
        </Stack>
      )}
    </AppDialog>
  );
}
