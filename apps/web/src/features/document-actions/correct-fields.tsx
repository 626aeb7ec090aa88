import { useState } from 'react';
import { ActionIcon, Button, Group, Select, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconLock, IconPlus, IconTrash } from '@tabler/icons-react';
import type { TFieldType } from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';
import { recipientDisplayName } from './correct-recipients';
import { ADDABLE_FIELDS, fieldTypeLabel, placeField, type CorrectForm } from './correct-state';

type Props = {
  form: CorrectForm;
  pages: TPageSize[];
  onChange: (form: CorrectForm) => void;
  errors: Record<string, string>;
};

/**
 * The fields: those of finished recipients locked; the others can go to another recipient who
 * fills fields (signer or approver) or be removed; new ones are added for a recipient on a page
 * (placed in the first free spot from the bottom of the page).
 */
export function CorrectFields({ form, pages, onChange, errors }: Props) {
  const fillers = form.recipients
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => !r.isLocked && (r.user_type === 'SIGNER' || r.user_type === 'APPROVER'));
  const options = fillers.map(({ r, i }) => ({ value: r.key, label: recipientDisplayName(r, i) }));
  const locked = new Set(form.recipients.filter((r) => r.isLocked).map((r) => r.key));
  const nameOf = (key: string) => {
    const index = form.recipients.findIndex((r) => r.key === key);
    return index >= 0 ? recipientDisplayName(form.recipients[index]!, index) : 'Nobody';
  };
  const [who, setWho] = useState<string | null>(null);
  const [type, setType] = useState<TFieldType>('SIGNATURE');
  const [page, setPage] = useState('1');
  const [placeError, setPlaceError] = useState<string | null>(null);
  const recipientKey = who && options.some((o) => o.value === who) ? who : (options[0]?.value ?? null);

  const add = () => {
    if (!recipientKey) return;
    const field = placeField(form.fields, pages, { type, page: Number(page), recipientKey });
    if (!field) return setPlaceError(`Page ${page} has no free room left: pick another page`);
    setPlaceError(null);
    onChange({ ...form, fields: [...form.fields, field] });
  };

  return (
    <Stack gap="sm">
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
                <Table.Td>{field.page}</Table.Td>
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
                        onClick={() =>
                          onChange({ ...form, fields: form.fields.filter((_, i) => i !== index) })
                        }
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
          label="New field for"
          data={options}
          value={recipientKey}
          onChange={setWho}
          placeholder="No pending signer or approver"
          disabled={options.length === 0}
          allowDeselect={false}
          style={{ flex: '1 1 200px' }}
          comboboxProps={{ withinPortal: true }}
        />
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
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={add} disabled={!recipientKey}>
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
