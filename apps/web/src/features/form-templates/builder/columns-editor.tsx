import { Accordion, Checkbox, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import {
  DATA_TABLE_COLUMN_TYPES,
  FORM_FIELD_TYPE_INFO,
  type TFormFieldType,
} from '@esigns/contracts/nocode-field-types';
import { toFieldKey } from '@esigns/contracts/nocode-fields';
import { typeDefaults, uniqueKey } from './builder-state';
import { ListEnd, RowButton, problemsUnder, type Problems } from './setting-inputs';
import { TypeSettings } from './type-settings';

type Column = Record<string, unknown> & { key: string; label: string; type: string; required?: boolean };

export type ColumnsEditorProps = {
  columns: Column[];
  onChange: (columns: Column[]) => void;
  problems: Problems;
};

/** The columns of a data table: each a small field (label, key, type, required, its settings). */
export function ColumnsEditor({ columns, onChange, problems }: ColumnsEditorProps) {
  const set = (index: number, patch: Record<string, unknown>) =>
    onChange(columns.map((column, i) => (i === index ? ({ ...column, ...patch } as Column) : column)));
  const add = () => {
    const key = uniqueKey('Column', new Set(columns.map((c) => c.key)));
    onChange([...columns, { key, label: `Column ${columns.length + 1}`, type: 'SINGLE_LINE_TEXT' }]);
  };
  return (
    <Stack gap={6}>
      <Accordion variant="contained" chevronPosition="left">
        {columns.map((column, index) => {
          const columnProblems = problemsUnder(problems, String(index));
          const hasProblems = Object.keys(columnProblems).length > 0;
          return (
            <Accordion.Item key={index} value={String(index)}>
              <Group gap={0} wrap="nowrap">
                <Accordion.Control>
                  <Text size="xs" fw={500} c={hasProblems ? 'red' : undefined}>
                    {column.label || column.key} ·{' '}
                    {FORM_FIELD_TYPE_INFO[column.type as TFormFieldType]?.label ?? column.type}
                  </Text>
                </Accordion.Control>
                <RowButton
                  mx={6}
                  label={`Remove column ${column.label}`}
                  isDanger
                  disabled={columns.length === 1}
                  onClick={() => onChange(columns.filter((_, i) => i !== index))}
                >
                  <IconTrash size={14} />
                </RowButton>
              </Group>
              <Accordion.Panel>
                <Stack gap="xs">
                  <TextInput
                    size="xs"
                    label="Label"
                    value={column.label}
                    onChange={(event) => {
                      const label = event.currentTarget.value;
                      // The key follows the label until someone edits the key itself.
                      const follows = column.key === toFieldKey(column.label);
                      set(index, follows ? { label, key: toFieldKey(label) } : { label });
                    }}
                    error={columnProblems.label}
                  />
                  <TextInput
                    size="xs"
                    label="Key"
                    value={column.key}
                    onChange={(event) => set(index, { key: event.currentTarget.value })}
                    error={columnProblems.key}
                  />
                  <NativeSelect
                    size="xs"
                    label="Type"
                    data={DATA_TABLE_COLUMN_TYPES.map((type) => ({
                      value: type,
                      label: FORM_FIELD_TYPE_INFO[type].label,
                    }))}
                    value={column.type}
                    onChange={(event) => {
                      const type = event.currentTarget.value as TFormFieldType;
                      onChange(
                        columns.map((c, i) =>
                          i === index
                            ? ({
                                key: c.key,
                                label: c.label,
                                required: c.required,
                                type,
                                ...typeDefaults(type),
                              } as Column)
                            : c,
                        ),
                      );
                    }}
                    error={columnProblems.type}
                  />
                  <Checkbox
                    size="xs"
                    label="Required"
                    checked={column.required === true}
                    onChange={(event) => set(index, { required: event.currentTarget.checked })}
                  />
                  <TypeSettings
                    field={column}
                    patch={(patch) => set(index, patch)}
                    problems={columnProblems}
                    siblings={columns}
                  />
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
      <ListEnd problems={problems} addLabel="Add column" onAdd={add} />
    </Stack>
  );
}
