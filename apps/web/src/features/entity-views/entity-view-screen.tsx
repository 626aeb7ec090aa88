import type { ReactNode } from 'react';
import { Alert, Button, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { LoadError, NoAccess, PageFrame, Panel, isForbidden } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { backToViews, editPath } from './entity-view-editor-screen';
import { ENTITY_VIEW_KEYS, fetchEntityView } from './entity-views-api';
import { RecordsGrid } from '../entities/records-grid';
import { useEntityArea } from '../entities/entity-area';
import { ViewBoard } from './view-board';

/**
 * /entity-views/view/{entity_view_id}: the view's records, a tab per entity when it has several (also
 * the contact area's `/ap/entity-views/view/{entity_view_id}`, without the link to the views list).
 */
export function EntityViewScreen() {
  const viewId = useParams().entity_view_id ?? '';
  const rights = useCan();
  const { isStaff } = useEntityArea();
  const view = useQuery({
    queryKey: ENTITY_VIEW_KEYS.one(viewId),
    queryFn: ({ signal }) => fetchEntityView(viewId, signal),
  });
  usePageTitle(view.data?.name ?? 'Entity view');
  const canEdit = rights.can('entity-views:update');
  const editHref = canEdit ? editPath(viewId) : null;

  let content: ReactNode;
  if (view.isPending) content = <Skeleton h={320} radius="md" aria-busy="true" />;
  else if (isForbidden(view.error)) {
    content = (
      <Panel>
        <NoAccess>Your user type cannot open entity views.</NoAccess>
      </Panel>
    );
  } else if (view.isError) {
    content = (
      <LoadError error={view.error} onRetry={() => void view.refetch()} title="Could not load the view" />
    );
  } else {
    const names = new Map(view.data.entities.map((e) => [e._id, e.name]));
    const live = view.data.config.entities.filter((e) => names.has(e.entity_id));
    const missing = view.data.config.entities.length - live.length;
    const records = (entityId: string) => {
      const entry = live.find((e) => e.entity_id === entityId)!;
      if (entry.layout === 'BOARD') {
        return <ViewBoard key={entityId} viewId={viewId} entry={entry} editHref={editHref} />;
      }
      return (
        <RecordsGrid
          key={entityId}
          entityId={entityId}
          filters={entry.filters}
          sort={entry.sort}
          columns={entry.columns.length > 0 ? entry.columns.map((c) => c.field) : undefined}
          prefsScope={`view.${viewId}.${entityId}`}
          readOnly
          exportView={{ id: viewId, name: view.data.name }}
        />
      );
    };
    content = (
      <Stack gap="md">
        {missing > 0 && (
          <Alert color="orange" variant="light">
            {missing === 1
              ? 'One entity of this view was deleted.'
              : `${missing} entities of this view were deleted.`}
          </Alert>
        )}
        {live.length === 0 ? (
          <Panel>
            <NoAccess title="Nothing to show">The entities of this view no longer exist.</NoAccess>
          </Panel>
        ) : live.length === 1 ? (
          <Panel>
            <Stack p="md">{records(live[0]!.entity_id)}</Stack>
          </Panel>
        ) : (
          <Tabs defaultValue={live[0]!.entity_id} keepMounted={false}>
            <Tabs.List>
              {live.map((e) => (
                <Tabs.Tab key={e.entity_id} value={e.entity_id}>
                  {names.get(e.entity_id)}
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {live.map((e) => (
              <Tabs.Panel key={e.entity_id} value={e.entity_id} pt="md">
                {records(e.entity_id)}
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Stack>
    );
  }
  return (
    <PageFrame
      title={view.data?.name ?? 'Entity view'}
      description={
        <Group gap="xs" component="span">
          {isStaff && backToViews}
          {view.data?.description && (
            <Text span size="sm" c="dimmed">
              {/* The dot parts it from the link back to the views list, which contacts do not get. */}
              {isStaff ? '· ' : ''}
              {view.data.description}
            </Text>
          )}
        </Group>
      }
      actions={
        editHref && view.data ? (
          <Button component={Link} to={editHref} variant="default" leftSection={<IconEdit size={16} />}>
            Edit view
          </Button>
        ) : undefined
      }
    >
      {content}
    </PageFrame>
  );
}
