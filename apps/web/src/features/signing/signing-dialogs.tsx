import { useState } from 'react';
import { Button, Group, Modal, ScrollArea, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { ZRejectRequest } from '@esigns/contracts/signing';
import { MAX_REASON_LENGTH } from './decline-screen';

/** The document's terms and conditions, with "I agree" when they are not accepted yet. */
export function TermsDialog({
  opened,
  text,
  isAccepted,
  isAccepting,
  onAccept,
  onClose,
}: {
  opened: boolean;
  text: string;
  isAccepted: boolean;
  isAccepting: boolean;
  onAccept: () => void;
  onClose: () => void;
}) {
  const isSmall = useMediaQuery('(max-width: 36em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Terms and conditions"
      size="lg"
      fullScreen={Boolean(isSmall)}
      centered
    >
      <Stack gap="md">
        <ScrollArea.Autosize mah={isSmall ? '70vh' : 420} type="auto">
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="terms-text"
          >
            {text.trim() || 'The sender asks you to accept their terms and conditions before you sign.'}
          </Text>
        </ScrollArea.Autosize>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {isAccepted ? 'Close' : 'Not now'}
          </Button>
          {!isAccepted && (
            <Button onClick={onAccept} loading={isAccepting}>
              I agree
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}

/** An approver's rejection, with the reason the sender will read. */
export function RejectDialog({
  opened,
  isRejecting,
  serverError,
  onReject,
  onClose,
}: {
  opened: boolean;
  isRejecting: boolean;
  serverError: string | null;
  onReject: (notes: string) => void;
  onClose: () => void;
}) {
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    const parsed = ZRejectRequest.shape.notes.safeParse(notes);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Give a reason');
      return;
    }
    setError(null);
    onReject(parsed.data);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Reject this document?" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            The document will be closed for everyone and the sender told, with your reason.
          </Text>
          <Textarea
            label="Reason"
            value={notes}
            onChange={(event) => {
              setNotes(event.currentTarget.value);
              if (error) setError(null);
            }}
            error={error ?? serverError}
            autosize
            minRows={3}
            maxLength={MAX_REASON_LENGTH}
            withAsterisk
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={isRejecting}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
