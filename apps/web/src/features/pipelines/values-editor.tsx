import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { FieldErrors } from '../../shared/api/api-error';
import { PIPELINE_KEYS, fetchEntityActions } from './pipelines-api';

const NOT_WRITABLE = new Set([
  'FORMULA',
  'AUTO_INCREMENT',
  'AGGREGATE',
  'GLOBAL_VARIABLE',
  'SIGNATURE',
  'PAY_BUTTON',
  'DATA_TABLE',
]);

/**
 * The values an action writes: field of `entityId` -> text, which may hold merge fields
 * (`{{lead.name}}`); a choice field offers its options.
 */
export function ValuesEditor({
  entityId,
  values,
  onChange,
  errors,
  path,
  label,
}: {
  entityId: string | null;
  values: Record<string, string>;
  onChange: (values: Record<string, string>) => void;
  errors: FieldErrors;
  path: string;
  label: string;
}) {
  const target = useQuery({
    queryKey: PIPELINE_KEYS.entityActions(entityId),
    queryFn: ({ signal }) => fetchEntityActions(entityId, signal),
    enabled: !!entityId,
  });
  const fields = (target.data?.fields ?? []).filter((f) => !NOT_WRITABLE.has(f.type));
  const entries = Object.entries(values);
  const unused = fields.filter((f) => !(f.name in values));
  const rename = (from: string, to: string) =>
    onChange(Object.fromEntries(entries.map(([name, text]) => [name === from ? to : name, text])));
  if (!entityId) return null;
  return (
    <Stack gap={6}>
      <Text size="sm">{label}</Text>
      {entries.map(([name, text], index) => {
        const field = fields.find((f) => f.name === name);
        return (
          <Group key={name} gap="xs" align="flex-start" wrap="wrap">
            <Select
              aria-label={`${label}: field ${index + 1}`}
              data={[...(field ? [field] : []), ...unused].map((f) => ({ value: f.name, label: f.label }))}
              value={name}
              onChange={(next) => next && rename(name, next)}
              error={errors[`${path}.${name}`]}
              w={{ base: '100%', sm: 200 }}
            />
            {field && field.options.length > 0 ? (
              <Select
                aria-label={`${field.label} value`}
                data={field.options}
                value={text || null}
                onChange={(next) => onChange({ ...values, [name]: next ?? '' })}
                w={{ base: '100%', sm: 260 }}
              />
            ) : (
              <TextInput
                aria-label={`${field?.label ?? name} value`}
                placeholder="Text, or {{merge.field}}"
                value={text}
                onChange={(event) => onChange({ ...values, [name]: event.currentTarget.value })}
                w={{ base: '100%', sm: 260 }}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={`Remove ${field?.label ?? name}`}
              onClick={() => onChange(Object.fromEntries(entries.filter(([n]) => n !== name)))}
              mt={6}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      {unused.length > 0 && (
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange({ ...values, [unused[0]!.name]: '' })}
          >
            Set a field
          </Button>
        </Group>
      )}
    </Stack>
  );
}
