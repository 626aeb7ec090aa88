import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { GRID_COLUMNS } from '@esigns/contracts/nocode-field-types';
import { parseTemplateValues } from '@esigns/contracts/nocode-field-values';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { visibleFieldKeys } from '@esigns/contracts/nocode-visibility';
import { FieldInput } from './field-input';
import './template-form.css';

export type TemplateFormProps = {
  fields: readonly TFormField[];
  /** Called with the normalised values when they pass the shared validator. */
  onValid?: (values: Record<string, unknown>) => void;
  submitLabel?: string;
  /** Shown under the form (e.g. what the preview does with the values). */
  footer?: ReactNode;
};

/** The first message per key, and nested messages (`items.0.qty`) under their field. */
function groupErrors(errors: { key: string; message: string }[]) {
  const byKey: Record<string, string> = {};
  const nested: Record<string, Record<string, string>> = {};
  for (const { key, message } of errors) {
    const [head = '', ...rest] = key.split('.');
    if (rest.length === 0) byKey[head] ??= message;
    else (nested[head] ??= {})[rest.join('.')] ??= message;
  }
  return { byKey, nested };
}

/**
 * A template filled in: every visible field on the template's 12-column grid (one column on
 * phones), formulas computed as values change, and the shared validator run on submit, so the
 * messages are the ones the API gives.
 */
export function TemplateForm({ fields, onValid, submitLabel = 'Check values', footer }: TemplateFormProps) {
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [isSubmitted, setSubmitted] = useState(false);
  const [isValid, setValid] = useState(false);

  const parsed = useMemo(
    () => parseTemplateValues(fields, values, { unknownKeys: 'strip' }),
    [fields, values],
  );
  const visible = useMemo(
    () => visibleFieldKeys(fields, { ...values, ...parsed.values }),
    [fields, values, parsed.values],
  );
  const { byKey, nested } = groupErrors(isSubmitted ? parsed.errors : []);

  const setValue = (key: string, value: unknown) => {
    setValid(false);
    setValues((current) => ({ ...current, [key]: value }));
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        const ok = parsed.errors.length === 0;
        setValid(ok);
        if (ok) onValid?.(parsed.values);
      }}
    >
      <Box
        data-testid="template-form-grid"
        className="template-form-grid"
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
          columnGap: 'var(--mantine-spacing-md)',
          rowGap: 'var(--mantine-spacing-sm)',
        }}
      >
        {fields
          .filter((field) => visible.has(field.key))
          .map((field) => (
            <Box
              key={field.key}
              className="template-form-cell"
              style={{
                gridColumn: field.layout ? `${field.layout.x + 1} / span ${field.layout.w}` : '1 / -1',
                gridRow: field.layout ? `${field.layout.y + 1} / span ${field.layout.h}` : undefined,
                minWidth: 0,
              }}
            >
              <FieldInput
                field={field}
                value={values[field.key]}
                computed={parsed.values[field.key]}
                onChange={(value) => setValue(field.key, value)}
                error={byKey[field.key]}
                nestedErrors={nested[field.key]}
              />
            </Box>
          ))}
      </Box>
      {fields.length === 0 && (
        <Text c="dimmed" size="sm">
          This template has no fields yet.
        </Text>
      )}
      {isSubmitted && !isValid && parsed.errors.length > 0 && (
        <Alert color="red" mt="md" role="alert">
          {parsed.errors.length === 1 ? '1 value needs' : `${parsed.errors.length} values need`} your
          attention.
        </Alert>
      )}
      {isValid && (
        <Alert color="teal" mt="md" icon={<IconCircleCheck size={18} />} role="status">
          All values are valid.
        </Alert>
      )}
      <Group justify="space-between" mt="md">
        <Box>{footer}</Box>
        <Button type="submit">{submitLabel}</Button>
      </Group>
    </Box>
  );
}
