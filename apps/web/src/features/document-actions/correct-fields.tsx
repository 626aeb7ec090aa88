import { useState } from 'react';
import { ActionIcon, Anchor, Button, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFieldType } from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';
import { CorrectPages } from './correct-pages';
import { recipientDisplayName } from './correct-recipients';
import {
  ADDABLE_FIELDS,
  fieldTypeLabel,
  moveField,
  placeField,
  removeField,
  type CorrectForm,
} from './correct-state';
import { ColorSelect } from '../editor/field-controls';

type Props = {
  documentId: string;
  form: CorrectForm;
  pages: TPageSize[];
  onChange: (form: CorrectForm) => void;
  errors: Record<string, string>;
};

/**
 * The fields: on the pages (`CorrectPages`: drag to move or to add from the palette) and as a
 * list. Those of finished recipients are locked; the others can move (also to another page), go
 * to another recipient who fills fields (signer or approver) or be removed; new ones are added for
 * a recipient on a page (dragged there, or placed in the first free spot from the bottom).
 */
export function CorrectFields({ documentId, form, pages, onChange, errors }: Props) {
  const fillers = form.recipients
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => !r.isLocked && (r.user_type === 'SIGNER' || r.user_type === 'APPROVER'));
  const options = fillers.map(({ r, i }) => ({ value: r.key, label: recipientDisplayName(r, i) }));
  const locked = new Set(form.recipients.filter((r) => r.isLocked).map((r) => r.key));
  const colorOf = (key: string) => form.recipients.find((r) => r.key === key)?.color ?? '#868E96';
  const nameOf = (key: string) => {
    const index = form.recipients.findIndex((r) => r.key === key);
    return index >= 0 ? recipientDisplayName(form.recipients[index]!, index) : 'Nobody';
  };
  const [who, setWho] = useState<string | null>(null);
  const [type, setType] = useState<TFieldType>('SIGNATURE');
  const [page, setPage] = useState('1');
  const [placeError, setPlaceError] = useState<string | null>(null);
  const recipientKey = who && options.some((o) => o.value === who) ? who : (options[0]?.value ?? null);

  const add = (fieldType: TFieldType = type) => {
    if (!recipientKey) return;
    const field = placeField(form.fields, pages, { type: fieldType, page: Number(page), recipientKey });
    if (!field) return setPlaceError(`Page ${page} has no free room left: pick another page`);
    setPlaceError(null);
    onChange({ ...form, fields: [...form.fields, field] });
  };
  const moveToPage = (key: string, to: number) => {
    const field = form.fields.find((f) => f.key === key);
    if (!field) return;
    const result = moveField(form, pages, key, { page: to, x: field.x, y: field.y });
    setPlaceError(result.error);
    if (result.form) {
      onChange(result.form);
      setPage(String(to));
    }
  };

  return (
    <Stack gap="sm">
      <ColorSelect
        label="New field for"
        data={options}
        value={recipientKey}
        onChange={setWho}
        placeholder="No pending signer or approver"
        disabled={options.length === 0}
        maw={360}
        colorOf={colorOf}
      />
      <CorrectPages
        documentId={documentId}
        form={form}
        pages={pages}
        page={Number(page)}
        onPage={(n) => setPage(String(n))}
        recipientKey={recipientKey}
        onChange={onChange}
        onAdd={add}
        onProblem={setPlaceError}
      />
      <Table striped withTableBorder verticalSpacing="xs" aria-label="Fields">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Field</Table.Th>
            <Table.Th>Page</Table.Th>
            <Table.Th>Filled by</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {form.fields.map((field, index) => {
            const isLocked = locked.has(field.recipient_key);
            const label = `${fieldTypeLabel(field.type)}${field.label ? `: ${field.label}` : ''}`;
            const error = errors[`fields.${index}.recipient_key`] ?? errors[`fields.${index}.x`];
            return (
              <Table.Tr key={field.key}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    {isLocked && <IconLock size={14} aria-label="Locked" />}
                    <Text size="sm">{label}</Text>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {isLocked || pages.length < 2 ? (
                    <Anchor
                      component="button"
                      type="button"
                      size="sm"
                      aria-label={`Show page ${field.page}`}
                      onClick={() => setPage(String(field.page))}
                    >
                      {field.page}
                    </Anchor>
                  ) : (
                    <Select
                      aria-label={`Page of ${label}`}
                      size="xs"
                      w={72}
                      data={pages.map((_, i) => String(i + 1))}
                      value={String(field.page)}
                      allowDeselect={false}
                      onChange={(value) => value && moveToPage(field.key, Number(value))}
                      comboboxProps={{ withinPortal: true }}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  {isLocked ? (
                    <Text size="sm">{nameOf(field.recipient_key)}</Text>
                  ) : (
                    <Select
                      aria-label={`Who fills ${label}`}
                      size="xs"
                      data={options}
                      value={
                        options.some((o) => o.value === field.recipient_key) ? field.recipient_key : null
                      }
                      placeholder="Pick a recipient"
                      allowDeselect={false}
                      error={error}
                      onChange={(value) =>
                        value &&
                        onChange({
                          ...form,
                          fields: form.fields.map((f, i) =>
                            i === index ? { ...f, recipient_key: value } : f,
                          ),
                        })
                      }
                      comboboxProps={{ withinPortal: true }}
                    />
                  )}
                </Table.Td>
                <Table.Td>
                  {!isLocked && (
                    <Tooltip label="Remove field">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${label} on page ${field.page}`}
                        onClick={() => onChange(removeField(form, field.key))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
          {form.fields.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">
                  No fields
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <Group align="flex-end" gap="xs" wrap="wrap">
        <Select
          label="Type"
          data={ADDABLE_FIELDS.map((f) => ({ value: f.type, label: f.label }))}
          value={type}
          onChange={(value) => value && setType(value as TFieldType)}
          allowDeselect={false}
          style={{ flex: '1 1 140px' }}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="Page"
          data={pages.map((_, i) => String(i + 1))}
          value={page}
          onChange={(value) => value && setPage(value)}
          allowDeselect={false}
          style={{ flex: '0 0 90px' }}
          comboboxProps={{ withinPortal: true }}
        />
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() => add()}
          disabled={!recipientKey}
        >
          Add field
        </Button>
      </Group>
      {placeError && (
        <Text size="sm" c="red" role="alert">
          {placeError}
        </Text>
      )}
      {errors.fields && (
        <Text size="sm" c="red" role="alert">
          {errors.fields}
        </Text>
      )}
    </Stack>
  );
}
