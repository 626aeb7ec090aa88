import { Anchor, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import type { TWorkflowInstanceStep } from '@esigns/contracts/workflows';
import { stepPaths } from '../../company-documents/step-paths';
import { STAFF_ACCESS, fetchSubmission } from '../../form-fill/fill-api';
import { fillPaths } from '../../form-fill/fill-paths';

/**
 * A step's name, opening what it became: the step's preview screen (a sent document, a document
 * request) or, for a form, its submission (whose address needs the form's code: read on click).
 */
export function StepLink({ step, instanceId }: { step: TWorkflowInstanceStep; instanceId: string }) {
  const objectId = step.object_id;
  if (!objectId) {
    return (
      <Text size="sm" fw={500} truncate>
        {step.name}
      </Text>
    );
  }
  if (step.kind === 'form') return <SubmissionLink name={step.name} submissionId={objectId} />;
  return (
    <Anchor
      component={Link}
      to={stepPaths.preview(step.kind, objectId, instanceId)}
      size="sm"
      fw={500}
      truncate
    >
      {step.name}
    </Anchor>
  );
}

function SubmissionLink({ name, submissionId }: { name: string; submissionId: string }) {
  const navigate = useNavigate();
  const open = useMutation({
    mutationFn: () => fetchSubmission(STAFF_ACCESS, submissionId),
    onSuccess: (submission) => {
      if (submission.form?.code) void navigate(fillPaths.submission(submission.form.code, submissionId));
    },
  });
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      fw={500}
      ta="left"
      truncate
      onClick={() => open.mutate()}
      c={open.isError ? 'red' : undefined}
      title={open.isError ? 'The form entry could not be opened' : undefined}
    >
      {name}
    </Anchor>
  );
}
