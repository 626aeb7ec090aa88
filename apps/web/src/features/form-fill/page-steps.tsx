import { Alert, Checkbox, Paper, Stack, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
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

/** A document to fill and sign: it is sent to the filler once the answers before it are in. */
export function DocumentStepBody({ documentId }: { documentId: string | null }) {
  return (
    <Alert color="blue" variant="light" icon={<IconFileText size={18} />} data-testid="document-step">
      {documentId
        ? 'The document of this step has been sent to you for signing. Open it from the email we sent you; this step is marked done once it is signed.'
        : 'This step is a document to sign. It is sent to you by email when you send the form.'}
    </Alert>
  );
}
