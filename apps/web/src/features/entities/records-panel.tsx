import { Button, Group, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan } from '../../shared/permissions/use-can';
import { useEntity } from './entities-api';
import { addRecordPath } from './paths';
import { RecordsGrid } from './records-grid';
import { queryGate } from './query-gate';

/** An entity's records inside another screen (entity group preview): title, add, grid. */
export function EntityRecordsPanel({ entityId }: { entityId: string }) {
  const { can } = useCan();
  const entity = useEntity(entityId);
  const gate = queryGate(entity, 'The entity could not be loaded', 240);
  if (gate || !entity.data) return gate;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={4}>{entity.data.name}</Title>
        {can('entity-data:create') && (
          <Button
            size="xs"
            component={Link}
            to={addRecordPath(entityId)}
            leftSection={<IconPlus size={14} />}
          >
            Add
          </Button>
        )}
      </Group>
      <RecordsGrid entityId={entityId} />
    </Stack>
  );
}
