import { Button, Group, Paper, Progress, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { errorText } from '../../shared/ui/page-kit';
import { formatDateTime } from '../../shared/format/date';
import { FILL_KEYS } from './fill-api';
import { cancelBatch, retryBatch, type FormBatch } from './data-list-api';

export const isRunning = (batch: FormBatch) => batch.status === 'QUEUED' || batch.status === 'RUNNING';

const headline = (batch: FormBatch) =>
  batch.status === 'CANCELLED' ? 'Cancelled: sent' : isRunning(batch) ? 'Sending' : 'Sent';

/** One send: its progress, Cancel while it runs, "Retry failed" once over with people it failed. */
export function BatchCard({ batch, formId }: { batch: FormBatch; formId: string }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: FILL_KEYS.batches(formId) });
  const onError = (error: unknown) => notifications.show({ color: 'red', message: errorText(error) });
  const cancel = useMutation({
    mutationFn: () => cancelBatch(batch._id),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: 'Send cancelled: the people sent keep their link' });
      void refresh();
    },
    onError,
  });
  const retry = useMutation({
    mutationFn: () => retryBatch(batch._id),
    onSuccess: (started) => {
      notifications.show({ color: 'teal', message: `Sending again to ${started.total} people` });
      void refresh();
    },
    onError,
  });
  const canRetry = !isRunning(batch) && batch.failed > 0 && !batch.retry_batch_id;
  return (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" gap="xs" mb={6}>
        <Text size="sm" fw={600}>
          {headline(batch)} to {batch.total} people · {formatDateTime(batch.created_at)}
        </Text>
        <Group gap="xs">
          <Text size="xs" c={batch.failed > 0 ? 'red' : 'dimmed'}>
            {batch.sent} sent{batch.failed > 0 ? `, ${batch.failed} failed` : ''}
          </Text>
          {isRunning(batch) && (
            <Button
              size="compact-xs"
              variant="default"
              loading={cancel.isPending}
              onClick={() => cancel.mutate()}
            >
              Cancel
            </Button>
          )}
          {canRetry && (
            <Button
              size="compact-xs"
              variant="light"
              loading={retry.isPending}
              onClick={() => retry.mutate()}
            >
              Retry failed
            </Button>
          )}
        </Group>
      </Group>
      <Progress
        value={batch.progress}
        size="sm"
        animated={isRunning(batch)}
        aria-label={`Send progress ${batch.progress}%`}
      />
      {batch.message && (
        <Text size="xs" c="dimmed" mt={4} style={{ whiteSpace: 'pre-line' }}>
          {batch.message}
        </Text>
      )}
    </Paper>
  );
}
