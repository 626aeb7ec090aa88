import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkflow } from '@esigns/contracts/workflows';
import { isApiError } from '../../../shared/api/api-error';
import { WORKFLOW_KEYS, setWorkflowStatus, updateWorkflow } from '../workflows-api';
import { keyedBySteps, requestOf, type DraftErrors, type WorkflowDraft } from './workflow-draft';

const NO_ERRORS: DraftErrors = { fields: {}, steps: {} };

/**
 * Saving the draft (`PUT /workflow/{id}`), then, for "Save and activate", `POST /workflow/{id}/status`.
 * A 422's details land on the fields and on the step they name (wherever it has moved since).
 */
export function useSaveWorkflow(workflow: TWorkflow, onSaved: (saved: TWorkflow) => void) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<DraftErrors>(NO_ERRORS);
  const mutation = useMutation({
    mutationFn: async ({ draft, activate }: { draft: WorkflowDraft; activate: boolean }) => {
      const saved = await updateWorkflow(workflow._id, requestOf(draft));
      return activate ? setWorkflowStatus(workflow._id, 'ACTIVE') : saved;
    },
    onMutate: () => setErrors(NO_ERRORS),
    onSuccess: (saved, { activate }) => {
      onSaved(saved);
      queryClient.setQueryData(WORKFLOW_KEYS.one(saved._id), saved);
      void queryClient.invalidateQueries({ queryKey: WORKFLOW_KEYS.all, refetchType: 'none' });
      const version = saved.version > workflow.version ? ` as version ${saved.version}` : '';
      notifications.show({
        color: 'teal',
        message: `${saved.name} ${activate ? 'saved and activated' : 'saved'}${version}`,
      });
    },
    onError: (error, { draft }) => {
      if (isApiError(error) && error.isValidation) setErrors(keyedBySteps(error.fieldErrors, draft.steps));
    },
  });
  const error = mutation.error;
  const fieldCount =
    Object.keys(errors.fields).length +
    Object.values(errors.steps).reduce((n, e) => n + Object.keys(e).length, 0);
  return {
    mutation,
    errors,
    /** A failure not shown on a field. */
    otherError: error && !(isApiError(error) && error.isValidation && fieldCount > 0) ? error : null,
    fieldCount,
  };
}
