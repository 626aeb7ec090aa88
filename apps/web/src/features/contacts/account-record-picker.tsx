import { useState } from 'react';
import { Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { TEntity } from '@esigns/contracts/entities';
import { ENTITY_KEYS, fetchEntities, fetchRecord } from '../entities/entities-api';
import { RecordSelect } from '../entities/record-picker';

/* The contact's account record on the portal-access panel: shown, and chosen before an invitation. */

const ENTITY_QUERY = { page: 1, limit: 200 };

/** The company's entities, companies (BUSINESS) first, then people (INDIVIDUAL), then the rest. */
function useAccountEntities() {
  return useQuery({
    queryKey: ENTITY_KEYS.list(ENTITY_QUERY),
    queryFn: ({ signal }) => fetchEntities(ENTITY_QUERY, signal),
    select: (page) => {
      const rank = (entity: TEntity) => ['BUSINESS', 'INDIVIDUAL'].indexOf(entity.entity_type) >>> 0;
      return [...page.data].sort((a, b) => rank(a) - rank(b) || a.name.localeCompare(b.name));
    },
  });
}

/** The account record's title and entity, read once (`GET /entity-data/{id}`). */
function useAccountRecord(recordId: string | null) {
  return useQuery({
    queryKey: ENTITY_KEYS.record(recordId ?? ''),
    queryFn: ({ signal }) => fetchRecord(recordId!, signal),
    enabled: recordId !== null,
    retry: false,
  });
}

/** The current account record as text: its title and entity, or why it is not shown. */
export function AccountRecordText({ recordId }: { recordId: string | null }) {
  const record = useAccountRecord(recordId);
  const entities = useAccountEntities();
  if (recordId === null) return <Text size="sm">None</Text>;
  if (record.isPending) return <Skeleton h={18} w={160} aria-label="Loading the account record" />;
  if (record.isError) return <Text size="sm">A record you cannot open</Text>;
  const entity = entities.data?.find((e) => e._id === record.data.entity_id);
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {record.data.title || 'Untitled record'}
      {entity && <Text span c="dimmed" size="sm">{` (${entity.name})`}</Text>}
    </Text>
  );
}

/**
 * Chooses the account record: the entity, then one of its records searched by title. Starts on
 * the current record's entity, else the first company (BUSINESS) entity.
 */
export function AccountRecordPicker({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string | null;
  onChange: (recordId: string | null) => void;
  error?: string | undefined;
  disabled?: boolean;
}) {
  const entities = useAccountEntities();
  const current = useAccountRecord(value);
  const [chosenEntity, setChosenEntity] = useState<string | null>(null);
  const entityId =
    chosenEntity ??
    current.data?.entity_id ??
    (value === null ? (entities.data?.find((e) => e.entity_type === 'BUSINESS')?._id ?? null) : null);

  if (entities.isPending || (value !== null && current.isPending))
    return <Skeleton h={60} aria-label="Loading the account records" />;
  if (entities.isError)
    return <Text size="sm" c="red">{`Could not load the entities: ${entities.error.message}`}</Text>;
  if (entities.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No account record to choose: your company has no entities yet.
      </Text>
    );
  return (
    <Stack gap={4}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Account entity"
          data={entities.data.map((e) => ({ value: e._id, label: e.name }))}
          value={entityId}
          onChange={(next) => {
            setChosenEntity(next);
            onChange(null);
          }}
          searchable
          allowDeselect={false}
          disabled={disabled}
        />
        {entityId && (
          <RecordSelect
            key={entityId}
            entityId={entityId}
            label="Account record"
            placeholder="Search records"
            value={value}
            onChange={onChange}
            error={error}
            disabled={disabled}
          />
        )}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        The record the contact belongs to (their company, unit or household): with &quot;Own records&quot;,
        the contact sees it and the records linked to it.
      </Text>
    </Stack>
  );
}
