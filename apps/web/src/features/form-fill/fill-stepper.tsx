import { Alert, Box, Stack, Text, Title } from '@mantine/core';
import { IconHistory } from '@tabler/icons-react';
import type { TFormSubmission } from '@esigns/contracts/form-builders';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import type { FillAccess } from './fill-api';
import { DocumentStepBody } from './document-step';
import { StaticStepBody } from './page-steps';
import { StepFields } from './step-fields';
import { FormSubmissionScope } from './form-file-uploads';
import { StepProgress } from './step-progress';
import type { StepTemplate } from './step-templates';
import { StepNav } from './step-nav';
import { StepInvalid, useFillFlow, type FillForm } from './use-fill-flow';

export type FillStepperProps = {
  form: FillForm;
  access: FillAccess;
  templates: Record<string, StepTemplate | null>;
  initial: TFormSubmission | null;
  onSubmitted: (submission: TFormSubmission) => void;
};

/** The form one step per screen (phone first): progress, the step, then Back / Save / Next or Submit. */
export function FillStepper(props: FillStepperProps) {
  const flow = useFillFlow(props);
  const { current } = flow;
  if (!current) {
    return <Alert color="gray">This form has no steps to fill.</Alert>;
  }
  const saveError = flow.save.error && !(flow.save.error instanceof StepInvalid) ? flow.save.error : null;
  return (
    <Stack gap="lg" data-testid="fill-stepper">
      <ResumeNote initial={props.initial} />
      <StepProgress steps={flow.shown} position={flow.position} isDone={flow.isDone} onOpen={flow.goTo} />
      <Box>
        <Stack gap="md">
          <Title order={3} size="h4">
            {current.name}
            {!current.required && (
              <Text span c="dimmed" size="sm" fw={400}>
                {' '}
                (optional)
              </Text>
            )}
          </Title>
          {current.type === 'STATIC' ? (
            <StaticStepBody step={current} isAccepted={flow.accepted} onAccept={flow.setAccepted} />
          ) : current.type === 'DOCUMENT' ? (
            <DocumentStepBody
              access={props.access}
              submissionId={flow.submission?._id ?? null}
              stepId={current.id}
              onSigned={flow.refreshStatus}
            />
          ) : (
            <FormSubmissionScope submissionId={flow.submission?._id ?? null}>
              <StepFields
                template={props.templates[current.id] ?? null}
                values={flow.values}
                errors={flow.errors}
                onChange={flow.setValue}
                entityId={current.type === 'ENTITY' ? current.entity_id : undefined}
              />
            </FormSubmissionScope>
          )}
          {Object.keys(flow.errors).length > 0 && (
            <Alert color="red" variant="light" role="alert">
              Some answers need your attention.
            </Alert>
          )}
          {saveError && <ErrorAlert>{errorText(saveError)}</ErrorAlert>}
          {flow.submit.error && <ErrorAlert>{errorText(flow.submit.error)}</ErrorAlert>}
        </Stack>
      </Box>
      <StepNav flow={flow} />
    </Stack>
  );
}

/** A returning filler: what they saved is back; a submission sent back says why. */
function ResumeNote({ initial }: { initial: TFormSubmission | null }) {
  if (initial?.status === 'SENT_BACK') {
    const why = initial.decisions.findLast((d) => d.decision === 'REJECTED')?.comment;
    return (
      <Alert color="orange" variant="light" icon={<IconHistory size={18} />} data-testid="sent-back">
        Your answers were sent back for changes{why ? `: "${why}"` : '.'} Change what is needed and submit
        again.
      </Alert>
    );
  }
  const hasSaved = initial?.steps.some((s) => s.status === 'SAVED' || s.status === 'COMPLETED') ?? false;
  if (!hasSaved) return null;
  return (
    <Alert color="blue" variant="light" icon={<IconHistory size={18} />} data-testid="resumed">
      Welcome back. Your saved answers are filled in; carry on where you left off.
    </Alert>
  );
}
