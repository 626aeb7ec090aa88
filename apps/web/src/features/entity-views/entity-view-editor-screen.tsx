import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Group, Skeleton, Stack, TextInput, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { MAX_VIEW_ENTITIES, type TEntityView, type TEntityViewDraft } from '@esigns/contracts/entity-views';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { LoadError, NoAccess, PageFrame, Panel, errorText } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import {
  ENTITY_VIEW_KEYS,
  createEntityView,
  fetchEntityChoices,
  fetchEntityView,
  updateEntityView,
} from './entity-views-api';
import { ViewEntityEditor, emptyEntityDraft, type EntityDraft } from './view-entity-editor';

export const ENTITY_VIEWS_PATH = '/entity-views';
export const viewPath = (id: string) => `${ENTITY_VIEWS_PATH}/view/${encodeURIComponent(id)}`;
export const editPath = (id: string) => `${ENTITY_VIEWS_PATH}/edit/${encodeURIComponent(id)}`;

type Draft = { name: string; description: string; entities: EntityDraft[] };

const toDraft = (view: TEntityView): Draft => ({
  name: view.name,
  description: view.description,
  entities: view.config.entities.map((e) => ({
    entity_id: e.entity_id,
    columns: e.columns,
    filters: e.filters,
    sort: e.sort,
    layout: e.layout,
    board_field: e.board_field,
  })),
});

const toBody = (draft: Draft): TEntityViewDraft => ({
  name: draft.name,
  description: draft.description,
  config: { entities: draft.entities },
});

export const backToViews = (
  <Anchor
    component={Link}
    to={ENTITY_VIEWS_PATH}
    size="sm"
    style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
  >
    <IconArrowLeft size={14} /> Entity views
  </Anchor>
);

function ViewForm({ initial, viewId }: { initial: Draft; viewId: string | null }) {
  const [draft, setDraft] = useState<Draft>(initial);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const entities = useQuery({
    queryKey: ENTITY_VIEW_KEYS.entities,
    queryFn: ({ signal }) => fetchEntityChoices(signal),
  });
  const save = useMutation({
    mutationFn: () => (viewId ? updateEntityView(viewId, toBody(draft)) : createEntityView(toBody(draft))),
    onSuccess: (view) => {
      void queryClient.invalidateQueries({ queryKey: ENTITY_VIEW_KEYS.all });
      notifications.show({ color: 'teal', message: `${view.name} saved` });
      void navigate(viewPath(view._id));
    },
  });
  const errors = isApiError(save.error) ? save.error.fieldErrors : {};
  const taken = new Set(draft.entities.map((e) => e.entity_id).filter(Boolean));
  const setEntity = (index: number, next: EntityDraft) =>
    setDraft({ ...draft, entities: draft.entities.map((e, i) => (i === index ? next : e)) });

  if (entities.isPending) return <Skeleton h={360} radius="md" aria-busy="true" />;
  if (entities.isError) {
    return (
      <LoadError
        error={entities.error}
        onRetry={() => void entities.refetch()}
        title="Could not load the entities"
      />
    );
  }
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md">
        {save.error && (
          <Alert color="red" variant="light" role="alert">
            {isApiError(save.error) && save.error.isValidation
              ? `Please correct the highlighted parts. ${save.error.message}`
              : errorText(save.error)}
          </Alert>
        )}
        <Panel>
          <Stack p="md" gap="sm">
            <TextInput
              label="Name"
              required
              value={draft.name}
              onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
              error={errors.name}
              maxLength={100}
            />
            <Textarea
              label="Description"
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.currentTarget.value })}
              error={errors.description}
              rows={2}
              maxLength={1000}
            />
          </Stack>
        </Panel>
        {errors['config.entities'] && (
          <Alert color="red" variant="light">
            {errors['config.entities']}
          </Alert>
        )}
        {draft.entities.length === 0 || entities.data.length === 0 ? (
          <Alert color="blue" variant="light">
            {entities.data.length === 0
              ? 'There is no entity yet: create one first, then come back to build a view over it.'
              : 'Add an entity to choose its columns, filters and sort.'}
          </Alert>
        ) : null}
        {draft.entities.map((entity, index) => (
          <ViewEntityEditor
            key={index}
            index={index}
            value={entity}
            onChange={(next) => setEntity(index, next)}
            onRemove={
              draft.entities.length > 1
                ? () => setDraft({ ...draft, entities: draft.entities.filter((_, i) => i !== index) })
                : undefined
            }
            entities={entities.data}
            takenIds={taken}
            errors={errors}
          />
        ))}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setDraft({ ...draft, entities: [...draft.entities, emptyEntityDraft()] })}
            disabled={
              draft.entities.length >= MAX_VIEW_ENTITIES ||
              entities.data.length <= taken.size ||
              draft.entities.some((e) => !e.entity_id)
            }
          >
            Add another entity
          </Button>
          <Group gap="xs">
            <Button
              variant="default"
              onClick={() => void navigate(viewId ? viewPath(viewId) : ENTITY_VIEWS_PATH)}
            >
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {viewId ? 'Save view' : 'Create view'}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}

/** /entity-views/add and /entity-views/edit/{entity_view_id}: name, description and each entity's setup. */
export function EntityViewEditorScreen() {
  const viewId = useParams().entity_view_id ?? null;
  const title = viewId ? 'Edit entity view' : 'New entity view';
  usePageTitle(title);
  const rights = useCan();
  const view = useQuery({
    queryKey: ENTITY_VIEW_KEYS.one(viewId ?? ''),
    queryFn: ({ signal }) => fetchEntityView(viewId!, signal),
    enabled: Boolean(viewId),
  });
  const slug = viewId ? 'entity-views:update' : 'entity-views:create';

  let content: ReactNode;
  if (rights.isLoading || (viewId && view.isPending))
    content = <Skeleton h={360} radius="md" aria-busy="true" />;
  else if (!rights.can(slug)) {
    content = (
      <Panel>
        <NoAccess>Your user type cannot {viewId ? 'edit' : 'create'} entity views.</NoAccess>
      </Panel>
    );
  } else if (viewId && view.isError) {
    content = (
      <LoadError error={view.error} onRetry={() => void view.refetch()} title="Could not load the view" />
    );
  } else {
    const initial = view.data
      ? toDraft(view.data)
      : { name: '', description: '', entities: [emptyEntityDraft()] };
    content = <ViewForm key={view.data?.updated_at ?? 'new'} initial={initial} viewId={viewId} />;
  }
  return (
    <PageFrame title={view.data ? `Edit ${view.data.name}` : title} description={backToViews}>
      {content}
    </PageFrame>
  );
}
