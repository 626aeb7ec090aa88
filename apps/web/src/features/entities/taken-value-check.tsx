import { useRef, useState, type ReactNode } from 'react';
import { Anchor, Box, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { fieldRef } from '@esigns/contracts/nocode-filters';
import { VALUE_CHECK_MAX_RECORDS, type TValueCheckResult } from '@esigns/contracts/template-data-lookups';
import { recordPath } from './paths';
import { checkValueTaken } from './template-data-api';

/** Fields of the primary template the record form checks on blur. */
export const TAKEN_CHECK_TYPES: ReadonlySet<TFormField['type']> = new Set(['EMAIL', 'PHONE']);

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

/**
 * Wraps a field's input: when focus leaves it, asks the server whether another record of the
 * entity already holds the value (`POST /entities-data/check`) and, if so, says which under the
 * input ("Already used by <title>", opening that record in a new tab so the form is kept). Only a
 * warning: saving is not blocked, and a failed check shows nothing.
 */
export function TakenValueCheck({
  entityId,
  templateId,
  field,
  value,
  excludeId,
  children,
}: {
  entityId: string;
  templateId: string;
  field: TFormField;
  value: unknown;
  /** The record being edited. */
  excludeId?: string | undefined;
  children: ReactNode;
}) {
  const [checked, setChecked] = useState<{ text: string; records: TValueCheckResult['records'] } | null>(
    null,
  );
  const latest = useRef('');
  const text = textOf(value);
  const check = () => {
    if (text === latest.current) return;
    latest.current = text;
    if (!text) return setChecked(null);
    checkValueTaken({
      entity_id: entityId,
      field: fieldRef(templateId, field.key),
      value: text,
      ...(excludeId ? { exclude_id: excludeId } : {}),
    })
      .then((result) => {
        if (latest.current === text) setChecked({ text, records: result.records });
      })
      .catch(() => {
        if (latest.current === text) setChecked(null);
      });
  };
  const records = checked && checked.text === text ? checked.records : [];
  const [first] = records;
  return (
    <Box onBlur={check}>
      {children}
      {first && (
        <Text size="xs" c="orange.8" mt={4} role="status">
          Already used by{' '}
          <Anchor component={Link} to={recordPath(entityId, first._id, 'view')} target="_blank" size="xs">
            {first.title || 'a record'}
          </Anchor>
          {records.length > 1 &&
            ` and ${records.length - 1}${records.length >= VALUE_CHECK_MAX_RECORDS ? '+' : ''} more`}
        </Text>
      )}
    </Box>
  );
}
