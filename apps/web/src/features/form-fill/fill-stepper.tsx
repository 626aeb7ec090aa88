import { Alert, Box, Button, Flex, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy, IconHistory, IconSend } from '@tabler/icons-react';
import type { TFormSubmission } from '@esigns/contracts/form-builders';
import { formatDateTime } from '../../shared/format/date';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import type { FillAccess } from './fill-api';
import { DocumentStepBody } from './document-step';
import { StaticStepBody } from './page-steps';
import { StepFields } from './step-fields';
import { StepProgress } from './step-progress';
import type { StepTemplate } from './step-templates';
import { StepInvalid, useFillFlow, type FillFlow, type FillForm } from './use-fill-flow';

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
      {props.initial && (
        <Alert color="blue" variant="light" icon={<IconHistory size={18} />} data-testid="resumed">
          Welcome back. Your saved answers are filled in; carry on where you left off.
        </Alert>
      )}
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
            <StepFields
              template={props.templates[current.id] ?? null}
              values={flow.values}
              errors={flow.errors}
              onChange={flow.setValue}
              entityId={current.type === 'ENTITY' ? current.entity_id : undefined}
            />
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

function StepNav({ flow }: { flow: FillFlow }) {
  const step = flow.current;
  const needsAccept =
    (step?.type === 'STATIC' && step.require_accept && !flow.accepted) ||
    (step?.type === 'DOCUMENT' && step.required && !flow.isDone(step.id));
  const isBusy = flow.save.isPending || flow.submit.isPending;
  const next = () => flow.save.mutate({ complete: true });
  const finish = async () => {
    let saved: TFormSubmission | null;
    try {
      saved = await flow.save.mutateAsync({ complete: true });
    } catch {
      return; // The step shows why.
    }
    flow.submit.mutate(saved ?? flow.submission);
  };
  return (
    <Box>
      <Flex direction={{ base: 'column-reverse', sm: 'row' }} gap="sm" justify="space-between">
        <Flex gap="sm" direction={{ base: 'row', sm: 'row' }}>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            disabled={flow.position === 0 || isBusy}
            onClick={flow.goBack}
            flex={{ base: 1, sm: 'none' }}
          >
            Back
          </Button>
          {step?.type !== 'STATIC' && step?.type !== 'DOCUMENT' && (
            <Button
              variant="subtle"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={flow.save.isPending && flow.save.variables.complete === false}
              disabled={isBusy}
              onClick={() => flow.save.mutate({ complete: false })}
              flex={{ base: 1, sm: 'none' }}
            >
              Save for later
            </Button>
          )}
        </Flex>
        {flow.isLast ? (
          <Button
            size="md"
            rightSection={<IconSend size={16} />}
            loading={isBusy}
            disabled={needsAccept}
            onClick={() => void finish()}
          >
            Submit
          </Button>
        ) : (
          <Button
            size="md"
            rightSection={<IconArrowRight size={16} />}
            loading={flow.save.isPending && flow.save.variables.complete}
            disabled={needsAccept || isBusy}
            onClick={next}
          >
            Next
          </Button>
        )}
      </Flex>
      {flow.savedAt && (
        <Text size="xs" c="dimmed" ta="center" mt="xs" role="status">
          Saved {formatDateTime(flow.savedAt)}. You can come back and finish later.
        </Text>
      )}
    </Box>
  );
}
