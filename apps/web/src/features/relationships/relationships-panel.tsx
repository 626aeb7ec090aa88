import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { RELATIONSHIP_TYPE_LABELS, type TEntityRelationship } from '@esigns/contracts/relationships';
import { useEntity } from '../entities/entities-api';
import { entitySettingsPath } from '../entities/paths';
import { ConfirmDialog, ErrorAlert, LoadError } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { RelationshipFormDialog } from './relationship-form-dialog';
import { RELATIONSHIP_KEYS, deleteRelationship, useEntityRelationships } from './relationships-api';

/**
 * An entity's relationships for its settings screen: both ways, with type, tab label and links;
 * add one (`POST /entities/{id}/relationships`) or delete one with its links.
 */
export function RelationshipsPanel({ entityId }: { entityId: string }) {
  const { can } = useCan();
  const queryClient = useQueryClient();
  const entity = useEntity(entityId);
  const list = useEntityRelationships(entityId);
  const [isAdding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<TEntityRelationship | null>(null);
  const [deleteError, setDeleteError] = useState<unknown>(null);
  const [isDeletePending, setDeletePending] = useState(false);
  const canManage = can('relationships:manage');

  const refresh = () => queryClient.invalidateQueries({ queryKey: RELATIONSHIP_KEYS.all });
  const remove = async () => {
    if (!deleting) return;
    setDeletePending(true);
    setDeleteError(null);
    try {
      const { links_removed } = await deleteRelationship(entityId, deleting._id);
      await refresh();
      const links = links_removed === 1 ? '1 link' : `${links_removed} links`;
      notifications.show({ color: 'teal', message: `Relationship deleted (${links} removed)` });
      setDeleting(null);
    } catch (err) {
      setDeleteError(err);
    } finally {
      setDeletePending(false);
    }
  };

  const thisName = entity.data?.name ?? 'this entity';
  const rows = list.data ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={4}>Relationships</Title>
            <Text size="sm" c="dimmed">
              Related records show as tabs on each {thisName} record.
            </Text>
          </div>
          {canManage && entity.data && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Add relationship
            </Button>
          )}
        </Group>
        {list.error ? (
          <LoadError
            error={list.error}
            title="Relationships could not be loaded"
            onRetry={() => void list.refetch()}
          />
        ) : list.isPending ? (
          <Skeleton h={96} />
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            No relationships yet. Relate {thisName} to another entity to link their records.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" data-testid="relationships-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Related entity</Table.Th>
                  <Table.Th>It is the</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Tab label here</Table.Th>
                  <Table.Th ta="right">Record links</Table.Th>
                  {canManage && <Table.Th w={48} aria-label="Actions" />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((rel) => (
                  <Table.Tr key={rel._id} data-testid="relationship-row">
                    <Table.Td>
                      <Anchor component={Link} to={entitySettingsPath(rel.entity_id)} size="sm" fw={500}>
                        {rel.entity_name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={rel.role === 'CHILD' ? 'blue' : 'grape'} tt="none">
                        {rel.role === 'CHILD' ? 'Child' : 'Parent'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{RELATIONSHIP_TYPE_LABELS[rel.relationship_type]}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{rel.label}</Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{rel.links_count}</Text>
                    </Table.Td>
                    {canManage && (
                      <Table.Td>
                        <Tooltip label="Delete relationship">
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete relationship with ${rel.entity_name}`}
                            onClick={() => {
                              setDeleteError(null);
                              setDeleting(rel);
                            }}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        </Tooltip>
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      {entity.data && (
        <RelationshipFormDialog
          opened={isAdding}
          onClose={() => setAdding(false)}
          entity={entity.data}
          onCreated={refresh}
        />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete relationship"
        confirmLabel="Delete relationship"
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
        isPending={isDeletePending}
        error={deleteError}
      >
        <Stack gap="xs">
          <Text size="sm">
            Delete the relationship between {thisName} and {deleting?.entity_name}?
          </Text>
          {(deleting?.links_count ?? 0) > 0 && (
            <ErrorAlert>
              {`Its ${deleting!.links_count} record link${deleting!.links_count === 1 ? '' : 's'} will be removed. The records themselves are kept.`}
            </ErrorAlert>
          )}
        </Stack>
      </ConfirmDialog>
    </Paper>
  );
}
