import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../shared/branding/use-page-title';
import { useCan } from '../../../shared/permissions/use-can';
import { SkeletonStack } from '../../../shared/ui/list-screen';
import { NoAccess, PageFrame, QueryFailure } from '../../../shared/ui/page-kit';
import { WORKFLOW_KEYS, fetchWorkflow } from '../workflows-api';
import { WorkflowBuilder } from './workflow-builder';

/** /workflow/edit/{workflow_id}: the builder of one definition (`GET /workflow/{id}`). */
export function WorkflowBuilderScreen() {
  const { workflow_id: id = '' } = useParams();
  usePageTitle('Edit workflow');
  const rights = useCan();
  const canEdit = rights.can('workflows:update');
  const workflow = useQuery({
    queryKey: WORKFLOW_KEYS.one(id),
    queryFn: ({ signal }) => fetchWorkflow(id, signal),
    enabled: canEdit,
  });
  if (!rights.isLoading && !canEdit) {
    return (
      <PageFrame title="Edit workflow">
        <NoAccess>Your user type cannot change workflows.</NoAccess>
      </PageFrame>
    );
  }
  if (workflow.error) {
    return (
      <PageFrame title="Edit workflow">
        <QueryFailure query={workflow} title="Could not load the workflow" />
      </PageFrame>
    );
  }
  if (!workflow.data) {
    return (
      <PageFrame title="Edit workflow">
        <SkeletonStack count={4} />
      </PageFrame>
    );
  }
  return <WorkflowBuilder key={workflow.data._id} workflow={workflow.data} rights={rights} />;
}
