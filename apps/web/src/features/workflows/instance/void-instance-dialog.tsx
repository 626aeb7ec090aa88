import { useState } from 'react';
import { Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkflowInstance } from '@esigns/contracts/workflows';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { WORKFLOW_KEYS, voidInstance } from '../workflows-api';

/** Void a packet (`PUT /workflow-data/{id}` with VOIDED and a reason): its open documents are voided. */
export function VoidInstanceDialog({
  instance,
  onClose,
}: {
  instance: TWorkflowInstance;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => voidInstance(instance._id, reason),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WORKFLOW_KEYS.all });
      notifications.show({ color: 'teal', message: 'Packet voided' });
      onClose();
    },
  });
  return (
    <FormDialog
      onClose={onClose}
      title="Void packet"
      confirmLabel="Void"
      isDestructive
      isPending={mutation.isPending}
      error={mutation.error}
      form={{ id: 'void-packet', label: 'Void packet', onSubmit: () => mutation.mutate() }}
      intro="Its steps still due are cancelled and their documents voided. This cannot be undone."
    >
      <Textarea
        label="Reason"
        placeholder="Why the packet is cancelled"
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        maxLength={500}

        rows={2}
      />
    </FormDialog>
  );
}
