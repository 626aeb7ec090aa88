import { ActionIcon, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFormFieldOf } from '@esigns/contracts/nocode-fields';
import { FieldInput } from './field-input';
import { FieldLabel } from './input-parts';

type Row = Record<string, unknown>;

export type DataTableInputProps = {
  field: TFormFieldOf<'DATA_TABLE'>;
  value: unknown;
  /** The rows as the validator normalised them (formula columns computed). */
  computed?: unknown;
  onChange: (rows: Row[]) => void;
  error?: string | undefined;
  /** Cell errors by `row.column` (`0.qty`). */
  nestedErrors: Record<string, string>;
};

/**
 * A DATA_TABLE field: one row per line item, one input per column, rows added and removed by
 * the person filling it (between the field's minimum and maximum).
 */
export function DataTableInput({
  field,
  value,
  computed,
  onChange,
  error,
  nestedErrors,
}: DataTableInputProps) {
  const rows: Row[] = Array.isArray(value) ? (value as Row[]) : [];
  const computedRows: Row[] = Array.isArray(computed) ? (computed as Row[]) : [];
  const setCell = (index: number, key: string, cell: unknown) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, [key]: cell } : row)));

  return (
    <Stack gap={6}>
      <FieldLabel field={field} />
      {field.help_text && (
        <Text size="xs" c="dimmed">
          {field.help_text}
        </Text>
      )}
      <Table.ScrollContainer minWidth={field.columns.length * 160}>
        <Table withTableBorder withColumnBorders verticalSpacing={4}>
          <Table.Thead bg="gray.0">
            <Table.Tr>
              {field.columns.map((column) => (
                <Table.Th key={column.key}>
                  {column.label}
                  {column.required ? ' *' : ''}
                </Table.Th>
              ))}
              <Table.Th w={44} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row, index) => (
              <Table.Tr key={index}>
                {field.columns.map((column) => (
                  <Table.Td key={column.key}>
                    <FieldInput
                      field={column}
                      withLabel={false}
                      value={row[column.key]}
                      computed={computedRows[index]?.[column.key]}
                      onChange={(cell) => setCell(index, column.key, cell)}
                      error={nestedErrors[`${index}.${column.key}`]}
                    />
                  </Table.Td>
                ))}
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove row ${index + 1}`}
                    onClick={() => onChange(rows.filter((_, i) => i !== index))}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          disabled={rows.length >= field.max_rows || field.read_only}
          onClick={() => onChange([...rows, {}])}
        >
          Add row
        </Button>
        {error && (
          <Text size="xs" c="red">
            {error}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
