import { Button, CopyButton, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { fieldsAsText } from '@esigns/contracts/template-data-lookups';
import { AppDialog } from '../../shared/ui/app-dialog';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { fetchRecordFieldsText, TEMPLATE_DATA_KEYS } from './template-data-api';

/**
 * "Details as text": each template's fields and values as people read them (files by name, linked
 * records by title; `POST /TemplatesFieldsDataFromEntities`), with "Copy" putting them on the
 * clipboard as `Label: value` lines, to paste a record's details into an email or a chat.
 */
export function RecordDetailsTextDialog({
  opened,
  onClose,
  entityId,
  recordId,
  title,
}: {
  opened: boolean;
  onClose: () => void;
  entityId: string;
  recordId: string;
  title: string;
}) {
  const details = useQuery({
    queryKey: TEMPLATE_DATA_KEYS.fieldsText(entityId, recordId),
    queryFn: ({ signal }) => fetchRecordFieldsText({ entity_id: entityId, entity_data_id: recordId }, signal),
    enabled: opened,
  });
  const body = details.data ? fieldsAsText(details.data) : '';
  const text = title ? `${title}\n\n${body}` : body;
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title="Details as text"
      size="lg"
      footer={
        <>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <CopyButton value={text}>
            {({ copied, copy }) => (
              <Button
                onClick={copy}
                disabled={!details.data}
                leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              >
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </>
      }
    >
      {details.isLoading ? (
        <Skeleton h={160} />
      ) : details.error ? (
        <ErrorAlert>{errorText(details.error)}</ErrorAlert>
      ) : (
        <Stack gap="md">
          {details.data?.map((template) => (
            <Stack key={template.template_id} gap={4}>
              <Title order={6}>{template.template_name}</Title>
              <Table withRowBorders={false} verticalSpacing={2}>
                <Table.Tbody>
                  {template.fields.map((field) => (
                    <Table.Tr key={field.key}>
                      <Table.Td w="35%">
                        <Text size="sm" c="dimmed">
                          {field.label}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                          {field.text || '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          ))}
        </Stack>
      )}
    </AppDialog>
  );
}
