import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TEntityRecord } from '@esigns/contracts/entities';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import { PayButtonField } from '../pay-buttons/pay-button-field';
import { PayButtonScope } from '../pay-buttons/pay-button-scope';
import { CellValue } from './grid-cells';
import { RecordFileList } from './record-files';
import { toTemplateField } from './use-entity-templates';

/**
 * A record's values, template by template, read-only. ENTITY fields show the linked records'
 * titles when the record carries them (`GET /entity-data/{id}` answers `linked_titles`).
 */
export function RecordValuesView({
  record,
  templates,
  columns = 2,
}: {
  record: TEntityRecord & { linked_titles?: Record<string, string> };
  templates: TFormTemplate[];
  columns?: number;
}) {
  const titles = record.linked_titles;
  const linkTitle = titles ? (id: string) => titles[id] ?? id.slice(0, 8) : undefined;
  return (
    <Stack gap="md">
      {templates
        .filter((t) => !t.is_repeatable)
        .map((template) => (
          <Paper key={template._id} withBorder p="md" radius="md">
            <Title order={5} mb="sm">
              {template.name}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm">
              {template.fields.map((f) => {
                if (f.type === 'PAY_BUTTON') {
                  // Paid or not, and the way to pay (pay-buttons): the record's own template.
                  return (
                    <Box key={f.key}>
                      <PayButtonScope
                        target={{ kind: 'RECORD', recordId: record._id, templateId: template._id }}
                      >
                        <PayButtonField field={f} />
                      </PayButtonScope>
                    </Box>
                  );
                }
                const column = toTemplateField(template, f);
                const value = record.values[template._id]?.[f.key];
                return (
                  <Box key={f.key}>
                    <Text size="xs" c="dimmed">
                      {f.label}
                    </Text>
                    {value === null || value === undefined || value === '' ? (
                      <Text size="sm" c="dimmed">
                        —
                      </Text>
                    ) : f.type === 'FILE' || f.type === 'IMAGE' ? (
                      <RecordFileList value={value} />
                    ) : (
                      <CellValue field={column} value={value} linkTitle={linkTitle} inline />
                    )}
                  </Box>
                );
              })}
            </SimpleGrid>
          </Paper>
        ))}
    </Stack>
  );
}
