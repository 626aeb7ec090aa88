import { useState } from 'react';
import { Button, Popover, Stack, Text } from '@mantine/core';
import { IconRowInsertBottom } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { parseTemplateValues } from '@esigns/contracts/nocode-field-values';
import { api } from '../../shared/api/api-client';
import { isApiError } from '../../shared/api/api-error';
import { FieldInput } from '../form-templates/renderer/field-input';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { ENTITY_KEYS, useEntity } from './entities-api';
import { useEntityTemplates } from './use-entity-templates';

/**
 * "New row" in the grid: the primary template's required fields only (`POST
 * /templates-primaryData`); the rest is filled in the grid's cells or on the record's page.
 */
export function QuickAdd({ entityId }: { entityId: string }) {
  const queryClient = useQueryClient();
  const entity = useEntity(entityId);
  const primary = useEntityTemplates(entityId).find((t) => t._id === entity.data?.primary_template_id);
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const fields = (primary?.fields ?? []).filter((f) => f.required || f.key === entity.data?.display_field);

  const submit = async () => {
    if (!primary) return;
    const parsed = parseTemplateValues(fields, values, { unknownKeys: 'strip', partial: true });
    const missing = fields.filter((f) => f.required && (values[f.key] === undefined || values[f.key] === ''));
    const problems = Object.fromEntries([
      ...parsed.errors.map((e) => [e.key, e.message] as const),
      ...missing.map((f) => [f.key, 'Required'] as const),
    ]);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    setFailure(null);
    try {
      await api.post('/templates-primaryData', { entity_id: entityId, values: parsed.values });
      await queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.records(entityId) });
      await queryClient.invalidateQueries({ queryKey: ENTITY_KEYS.one(entityId) });
      setValues({});
      setOpened(false);
    } catch (err) {
      if (isApiError(err)) {
        setErrors(
          Object.fromEntries(Object.entries(err.fieldErrors).map(([k, m]) => [k.split('.').pop() ?? k, m])),
        );
      }
      setFailure(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" withArrow trapFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRowInsertBottom size={14} />}
          onClick={() => setOpened((o) => !o)}
          disabled={!primary}
        >
          New row
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack
          w={300}
          gap="xs"
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Text size="sm" fw={600}>
            New {entity.data?.name ?? 'record'}
          </Text>
          {Boolean(failure) && !Object.keys(errors).length && <ErrorAlert>{errorText(failure)}</ErrorAlert>}
          {fields.map((field) => (
            <FieldInput
              key={field.key}
              field={field}
              value={values[field.key]}
              onChange={(v) => setValues((c) => ({ ...c, [field.key]: v }))}
              error={errors[field.key]}
            />
          ))}
          <Button type="submit" size="xs" loading={saving}>
            Add row
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
