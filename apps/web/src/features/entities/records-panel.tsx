import { Button, Group, Skeleton, Stack, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadError } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { useEntity } from './entities-api';
import { addRecordPath } from './paths';
import { RecordsGrid } from './records-grid';

/** An entity's records inside another screen (entity group preview): title, add, grid. */
export function EntityRecordsPanel({ entityId }: { entityId: string }) {
  const { can } = useCan();
  const entity = useEntity(entityId);
  if (entity.error)
    return (
      <LoadError
        error={entity.error}
        title="The entity could not be loaded"
        onRetry={() => void entity.refetch()}
      />
    );
  if (!entity.data) return <Skeleton h={240} />;
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
