import { ScrollArea, Select, Table, Text } from '@mantine/core';
import {
  isImportableFieldType,
  type TExcelHeaders,
  type TImportCell,
  type TImportMapping,
} from '@esigns/contracts/entity-import';
import type { TemplateField } from './entities-api';

const SKIP = '__skip__';

const cellText = (cell: TImportCell): string =>
  cell === null ? '' : typeof cell === 'boolean' ? (cell ? 'Yes' : 'No') : String(cell);

/** A few values of a column, as a hint of what it holds. */
function sampleOf(sheet: TExcelHeaders, index: number): string {
  const values = sheet.sample
    .map((row) => cellText(row[index] ?? null))
    .filter(Boolean)
    .slice(0, 3);
  return values.map((v) => (v.length > 30 ? `${v.slice(0, 30)}…` : v)).join(' · ');
}

/** The fields a column can fill, by template when the entity has several. */
function fieldOptions(fields: TemplateField[], taken: Set<string>, own: string | null) {
  const importable = fields.filter((f) => isImportableFieldType(f.type));
  const item = (f: TemplateField) => ({
    value: f.ref,
    label: f.required ? `${f.label} *` : f.label,
    disabled: taken.has(f.ref) && f.ref !== own,
  });
  const groups = [...new Set(importable.map((f) => f.template_name))];
  const skip = { value: SKIP, label: 'Do not import' };
  if (groups.length <= 1) return [skip, ...importable.map(item)];
  return [
    { group: 'Skip', items: [skip] },
    ...groups.map((group) => ({
      group,
      items: importable.filter((f) => f.template_name === group).map(item),
    })),
  ];
}

/** Each column of the sheet, a few of its values, and the field it fills ("Do not import" to leave it out). */
export function MappingTable({
  sheet,
  fields,
  mapping,
  onChange,
  errors,
}: {
  sheet: TExcelHeaders;
  fields: TemplateField[];
  mapping: TImportMapping;
  onChange: (mapping: TImportMapping) => void;
  /** Problems of the start call keyed `mapping.<header>`. */
  errors: Record<string, string>;
}) {
  const taken = new Set(Object.values(mapping).filter((ref): ref is string => Boolean(ref)));
  return (
    <ScrollArea.Autosize mah={520}>
      <Table verticalSpacing="xs" aria-label="Columns and fields">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            <Table.Th>Sample values</Table.Th>
            <Table.Th w={300}>Field</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheet.headers.map((header, index) => {
            const own = mapping[header] ?? null;
            return (
              <Table.Tr key={header}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {header}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {sampleOf(sheet, index) || 'empty'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Select
                    aria-label={`Field for ${header}`}
                    data={fieldOptions(fields, taken, own)}
                    value={own ?? SKIP}
                    onChange={(next) =>
                      onChange({ ...mapping, [header]: next && next !== SKIP ? next : null })
                    }
                    allowDeselect={false}
                    searchable
                    error={errors[`mapping.${header}`]}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
