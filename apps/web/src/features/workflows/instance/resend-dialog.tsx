import { useState } from 'react';
import { Button, Checkbox, List, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkflowInstance } from '@esigns/contracts/workflows';
import { isApiError } from '../../../shared/api/api-error';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { WORKFLOW_KEYS, resendInstance } from '../workflows-api';

/** A 422 names the step that is no longer due (`step_ids.{i}`): its words, not "Validation failed". */
const detailOf = (error: unknown) =>
  isApiError(error) && error.isValidation && Object.keys(error.fieldErrors).length > 0
    ? new Error(Object.values(error.fieldErrors).join(' '))
    : error;

/**
 * Resend (`POST /resend-workflow/{id}`): which due steps to mail again (all by default), then who
 * was mailed for each. A packet that is no longer running answers 409, shown in the dialog.
 */
export function ResendDialog({ instance, onClose }: { instance: TWorkflowInstance; onClose: () => void }) {
  const due = instance.steps.filter((step) => step.status === 'DUE');
  const [chosen, setChosen] = useState<string[]>(() => due.map((step) => step.step_id));
  const queryClient = useQueryClient();
  const resend = useMutation({
    mutationFn: () => resendInstance(instance._id, chosen),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: WORKFLOW_KEYS.all });
      notifications.show({ color: 'teal', message: 'Links mailed again' });
    },
  });
  if (resend.data) {
    return (
      <FormDialog
        onClose={onClose}
        title="Links mailed again"
        confirmLabel="Done"
        footer={<Button onClick={onClose}>Done</Button>}
      >
        <List spacing="xs" size="sm" data-testid="resend-result">
          {resend.data.resent.map((step) => (
            <List.Item key={step.step_id}>
              <b>{step.name}</b>: {step.emails.length > 0 ? step.emails.join(', ') : 'nobody to mail'}
            </List.Item>
          ))}
        </List>
      </FormDialog>
    );
  }
  return (
    <FormDialog
      onClose={onClose}
      title="Resend packet"
      confirmLabel="Resend"
      isPending={resend.isPending}
      isConfirmDisabled={chosen.length === 0}
      error={detailOf(resend.error)}
      form={{ id: 'resend-packet', label: 'Resend packet', onSubmit: () => resend.mutate() }}
      intro="Each step's recipients get its link again by email. Earlier links keep working."
    >
      {due.length === 0 ? (
        <Text size="sm" c="dimmed">
          No step is due right now.
        </Text>
      ) : (
        <Checkbox.Group label="Steps to mail again" value={chosen} onChange={setChosen}>
          <Stack gap="xs" mt={6}>
            {due.map((step) => (
              <Checkbox key={step.step_id} value={step.step_id} label={step.name} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </FormDialog>
  );
}
