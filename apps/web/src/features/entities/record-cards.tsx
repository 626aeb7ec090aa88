import { Card, Checkbox, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Row } from '@tanstack/react-table';
import type { TEntityRecord } from '@esigns/contracts/entities';
import { CellValue } from './grid-cells';
import type { TemplateField } from './entities-api';

/** How many of the grid's visible fields a card shows under the record's first one. */
const CARD_FIELDS = 3;

export type RecordCardsProps = {
  rows: Row<TEntityRecord>[];
  /** The grid's visible field columns, in order: the first names the card, the next few follow. */
  fields: TemplateField[];
  valueOf: (record: TEntityRecord, field: TemplateField) => unknown;
  linkTitle: (id: string) => string;
  onOpen: (id: string) => void;
  selectable: boolean;
};

/**
 * The records on a phone: one card per record (its first field as the title, the next fields
 * under it) instead of the grid's wide rows; tapping a card opens the record (a drawer, or the
 * page the grid's owner chose). Selection for bulk actions stays, one checkbox per card.
 */
export function RecordCards({ rows, fields, valueOf, linkTitle, onOpen, selectable }: RecordCardsProps) {
  const [first, ...rest] = fields;
  return (
    <Stack gap="xs" mt="xs" data-testid="record-cards">
      {rows.map((row) => {
        const record = row.original;
        return (
          <Card key={row.id} withBorder radius="md" p="sm" data-testid="record-card">
            <Group align="flex-start" wrap="nowrap" gap="sm">
              {selectable && (
                <Checkbox
                  mt={2}
                  aria-label={`Select ${record.title || 'record'}`}
                  checked={row.getIsSelected()}
                  onChange={row.getToggleSelectedHandler()}
                />
              )}
              <UnstyledButton
                onClick={() => onOpen(row.id)}
                style={{ flex: 1, minWidth: 0 }}
                aria-label={`Open ${record.title || 'record'}`}
              >
                <Stack gap={4}>
                  <Text fw={600} size="sm" truncate>
                    {first ? String(valueOf(record, first) ?? '') || record.title : record.title}
                  </Text>
                  {rest.slice(0, CARD_FIELDS).map((field) => (
                    <Group key={field.ref} gap={6} wrap="nowrap" justify="space-between">
                      <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                        {field.label}
                      </Text>
                      <Text size="sm" component="div" style={{ minWidth: 0, overflow: 'hidden' }} ta="right">
                        <CellValue
                          field={field}
                          value={valueOf(record, field)}
                          linkTitle={linkTitle}
                          inline
                        />
                      </Text>
                    </Group>
                  ))}
                </Stack>
              </UnstyledButton>
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
