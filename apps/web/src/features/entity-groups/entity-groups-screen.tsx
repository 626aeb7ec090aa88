import { useState } from 'react';
import { Button, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconStack2 } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TEntityGroup } from '@esigns/contracts/entity-groups';
import type { TPaged } from '@esigns/contracts/envelope';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListStates,
  SortableList,
  arrayMove,
  useDeleteConfirm,
} from '../../shared/ui/list-screen';
import { errorText } from '../../shared/ui/page-kit';
import {
  ENTITY_GROUP_KEYS,
  deleteEntityGroup,
  fetchEntityGroups,
  updateEntityGroup,
} from './entity-groups-api';
import { GroupCard } from './group-card';
import { GroupDialog } from './group-dialog';

export { memberCounts, previewPath } from './group-card';

/** Moves a group to a new place: shown at once, saved (`PATCH position`), refreshed either way. */
function useMoveGroup() {
  const queryClient = useQueryClient();
  return useMutation({
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
}

/**
 * /company-entity-groups: the company's groups as cards in their order. Drag a card by its grip
 * (or use the arrows) to reorder: the new place is saved at once (`PATCH position`). Create and
 * edit in a dialog; delete asks first; each card previews its members.
 */
export function EntityGroupsScreen() {
  usePageTitle('Entity groups');
  const rights = useCan();
  const [editing, setEditing] = useState<TEntityGroup | 'new' | null>(null);
  const list = useQuery({
    queryKey: ENTITY_GROUP_KEYS.list,
    queryFn: ({ signal }) => fetchEntityGroups(signal),
  });
  const move = useMoveGroup();
  const remove = useDeleteConfirm({
    remove: (group: TEntityGroup) => deleteEntityGroup(group._id),
    invalidate: ENTITY_GROUP_KEYS.all,
    notice: (group) => ({ message: `${group.name} deleted` }),
  });
  const canCreate = rights.can('entity-groups:create');
  const canUpdate = rights.can('entity-groups:update');
  const groups = list.data?.data ?? [];

  return (
    <ListScreen
      title="Entity groups"
      description="Bundles of entities, templates and variables that belong together, the way an app packages them."
      actions={
        canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
            New group
          </Button>
        )
      }
      rights={rights}
      error={list.error}
      noAccess="Your user type cannot see entity groups."
      dialogs={
        <>
          {editing && (
            <GroupDialog group={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
          )}
          <DeleteDialog confirm={remove} title="Delete entity group">
            {(group) => (
              <>
                Delete <b>{group.name}</b>? Its entities, templates and variables stay; only the group goes.
              </>
            )}
          </DeleteDialog>
        </>
      }
    >
      <ListStates
        list={{ query: list, rows: groups }}
        errorTitle="Could not load the groups"
        empty={{
          icon: IconStack2,
          title: 'No entity groups yet',
          text: canCreate
            ? 'Group the entities, templates and variables of one line of business, e.g. "Real estate".'
            : 'Groups your company makes appear here.',
        }}
        loading={<Skeleton h={240} radius="md" aria-busy="true" />}
        bare
      >
        <SortableList
          ids={groups.map((g) => g._id)}
          onMove={(from, to) => move.mutate({ group: groups[from]!, to })}
        >
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
                onDelete={remove.ask}
              />
            ))}
          </Stack>
        </SortableList>
      </ListStates>
    </ListScreen>
  );
}
