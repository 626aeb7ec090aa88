import { Anchor, Skeleton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { TPipeline } from '@esigns/contracts/pipelines';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { NoAccess, PageFrame, Panel, QueryFailure } from '../../shared/ui/page-kit';
import { EMPTY_DRAFT, bodyOf, draftOf, type Draft } from './draft';
import { PipelineForm } from './pipeline-form';
import { PIPELINE_KEYS, createPipeline, fetchPipeline, updatePipeline } from './pipelines-api';
import { PIPELINES_PATH, runsPath } from './paths';

const backLink = (
  <Anchor
    component={Link}
    to={PIPELINES_PATH}
    size="sm"
    style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
  >
    <IconArrowLeft size={14} /> Automation pipelines
  </Anchor>
);

/** Saving: the list is refreshed, a notice shown, the list opened. */
function useSave(save: (draft: Draft) => Promise<TPipeline>, verb: string) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: save,
    onSuccess: (pipeline) => {
      void queryClient.invalidateQueries({ queryKey: PIPELINE_KEYS.all });
      notifications.show({ color: 'teal', message: `${pipeline.name} ${verb}` });
      void navigate(PIPELINES_PATH);
    },
  });
}

/** /automation-pipelines/create */
export function CreatePipelineScreen() {
  usePageTitle('New pipeline');
  const rights = useCan();
  const save = useSave((draft) => createPipeline(bodyOf(draft)), 'created');
  let content;
  if (rights.isLoading) content = <Skeleton h={360} radius="md" aria-busy="true" />;
  else if (!rights.can('pipelines:create'))
    content = (
      <Panel>
        <NoAccess>Your user type cannot add pipelines.</NoAccess>
      </Panel>
    );
  else
    content = (
      <PipelineForm
        initial={EMPTY_DRAFT}
        saving={save.isPending}
        error={save.error}
        submitLabel="Create pipeline"
        onSubmit={(draft) => save.mutate(draft)}
      />
    );
  return (
    <PageFrame title="New pipeline" description={backLink}>
      {content}
    </PageFrame>
  );
}

/** /automation-pipelines/edit/{pipeline_id} */
export function EditPipelineScreen() {
  const { pipeline_id: id = '' } = useParams();
  const rights = useCan();
  const query = useQuery({
    queryKey: PIPELINE_KEYS.one(id),
    queryFn: ({ signal }) => fetchPipeline(id, signal),
  });
  usePageTitle(query.data ? `Edit ${query.data.name}` : 'Edit pipeline');
  const save = useSave((draft) => updatePipeline(id, bodyOf(draft)), 'saved');
  let content;
  if (query.isError) content = <QueryFailure query={query} title="Could not load the pipeline" />;
  else if (!query.data || rights.isLoading) content = <Skeleton h={360} radius="md" aria-busy="true" />;
  else if (!rights.can('pipelines:update'))
    content = (
      <Panel>
        <NoAccess>Your user type cannot change pipelines.</NoAccess>
      </Panel>
    );
  else
    content = (
      <PipelineForm
        key={query.data._id}
        initial={draftOf(query.data)}
        saving={save.isPending}
        error={save.error}
        submitLabel="Save"
        onSubmit={(draft) => save.mutate(draft)}
      />
    );
  return (
    <PageFrame
      title={query.data?.name ?? 'Edit pipeline'}
      description={backLink}
      actions={
        <Anchor component={Link} to={runsPath(id)} size="sm">
          Run history
        </Anchor>
      }
    >
      {content}
    </PageFrame>
  );
}
