import { Paper, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ENTITY_KEYS, fetchEntities, type TemplateField } from '../entities/entities-api';
import type { ScanMode, ScannerSettings } from './scanner-settings';

const MANY = { page: 1, limit: 100 };

/** Field types a code can be looked up in (compared whole, text case-insensitively). */
export const LOOKUP_TYPES = new Set([
  'SINGLE_LINE_TEXT',
  'NUMBER',
  'EMAIL',
  'PHONE',
  'URL',
  'BARCODE',
  'AUTO_INCREMENT',
  'SELECT',
]);
export const STAMP_TYPES = new Set(['DATE', 'DATE_TIME']);

const MODES: { value: ScanMode; label: string }[] = [
  { value: 'open', label: 'Open links' },
  { value: 'find', label: 'Find a record' },
  { value: 'checkin', label: 'Check in' },
];

const HELP: Record<ScanMode, string> = {
  open: 'A code that is a link of this app opens it; other links are shown, not opened.',
  find: 'A code is looked up in the chosen field: one match opens the record.',
  checkin: "A record's QR code, or its code in the lookup field, sets the check-in field to now.",
};

const fieldOptions = (fields: readonly TemplateField[], types: Set<string>) =>
  fields
    .filter((f) => types.has(f.type))
    .map((f) => ({ value: f.ref, label: `${f.label} (${f.template_name})` }));

/** The mode, and for "Find a record" and "Check in" the entity and fields it works on. */
export function ScanModePanel({
  settings,
  onChange,
  fields,
}: {
  settings: ScannerSettings;
  onChange: (next: ScannerSettings) => void;
  fields: readonly TemplateField[];
}) {
  const entities = useQuery({
    queryKey: ENTITY_KEYS.list(MANY),
    queryFn: ({ signal }) => fetchEntities(MANY, signal),
    enabled: settings.mode !== 'open',
  });
  const entityOptions = (entities.data?.data ?? []).map((e) => ({ value: e._id, label: e.name }));
  const lookupOptions = [{ value: 'title', label: 'Record title' }, ...fieldOptions(fields, LOOKUP_TYPES)];
  const mode = settings.mode;
  const current = mode === 'checkin' ? settings.checkin : settings.find;
  const entityError = entities.isError ? 'The entities could not be loaded' : undefined;

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="What a scan does"
          data={MODES}
          value={mode}
          onChange={(value) => onChange({ ...settings, mode: value as ScanMode })}
          fullWidth
        />
        <Text size="sm" c="dimmed">
          {HELP[mode]}
        </Text>
        {mode !== 'open' && (
          <SimpleGrid cols={{ base: 1, sm: mode === 'checkin' ? 3 : 2 }}>
            <Select
              label="Entity"
              placeholder="Choose an entity"
              data={entityOptions}
              value={current.entityId}
              error={entityError}
              searchable
              nothingFoundMessage="No entity of that name"
              onChange={(entityId) =>
                onChange(
                  mode === 'checkin'
                    ? { ...settings, checkin: { entityId, lookupRef: null, stampRef: null } }
                    : { ...settings, find: { entityId, lookupRef: null } },
                )
              }
            />
            <Select
              label="Lookup field"
              placeholder="Field the code is in"
              data={lookupOptions}
              value={current.lookupRef}
              disabled={!current.entityId}
              clearable={mode === 'checkin'}
              onChange={(lookupRef) =>
                onChange(
                  mode === 'checkin'
                    ? { ...settings, checkin: { ...settings.checkin, lookupRef } }
                    : { ...settings, find: { ...settings.find, lookupRef } },
                )
              }
            />
            {mode === 'checkin' && (
              <Select
                label="Check-in field"
                placeholder="Date or date-time field"
                data={fieldOptions(fields, STAMP_TYPES)}
                value={settings.checkin.stampRef}
                disabled={!current.entityId}
                nothingFoundMessage="This entity has no date field"
                onChange={(stampRef) => onChange({ ...settings, checkin: { ...settings.checkin, stampRef } })}
              />
            )}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
