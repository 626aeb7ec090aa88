import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkflowInstance } from '@esigns/contracts/workflows';
import { ConfirmDialog } from '../../../shared/ui/page-kit';
import { WORKFLOW_KEYS, deleteDraftInstance } from '../workflows-api';

/** Delete a packet not sent yet (`POST /workflow/{id}/PermanentDeleteDraftDocument`): nothing was sent. */
export function DeleteDraftDialog({
  instance,
  onClose,
  onDeleted,
}: {
  instance: TWorkflowInstance;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => deleteDraftInstance(instance._id),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WORKFLOW_KEYS.all });
      notifications.show({ color: 'teal', message: 'Draft packet deleted' });
      onDeleted();
    },
  });
  const person = instance.primary?.name || instance.primary?.email;
  return (
    <ConfirmDialog
      opened
      title="Delete draft packet"
      confirmLabel="Delete"
      onConfirm={() => mutation.mutate()}
      onClose={onClose}
      isPending={mutation.isPending}
      error={mutation.error}
    >
      Delete this draft of <b>{instance.workflow_name}</b>
      {person ? ` for ${person}` : ''} for good? Nothing has been sent yet.
    </ConfirmDialog>
  );
}
