import { Button } from '@mantine/core';
import { IconBolt, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TPipeline } from '@esigns/contracts/pipelines';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListView,
  useDeleteConfirm,
  useListQuery,
} from '../../shared/ui/list-screen';
import { PIPELINES_PATH } from './paths';
import { pipelineCard, pipelineColumns } from './pipeline-list-parts';
import { PIPELINE_KEYS, deletePipeline, fetchPipelines } from './pipelines-api';

/** /automation-pipelines: the company's pipelines (search by name), each switched on or off in its row. */
export function PipelinesScreen() {
  usePageTitle('Automation pipelines');
  const rights = useCan();
  const list = useListQuery({ pageSize: 10, queryKey: PIPELINE_KEYS.page, queryFn: fetchPipelines });
  const remove = useDeleteConfirm({
    remove: (row: TPipeline) => deletePipeline(row._id),
    invalidate: PIPELINE_KEYS.all,
    notice: (row) => ({ message: `${row.name} deleted` }),
  });
  const canCreate = rights.can('pipelines:create');
  const canUpdate = rights.can('pipelines:update');
  const onDelete = rights.can('pipelines:delete') ? remove.ask : undefined;
  return (
    <ListScreen
      title="Automation pipelines"
      description="When something happens (a record is created, a form submitted, a document completed…), do things: create or update records, send an email, start a workflow."
      actions={
        canCreate && (
          <Button component={Link} to={`${PIPELINES_PATH}/create`} leftSection={<IconPlus size={16} />}>
            New pipeline
          </Button>
        )
      }
      rights={rights}
      canView={rights.can('pipelines:view')}
      list={list}
      noAccess="Your user type cannot see automation pipelines."
      search={{ label: 'Search pipelines', placeholder: 'Search by name', width: 280 }}
      dialogs={
        <DeleteDialog confirm={remove} title="Delete pipeline">
          {(row) => (
            <>
              Delete <b>{row.name}</b> and its run history? It stops at once.
            </>
          )}
        </DeleteDialog>
      }
    >
      <ListView
        list={list}
        errorTitle="Could not load the pipelines"
        empty={{
          icon: IconBolt,
          title: 'No pipelines yet',
          text: canCreate
            ? 'Automate what you repeat: e.g. mail the owner when a hot lead comes in.'
            : undefined,
          filtered: { title: 'No pipeline matches', text: 'Try another name.' },
        }}
        columns={pipelineColumns(canUpdate, onDelete)}
        card={pipelineCard(canUpdate, onDelete)}
        rowTestId="pipeline-row"
        minWidth={760}
        skeletonRows={4}
      />
    </ListScreen>
  );
}
