import type { ReactNode } from 'react';
import { Badge, Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TFormSubmission, TStepProgress, TStoredFormStep } from '@esigns/contracts/form-builders';
import type { TFormField } from '@esigns/contracts/nocode-fields';
import { valueText } from '@esigns/contracts/nocode-value-text';
import { visibleFieldKeys } from '@esigns/contracts/nocode-visibility';
import { formatDate, formatDateTime } from '../../shared/format/date';
import { PayButtonField } from '../pay-buttons/pay-button-field';
import { PayButtonScope } from '../pay-buttons/pay-button-scope';
import type { StepTemplate } from './step-templates';

export const STEP_PROGRESS_LABELS: Record<TStepProgress, { label: string; color: string }> = {
  PENDING: { label: 'Not started', color: 'gray' },
  SAVED: { label: 'In progress', color: 'yellow' },
  COMPLETED: { label: 'Done', color: 'teal' },
  SKIPPED: { label: 'Skipped', color: 'gray' },
};

const textOf = (field: TFormField, value: unknown) =>
  valueText(field, value, { formatDate: (v) => formatDate(v), formatDateTime: (v) => formatDateTime(v) });

/** A template step's answers as label and value, the fields its visibility rules hide left out. */
export function StepAnswers({
  template,
  values,
}: {
  template: StepTemplate | null;
  values: Record<string, unknown>;
}) {
  if (!template)
    return (
      <Text size="sm" c="dimmed">
        The questions of this step could not be loaded.
      </Text>
    );
  const visible = visibleFieldKeys(template.fields, values);
  const fields = template.fields.filter((field) => visible.has(field.key) && field.type !== 'SIGNATURE');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {fields.map((field) => (
        <Box key={field.key} miw={0}>
          <Text size="xs" c="dimmed" fw={600}>
            {field.label}
          </Text>
          {field.type === 'PAY_BUTTON' ? (
            <PayButtonField field={field} />
          ) : (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {textOf(field, values[field.key]) || '—'}
            </Text>
          )}
        </Box>
      ))}
    </SimpleGrid>
  );
}

/** A step's answers with its pay buttons live when the caller may see their state. */
function PayAnswers({
  pay,
  submissionId,
  stepId,
  children,
}: {
  pay: { guestHeaders?: Record<string, string> | undefined; readOnly?: boolean } | undefined;
  submissionId: string;
  stepId: string;
  children: ReactNode;
}) {
  if (!pay) return <>{children}</>;
  return (
    <PayButtonScope target={{ kind: 'SUBMISSION', submissionId, stepId }} {...pay}>
      {children}
    </PayButtonScope>
  );
}

/** Every step of a submission with its progress and answers (read only). */
export function SubmissionValues({
  steps,
  templates,
  submission,
  stepActions,
  pay,
}: {
  steps: readonly TStoredFormStep[];
  templates: Record<string, StepTemplate | null>;
  submission: TFormSubmission;
  /** Links beside a step's name (staff: view or correct its answers). */
  stepActions?: (step: TStoredFormStep) => ReactNode;
  /** Pay buttons show their state (and can be paid) for this caller: a guest's headers, or staff ({}). */
  pay?: { guestHeaders?: Record<string, string> | undefined; readOnly?: boolean };
}) {
  return (
    <Stack gap="md" data-testid="submission-values">
      {steps.map((step) => {
        const progress = submission.steps.find((s) => s.step_id === step.id)?.status ?? 'PENDING';
        if (progress === 'SKIPPED') return null;
        const badge = STEP_PROGRESS_LABELS[progress];
        return (
          <Paper key={step.id} withBorder radius="md" p="md" data-testid="submission-step">
            <Group justify="space-between" mb="sm" wrap="nowrap" gap="xs">
              <Title order={4} size="h5" style={{ overflowWrap: 'anywhere' }}>
                {step.name}
              </Title>
              <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
                {stepActions?.(step)}
                <Badge color={badge.color} variant="light">
                  {badge.label}
                </Badge>
              </Group>
            </Group>
            {step.type === 'STATIC' ? (
              <Text size="sm" c="dimmed">
                {progress === 'COMPLETED' ? 'Read and accepted.' : 'Not accepted yet.'}
              </Text>
            ) : step.type === 'DOCUMENT' ? (
              <Text size="sm" c="dimmed">
                {progress === 'COMPLETED' ? 'Signed.' : 'Not signed yet.'}
              </Text>
            ) : (
              <PayAnswers pay={pay} submissionId={submission._id} stepId={step.id}>
                <StepAnswers
                  template={templates[step.id] ?? null}
                  values={submission.values[step.id] ?? {}}
                />
              </PayAnswers>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
