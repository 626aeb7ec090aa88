import { Alert, Stack, Table, Text } from '@mantine/core';
import { countOf } from '@esigns/contracts/wording';
import type { TBulkSendPreview } from './templates-api';

/** What a bulk send will do before it does it: how many documents, the first rows' names and people. */
export function BulkSendPreview({ preview }: { preview: TBulkSendPreview }) {
  const more = preview.total - preview.rows.length;
  return (
    <Stack gap="xs" data-testid="bulk-preview">
      <Alert color="blue" variant="light" title={`${countOf(preview.total, 'document')} will be sent`}>
        Each row becomes its own document, mailed to its recipients. Check the first rows below, then send.
      </Alert>
      <Table.ScrollContainer minWidth={480} maxHeight={260}>
        <Table striped withTableBorder fz="sm" aria-label="First rows of the sheet">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Document</Table.Th>
              <Table.Th>Recipients</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr key={row.row}>
                <Table.Td>{row.row}</Table.Td>
                <Table.Td>{row.name}</Table.Td>
                <Table.Td>
                  {row.recipients.map((person) => (
                    <Text key={`${person.role}-${person.email}`} size="sm">
                      {person.role}: {person.name ? `${person.name} <${person.email}>` : person.email}
                    </Text>
                  ))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {more > 0 && (
        <Text size="sm" c="dimmed">
          and {countOf(more, 'more row')}
        </Text>
      )}
    </Stack>
  );
}
