import { Button, Stack, Text } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWorkflowUserStatus } from '@esigns/contracts/workflows';
import { isApiError } from '../../../shared/api/api-error';
// Not page-kit: the signing link's pages show this without loading dialog code.
import { ErrorAlert } from '../../../shared/ui/error-alert';
import { acknowledgeStep, PACKET_KEYS, type PacketAccess, type PacketStep } from './packet-api';

export const ACKNOWLEDGE_LABEL = 'I have read and acknowledge this document';

/**
 * A read-and-acknowledge step's explicit action: opening the document only marks it viewed; the
 * reader confirms here (`POST /workflow/acknowledge`, recorded with time, IP and user agent). The
 * answer replaces the packet's cached status, so the banner moves on at once.
 */
export function AcknowledgeStep({
  access,
  step,
  onAcknowledged,
}: {
  access: PacketAccess;
  step: PacketStep;
  onAcknowledged?: (status: TWorkflowUserStatus) => void;
}) {
  const queryClient = useQueryClient();
  const acknowledge = useMutation({
    mutationFn: () => acknowledgeStep(access, step.step_id),
    onSuccess: (status) => {
      queryClient.setQueryData(PACKET_KEYS.status(access), status);
      onAcknowledged?.(status);
    },
  });
  return (
    <Stack gap={6} data-testid="packet-acknowledge">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        Read <b>{step.name}</b>, then confirm. Your confirmation is recorded with the time and your IP
        address.
      </Text>
      <Button
        fullWidth
        h="auto"
        py={8}
        leftSection={<IconChecks size={18} aria-hidden />}
        loading={acknowledge.isPending}
        onClick={() => acknowledge.mutate()}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        {ACKNOWLEDGE_LABEL}
      </Button>
      {acknowledge.isError && (
        <ErrorAlert>
          {isApiError(acknowledge.error) || acknowledge.error instanceof Error
            ? acknowledge.error.message
            : 'Please try again.'}
        </ErrorAlert>
      )}
    </Stack>
  );
}
