import { Checkbox, Group, NativeSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import type { TExcelSheetPreview } from '@esigns/contracts/apps';

/** One sheet as the person reviews it: kept or not, its entity name, and each column's field. */
export type ReviewedSheet = TExcelSheetPreview & {
  include: boolean;
  /** Per field (same order as `fields`): kept, label, type. */
  columns: { include: boolean; label: string; type: string; inferred: string }[];
};

export const toReviewed = (sheet: TExcelSheetPreview): ReviewedSheet => ({
  ...sheet,
  include: true,
  columns: sheet.fields.map((f) => ({
    include: true,
    label: String(f.label),
    type: String(f.type),
    inferred: String(f.type),
  })),
});

/** The sheet as the manifest gets it: fields kept (a type changed to text keeps the values as text). */
export function reviewedFields(sheet: ReviewedSheet): Pick<TExcelSheetPreview, 'name' | 'fields' | 'rows'> {
  const kept = sheet.fields.flatMap((field, i) => {
    const column = sheet.columns[i]!;
    if (!column.include) return [];
    const changed = column.type !== column.inferred;
    const base = changed
      ? { key: field.key, label: column.label, type: column.type, layout: field.layout }
      : { ...field, label: column.label };
    return [{ field: base, key: String(field.key), asText: changed }];
  });
  return {
    name: sheet.name,
    fields: kept.map((k) => k.field),
    rows: sheet.rows.map((row) =>
      Object.fromEntries(
        kept.flatMap(({ key, asText }) =>
          row[key] === undefined ? [] : [[key, asText ? String(row[key]) : row[key]]],
        ),
      ),
    ),
  };
}

const labelOf = (type: string) => type.replace(/_/g, ' ').toLowerCase();

export function SheetReview({
  sheet,
  onChange,
}: {
  sheet: ReviewedSheet;
  onChange: (next: ReviewedSheet) => void;
}) {
  const setColumn = (i: number, patch: Partial<ReviewedSheet['columns'][number]>) =>
    onChange({ ...sheet, columns: sheet.columns.map((c, j) => (j === i ? { ...c, ...patch } : c)) });
  return (
    <Stack gap="xs" data-testid={`sheet-${sheet.sheet}`}>
      <Group align="flex-end" wrap="wrap">
        <Checkbox
          label={`Sheet ${sheet.sheet}`}
          checked={sheet.include}
          onChange={(e) => onChange({ ...sheet, include: e.currentTarget.checked })}
        />
        <TextInput
          label="Entity name"
          value={sheet.name}
          disabled={!sheet.include}
          onChange={(e) => onChange({ ...sheet, name: e.currentTarget.value })}
          w={{ base: '100%', xs: 280 }}
        />
        <Text
          size="sm"
          c="dimmed"
        >{`${Math.min(sheet.rows.length, sheet.row_count)} of ${sheet.row_count} rows become records`}</Text>
      </Group>
      {sheet.include && (
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40} />
                <Table.Th>Field</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>First value</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sheet.columns.map((column, i) => (
                <Table.Tr key={String(sheet.fields[i]!.key)}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Keep ${column.label}`}
                      checked={column.include}
                      onChange={(e) => setColumn(i, { include: e.currentTarget.checked })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label="Field label"
                      value={column.label}
                      onChange={(e) => setColumn(i, { label: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      size="xs"
                      aria-label="Field type"
                      data={[...new Set([column.inferred, 'SINGLE_LINE_TEXT'])].map((t) => ({
                        value: t,
                        label: labelOf(t),
                      }))}
                      value={column.type}
                      onChange={(e) => setColumn(i, { type: e.currentTarget.value })}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {String(sheet.rows[0]?.[String(sheet.fields[i]!.key)] ?? '')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
