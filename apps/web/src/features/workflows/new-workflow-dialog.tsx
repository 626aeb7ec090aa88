import { useState } from 'react';
import { TextInput, Textarea } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { FormDialog } from '../../shared/ui/form-dialog';
import { WORKFLOW_KEYS, createWorkflow, workflowPaths } from './workflows-api';

/** "New workflow": a name (and description), then the builder of the new DRAFT. */
export function NewWorkflowDialog({ onClose }: { onClose: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: () => createWorkflow({ name, description }),
    onSuccess: (workflow) => {
      void queryClient.invalidateQueries({ queryKey: WORKFLOW_KEYS.all });
      void navigate(workflowPaths.edit(workflow._id));
    },
  });
  const fields = isApiError(create.error) ? create.error.fieldErrors : {};
  const hasFieldError = Boolean(fields.name || fields.description);
  return (
    <FormDialog
      onClose={onClose}
      title="New workflow"
      confirmLabel="Create and add steps"
      form={{ id: 'new-workflow', label: 'New workflow', onSubmit: () => create.mutate() }}
      isPending={create.isPending}
      error={hasFieldError ? null : create.error}
    >
      <TextInput
        label="Name"
        placeholder="Rental onboarding"
        required
        data-autofocus
        value={name}
        onChange={(event) => setName(event.currentTarget.value)}
        error={fields.name}
        maxLength={150}
      />
      <Textarea
        label="Description"
        placeholder="What the packet is for"
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={fields.description}

        rows={2}
      />
    </FormDialog>
  );
}
