import { useMemo, type ReactNode } from 'react';
import { Box, Paper, Stack, Title } from '@mantine/core';
import { GRID_COLUMNS } from '@esigns/contracts/nocode-field-types';
import { parseTemplateValues } from '@esigns/contracts/nocode-field-values';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import { visibleFieldKeys } from '@esigns/contracts/nocode-visibility';
import { FieldInput } from '../form-templates/renderer/field-input';
import type { RecordValues } from './entities-api';
import { RecordFileScope } from './record-files';
import { RecordPicker } from './record-picker';
import { TAKEN_CHECK_TYPES, TakenValueCheck } from './taken-value-check';

/*
 * The values of a record's templates as a form: each template a section laid out on its 12-column
 * grid; the shared validator runs as people type (messages show after the first save attempt);
 * the server's 422 details (`values.<template>.<key>`) show against the same fields.
 */

export type TemplateErrors = Record<string, Record<string, string>>;

/** Server details keyed `values.<template>.<key>` (or `<template>.<key>`) by template and key. */
export function errorsByTemplate(fieldErrors: Record<string, string>, templateId?: string): TemplateErrors {
  const out: TemplateErrors = {};
  for (const [key, message] of Object.entries(fieldErrors)) {
    const parts = key.split('.');
    if (parts[0] === 'values') parts.shift();
    const template = templateId && parts.length === 1 ? templateId : parts.shift();
    if (!template || parts.length === 0) continue;
    (out[template] ??= {})[parts.join('.')] ??= message;
  }
  return out;
}

/** The first problems of the shared validator, by template and key; empty when all can be saved. */
export function validateRecord(
  templates: TFormTemplate[],
  values: RecordValues,
  requireAll: boolean,
): TemplateErrors {
  const out: TemplateErrors = {};
  for (const template of templates) {
    const parsed = parseTemplateValues(template.fields, values[template._id] ?? {}, {
      unknownKeys: 'strip',
      partial: !requireAll,
    });
    for (const e of parsed.errors) (out[template._id] ??= {})[e.key] ??= e.message;
  }
  return out;
}

/**
 * One template's inputs on its 12-column grid (visibility rules applied, formulas shown as
 * computed, files uploading for the template, ENTITY fields as record pickers, several records
 * with `allow_multiple`): the record form's
 * sections and the repeatable entries' dialog.
 */
export function TemplateFields({
  entityId,
  template,
  values,
  errors,
  onChange,
  checkTaken,
}: {
  entityId: string;
  template: TFormTemplate;
  values: Record<string, unknown>;
  errors: Record<string, string>;
  onChange: (key: string, value: unknown) => void;
  /** Warn under EMAIL and PHONE inputs when another record holds the value (`excludeId`: this one). */
  checkTaken?: { excludeId?: string | undefined } | undefined;
}) {
  const parsed = useMemo(
    () => parseTemplateValues(template.fields, values, { unknownKeys: 'strip' }),
    [template.fields, values],
  );
  const visible = useMemo(
    () => visibleFieldKeys(template.fields, { ...values, ...parsed.values }),
    [template.fields, values, parsed.values],
  );
  const nested = (key: string) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([k]) => k.startsWith(`${key}.`))
        .map(([k, m]) => [k.slice(key.length + 1), m]),
    );
  const withTakenCheck = (field: TFormField, input: ReactNode) =>
    checkTaken && TAKEN_CHECK_TYPES.has(field.type) ? (
      <TakenValueCheck
        entityId={entityId}
        templateId={template._id}
        field={field}
        value={values[field.key]}
        excludeId={checkTaken.excludeId}
      >
        {input}
      </TakenValueCheck>
    ) : (
      input
    );
  return (
    <RecordFileScope entityId={entityId} templateId={template._id} fields={template.fields}>
      <Box
        className="template-form-grid"
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(${GRID_COLUMNS}, minmax(0, 1fr))`,
          columnGap: 'var(--mantine-spacing-md)',
          rowGap: 'var(--mantine-spacing-sm)',
        }}
      >
        {template.fields
          .filter((field: TFormField) => visible.has(field.key))
          .map((field: TFormField) => (
            <Box
              key={field.key}
              className="template-form-cell"
              style={{
                gridColumn: `${(field.layout?.x ?? 0) + 1} / span ${field.layout?.w ?? GRID_COLUMNS}`,
              }}
            >
              {field.type === 'ENTITY' ? (
                <RecordPicker
                  field={field}
                  value={values[field.key]}
                  onChange={(v) => onChange(field.key, v)}
                  error={errors[field.key]}
                />
              ) : (
                withTakenCheck(
                  field,
                  <FieldInput
                    field={field}
                    value={values[field.key]}
                    computed={parsed.values[field.key]}
                    onChange={(v) => onChange(field.key, v)}
                    error={errors[field.key]}
                    nestedErrors={nested(field.key)}
                  />,
                )
              )}
            </Box>
          ))}
      </Box>
    </RecordFileScope>
  );
}

function TemplateSection(props: Parameters<typeof TemplateFields>[0]) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={5} mb="sm">
        {props.template.name}
      </Title>
      <TemplateFields {...props} />
    </Paper>
  );
}

export function RecordForm({
  entityId,
  templates,
  values,
  errors,
  onChange,
  onFieldChange,
  primaryTemplateId,
  recordId,
}: {
  entityId: string;
  templates: TFormTemplate[];
  values: RecordValues;
  errors: TemplateErrors;
  onChange: (values: RecordValues) => void;
  /** A field was changed (its shown error can go). */
  onFieldChange?: (templateId: string, key: string) => void;
  /** The primary template: its EMAIL and PHONE fields warn when another record holds the value. */
  primaryTemplateId?: string | undefined;
  /** The record being edited (not counted by that check). */
  recordId?: string | undefined;
}) {
  return (
    <Stack gap="md">
      {templates.map((template) => (
        <TemplateSection
          key={template._id}
          entityId={entityId}
          template={template}
          values={values[template._id] ?? {}}
          errors={errors[template._id] ?? {}}
          checkTaken={template._id === primaryTemplateId ? { excludeId: recordId } : undefined}
          onChange={(key, value) => {
            onFieldChange?.(template._id, key);
            onChange({ ...values, [template._id]: { ...(values[template._id] ?? {}), [key]: value } });
          }}
        />
      ))}
    </Stack>
  );
}
