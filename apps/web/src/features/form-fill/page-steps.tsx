import { Checkbox, Paper, Stack, Text } from '@mantine/core';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';

type StaticStep = Extract<TStoredFormStep, { type: 'STATIC' }>;

/** A page to read: plain text, paragraphs split on blank lines (never HTML), and "I accept" when asked. */
export function StaticStepBody({
  step,
  isAccepted,
  onAccept,
  readOnly = false,
}: {
  step: StaticStep;
  isAccepted: boolean;
  onAccept: (value: boolean) => void;
  readOnly?: boolean;
}) {
  const paragraphs = step.content.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  return (
    <Stack gap="md">
      <Paper
        withBorder
        radius="md"
        p="md"
        mah={420}
        style={{ overflowY: 'auto' }}
        data-testid="static-content"
      >
        <Stack gap="sm">
          {paragraphs.map((paragraph, index) => (
            <Text key={index} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {paragraph}
            </Text>
          ))}
        </Stack>
      </Paper>
      {step.require_accept && (
        <Checkbox
          size="md"
          label="I have read and accept this"
          checked={isAccepted}
          disabled={readOnly}
          onChange={(event) => onAccept(event.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}
