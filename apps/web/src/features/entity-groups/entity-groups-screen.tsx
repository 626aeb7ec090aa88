import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconArrowDown,
  IconArrowUp,
  IconDots,
  IconEdit,
  IconEye,
  IconGripVertical,
  IconPlus,
  IconStack2,
  IconTrash,
} from '@tabler/icons-react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TEntityGroup } from '@esigns/contracts/entity-groups';
import type { TPaged } from '@esigns/contracts/envelope';
import { usePageTitle } from '../../shared/branding/use-page-title';
import {
  ConfirmDialog,
  LoadError,
  NoAccess,
  PageFrame,
  Panel,
  StateMessage,
  errorText,
  isForbidden,
} from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import {
  ENTITY_GROUP_KEYS,
  deleteEntityGroup,
  fetchEntityGroups,
  updateEntityGroup,
} from './entity-groups-api';
import { GroupDialog } from './group-dialog';
import { NamedIcon } from '../../shared/ui/named-icon';

export const previewPath = (group: Pick<TEntityGroup, '_id'>) =>
  `/company-entity-groups/${encodeURIComponent(group._id)}/preview`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 entities", "1 form template"...: the group's non-empty member kinds. */
export function memberCounts(group: TEntityGroup): string[] {
  return [
    group.entities.length ? plural(group.entities.length, 'entity', 'entities') : '',
    group.formTemplates.length ? plural(group.formTemplates.length, 'form template', 'form templates') : '',
    group.docTemplates.length
      ? plural(group.docTemplates.length, 'document template', 'document templates')
      : '',
    group.globalVariables.length ? plural(group.globalVariables.length, 'variable', 'variables') : '',
  ].filter(Boolean);
}

type CardProps = {
  group: TEntityGroup;
  index: number;
  count: number;
  canUpdate: boolean;
  canDelete: boolean;
  onMove: (group: TEntityGroup, to: number) => void;
  onEdit: (group: TEntityGroup) => void;
  onDelete: (group: TEntityGroup) => void;
};

function GroupCard({ group, index, count, canUpdate, canDelete, onMove, onEdit, onDelete }: CardProps) {
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: group._id,
    disabled: !canUpdate,
  });
  const counts = memberCounts(group);
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      radius="md"
      p="md"
      data-testid="entity-group-card"
      style={{
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        background: 'var(--mantine-color-white)',
      }}
    >
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {canUpdate && (
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={`Drag ${group.name}`}
            style={{ cursor: 'grab' }}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={16} />
          </ActionIcon>
        )}
        <ThemeIcon variant="light" size={40} radius="md">
          <NamedIcon name={group.icon ?? 'stack-2'} size={22} />
        </ThemeIcon>
        <Box style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} component={Link} to={previewPath(group)}>
            {group.name}
          </Text>
          {group.description && (
            <Text size="sm" c="dimmed" lineClamp={2}>
              {group.description}
            </Text>
          )}
          <Group gap={4} mt={6}>
            {counts.length === 0 ? (
              <Text size="xs" c="dimmed">
                No members yet
              </Text>
            ) : (
              counts.map((label) => (
                <Badge key={label} size="sm" variant="light" color="gray">
                  {label}
                </Badge>
              ))
            )}
          </Group>
        </Box>
        <Group gap={4} wrap="nowrap">
          {canUpdate && (
            <>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${group.name} up`}
                disabled={index === 0}
                onClick={() => onMove(group, index - 1)}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Move ${group.name} down`}
                disabled={index === count - 1}
                onClick={() => onMove(group, index + 1)}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </>
          )}
          <Button
            component={Link}
            to={previewPath(group)}
            size="compact-sm"
            variant="light"
            leftSection={<IconEye size={14} />}
          >
            Preview
          </Button>
          {(canUpdate || canDelete) && (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label={`More actions for ${group.name}`}>
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                {canUpdate && (
                  <Menu.Item leftSection={<IconEdit size={14} />} onClick={() => onEdit(group)}>
                    Edit
                  </Menu.Item>
                )}
                {canDelete && (
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => onDelete(group)}
                  >
                    Delete
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          )}
        </Group>
      </Group>
    </Paper>
  );
}

/**
 * /company-entity-groups: the company's groups as cards in their order. Drag a card by its grip
 * (or use the arrows) to reorder: the new place is saved at once (`PATCH position`). Create and
 * edit in a dialog; delete asks first; each card previews its members.
 */
export function EntityGroupsScreen() {
  usePageTitle('Entity groups');
  const rights = useCan();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<TEntityGroup | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TEntityGroup | null>(null);
  const list = useQuery({
    queryKey: ENTITY_GROUP_KEYS.list,
    queryFn: ({ signal }) => fetchEntityGroups(signal),
  });
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = useMutation({
    mutationFn: ({ group, to }: { group: TEntityGroup; to: number }) =>
      updateEntityGroup(group._id, { position: to }),
    onMutate: ({ group, to }) => {
      queryClient.setQueryData<TPaged<TEntityGroup>>(ENTITY_GROUP_KEYS.list, (current) => {
        if (!current) return current;
        const from = current.data.findIndex((g) => g._id === group._id);
        return { ...current, data: arrayMove(current.data, from, to) };
      });
    },
    onError: (error) =>
      notifications.show({ color: 'red', message: `The new order was not saved: ${errorText(error)}` }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ENTITY_GROUP_KEYS.all }),
  });
  const remove = useMutation({
    mutationFn: (group: TEntityGroup) => deleteEntityGroup(group._id),
    onSuccess: (_answer, group) => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: ENTITY_GROUP_KEYS.all });
      notifications.show({ color: 'teal', message: `${group.name} deleted` });
    },
  });
  const canCreate = rights.can('entity-groups:create');
  const canUpdate = rights.can('entity-groups:update');
  const groups = list.data?.data ?? [];

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const group = groups.find((g) => g._id === active.id);
    const to = groups.findIndex((g) => g._id === over.id);
    if (group && to >= 0) move.mutate({ group, to });
  };

  const frame = (content: ReactNode) => (
    <PageFrame
      title="Entity groups"
      description="Bundles of entities, templates and variables that belong together, the way an app packages them."
      actions={
        canCreate ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New group
          </Button>
        ) : undefined
      }
    >
      {content}
      {editing && (
        <GroupDialog group={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete entity group"
        confirmLabel="Delete"
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        isPending={remove.isPending}
        error={remove.error}
      >
        Delete <b>{deleting?.name}</b>? Its entities, templates and variables stay; only the group goes.
      </ConfirmDialog>
    </PageFrame>
  );

  if (rights.isLoading || list.isPending) return frame(<Skeleton h={240} radius="md" aria-busy="true" />);
  if (list.error) {
    return frame(
      <Panel>
        {isForbidden(list.error) ? (
          <NoAccess>
            Your user type cannot see entity groups. Ask an owner or admin if you need access.
          </NoAccess>
        ) : (
          <LoadError
            title="Could not load the groups"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        )}
      </Panel>,
    );
  }
  if (groups.length === 0) {
    return frame(
      <Panel>
        <StateMessage icon={<IconStack2 size={22} />} color="gray" title="No entity groups yet">
          <Text c="dimmed" size="sm" maw={460}>
            {canCreate
              ? 'Group the entities, templates and variables of one line of business, e.g. "Real estate".'
              : 'Groups your company makes appear here.'}
          </Text>
        </StateMessage>
      </Panel>,
    );
  }
  return frame(
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={groups.map((g) => g._id)} strategy={verticalListSortingStrategy}>
        <Stack gap="sm">
          {groups.map((group, index) => (
            <GroupCard
              key={group._id}
              group={group}
              index={index}
              count={groups.length}
              canUpdate={canUpdate}
              canDelete={rights.can('entity-groups:delete')}
              onMove={(g, to) => move.mutate({ group: g, to })}
              onEdit={setEditing}
              onDelete={setDeleting}
            />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>,
  );
}
