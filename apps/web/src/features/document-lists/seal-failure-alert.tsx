import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh, IconSignature } from '@tabler/icons-react';
import type { TDocumentAction } from '@esigns/contracts/document-actions';
import type { TSealFailure } from '@esigns/contracts/signing';
import { useCan } from '../../shared/permissions/use-can';
import { ConfirmDialog, ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { useDocumentAction } from '../document-actions/use-document-action';
import { askToSignAgain, retrySealing } from './document-lists-api';

type Named = TSealFailure['recipients'][number];

const VALUE_WORDS: Record<string, string> = { SIGNATURE: 'signature', INITIAL: 'initials', IMAGE: 'image' };

/** "signature (Tenant signature)", "initials and image (Photo)". */
function whatFailed(recipient: Named): string {
  const words = recipient.fields.map(
    (f) => `${VALUE_WORDS[f.type] ?? 'value'}${f.label ? ` (${f.label})` : ''}`,
  );
  return words.length <= 1 ? (words[0] ?? 'value') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`;
}

/**
 * The document screen's error state of a seal that failed for good (`sealing` of
 * `GET /documents/{id}/recipients`): everyone finished, the final PDF could not be built. A red
 * alert with the server's reason and the fix the caller may take: "Ask <name> to sign again"
 * (a value that cannot be stamped; asks first, since their signature is cleared) or "Retry
 * sealing" (anything else). The buttons follow the document's `actions` (the server's rule table
 * and the caller's rights on it) and the caller's permissions; without them the alert says who can.
 */
export function SealFailureAlert({
  documentId,
  sealing,
  actions,
  onDone,
}: {
  documentId: string;
  sealing: TSealFailure;
  actions: readonly TDocumentAction[];
  onDone?: () => void;
}) {
  const rights = useCan();
  const [asking, setAsking] = useState<Named | null>(null);
  const signAgain = useDocumentAction((recipient: Named) => askToSignAgain(documentId, recipient._id), {
    title: 'Asked to sign again',
    message: () => `${asking?.name ?? 'The recipient'} is emailed a new link to sign again.`,
    onSuccess: () => {
      setAsking(null);
      onDone?.();
    },
  });
  const retry = useDocumentAction(() => retrySealing(documentId), {
    title: 'Sealing started again',
    message: (status) =>
      status.requeued
        ? 'The document is completed as soon as its sealed PDF is built.'
        : 'The sealing could not be started again.',
    onSuccess: () => onDone?.(),
  });

  const canAsk =
    sealing.fix === 'SIGN_AGAIN' && actions.includes('sign-again') && rights.can('documents:send');
  const canRetry = sealing.fix === 'RETRY' && actions.includes('retry-seal') && rights.can('documents:view');
  const names = sealing.recipients.map((r) => r.name);
  const next =
    sealing.fix === 'SIGN_AGAIN'
      ? `Once ${names.length === 1 ? names[0] : 'they'} ${names.length === 1 ? 'has' : 'have'} signed again, the document is completed and sealed by itself; the other signatures are kept.`
      : sealing.permanent
        ? 'Fix the cause (for example, restore the document’s file), then retry sealing.'
        : 'This can pass by itself: retry sealing.';

  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={20} />}
      title="Sealing failed: the document is not completed"
      data-testid="seal-failure"
      role="alert"
    >
      <Stack gap="sm">
        <Text size="sm">
          Everyone has finished, but the final, sealed PDF could not be built.{' '}
          {sealing.reason.replace(/\.$/, '')}.
        </Text>
        <Text size="sm" c="dimmed">
          {next}
        </Text>
        {(canAsk || canRetry) && (
          <Group gap="sm">
            {canAsk &&
              sealing.recipients.map((recipient) => (
                <Button
                  key={recipient._id}
                  color="red"
                  leftSection={<IconSignature size={16} />}
                  onClick={() => {
                    signAgain.reset();
                    setAsking(recipient);
                  }}
                >
                  Ask {recipient.name} to sign again
                </Button>
              ))}
            {canRetry && (
              <Button
                color="red"
                leftSection={<IconRefresh size={16} />}
                loading={retry.isPending}
                onClick={() => retry.mutate(undefined)}
              >
                Retry sealing
              </Button>
            )}
          </Group>
        )}
        {!canAsk && !canRetry && (
          <Text size="sm" c="dimmed">
            Only the document’s sender, or someone with rights on it, can fix this.
          </Text>
        )}
        {retry.isError && <ErrorAlert>{errorText(retry.error)}</ErrorAlert>}
      </Stack>
      <ConfirmDialog
        opened={asking !== null}
        title={asking ? `Ask ${asking.name} to sign again?` : ''}
        confirmLabel="Ask to sign again"
        isDestructive={false}
        isPending={signAgain.isPending}
        error={signAgain.error}
        onClose={() => setAsking(null)}
        onConfirm={() => asking && signAgain.mutate(asking)}
      >
        {asking && (
          <Text size="sm">
            Their {whatFailed(asking)} could not be used in the final PDF. It is cleared and {asking.name} (
            {asking.email}) is emailed a new link to sign again; the other values and signatures are kept.
          </Text>
        )}
      </ConfirmDialog>
    </Alert>
  );
}
