import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { errorText } from '../../../shared/ui/page-kit';
import { TemplateForm } from '../../form-templates/renderer/template-form';
import type { DraftStep } from './form-draft';
import { useStepFields } from './step-fields';

type Props = { step: DraftStep; onNext: (values?: Record<string, unknown>) => void; nextLabel: string };

function FieldsStep({ step, onNext, nextLabel }: Props) {
  const { fields, isPending, error } = useStepFields(step);
  if (error) return <Alert color="red">{errorText(error)}</Alert>;
  if (isPending) return <Skeleton h={160} />;
  if (!fields)
    return (
      <Text c="dimmed" size="sm">
        Choose the step&apos;s {step.type === 'ENTITY' ? 'entity' : 'template'} to see its fields.
      </Text>
    );
  return <TemplateForm fields={fields} submitLabel={nextLabel} onValid={onNext} />;
}

function StaticStep({ step, onNext, nextLabel }: Props & { step: Extract<DraftStep, { type: 'STATIC' }> }) {
  const [isAccepted, setAccepted] = useState(false);
  const paragraphs = step.content.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <Stack gap="sm">
      {paragraphs.length === 0 && (
        <Text c="dimmed" size="sm">
          The page&apos;s text shows here.
        </Text>
      )}
      {paragraphs.map((text, i) => (
        <Text key={i} size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {text}
        </Text>
      ))}
      {step.require_accept && (
        <Checkbox
          label="I have read and accept this"
          checked={isAccepted}
          onChange={(e) => setAccepted(e.currentTarget.checked)}
        />
      )}
      <Group justify="flex-end">
        <Button onClick={() => onNext()} disabled={step.require_accept && !isAccepted}>
          {nextLabel}
        </Button>
      </Group>
    </Stack>
  );
}

function DocumentStep({ onNext, nextLabel }: Props) {
  return (
    <Paper withBorder p="md" radius="md">
      <Group wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" size="lg">
          <IconSignature size={18} />
        </ThemeIcon>
        <Stack gap={4} style={{ flex: 1 }}>
          <Text size="sm" fw={500}>
            The filler fills and signs the document here.
          </Text>
          <Text size="xs" c="dimmed">
            The preview does not open documents; fillers sign them in the signing screen.
          </Text>
        </Stack>
      </Group>
      <Group justify="flex-end" mt="md">
        <Button onClick={() => onNext()}>{nextLabel}</Button>
      </Group>
    </Paper>
  );
}

/** One step as a filler sees it; "next" checks the step's values with the shared validator first. */
export function PreviewStep(props: Props) {
  const { step } = props;
  if (step.type === 'STATIC') return <StaticStep {...props} step={step} />;
  if (step.type === 'DOCUMENT') return <DocumentStep {...props} />;
  return <FieldsStep {...props} />;
}
