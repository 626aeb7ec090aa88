import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { usePageTitle } from '../../../shared/branding/use-page-title';
import { useCan } from '../../../shared/permissions/use-can';
import { SkeletonStack } from '../../../shared/ui/list-screen';
import { NoAccess, PageFrame, QueryFailure } from '../../../shared/ui/page-kit';
import { WORKFLOW_KEYS, fetchInstance } from '../workflows-api';
import { SendWorkflowForm } from './send-workflow-form';

/** /workflow/send/{workflow_data_id}: choose the contacts of a DRAFT packet, review its steps, send. */
export function SendWorkflowScreen() {
  const { workflow_data_id: id = '' } = useParams();
  usePageTitle('Send workflow');
  const rights = useCan();
  const canSend = rights.can('workflows:send');
  const draft = useQuery({
    queryKey: WORKFLOW_KEYS.instance(id),
    queryFn: ({ signal }) => fetchInstance(id, signal),
    enabled: canSend,
  });
  if (!rights.isLoading && !canSend) {
    return (
      <PageFrame title="Send workflow">
        <NoAccess>Your user type cannot send workflows.</NoAccess>
      </PageFrame>
    );
  }
  if (draft.error) {
    return (
      <PageFrame title="Send workflow">
        <QueryFailure query={draft} title="Could not load the packet" />
      </PageFrame>
    );
  }
  if (!draft.data) {
    return (
      <PageFrame title="Send workflow">
        <SkeletonStack count={4} />
      </PageFrame>
    );
  }
  return <SendWorkflowForm key={draft.data._id} draft={draft.data} />;
}
