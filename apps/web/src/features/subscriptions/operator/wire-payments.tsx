import { useState } from 'react';
import {
  Badge,
  Button,
  Group,
  SegmentedControl,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TOperatorTransaction } from '@esigns/contracts/subscriptions';
import { formatDate } from '../../../shared/format/date';
import { FormDialog } from '../../../shared/ui/form-dialog';
import { ListPager } from '../../../shared/ui/list-pager';
import { QueryFailure } from '../../../shared/ui/page-kit';
import { moneyText } from '../plan-format';
import { SUBSCRIPTION_KEYS } from '../subscriptions-api';
import { OPERATOR_KEYS, fetchWireTransactions, markWire, type WireStatus } from './operator-api';

const STATUS_COLORS: Record<string, string> = { PENDING: 'orange', PAID: 'teal', FAILED: 'red' };

function FailDialog({ txn, onClose }: { txn: TOperatorTransaction; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const mark = useMarkWire(onClose);
  return (
    <FormDialog
      onClose={onClose}
      title="Mark the wire failed"
      confirmLabel="Mark failed"
      isDestructive
      isPending={mark.isPending}
      error={mark.error}
      form={{
        id: 'wire-fail',
        label: 'Mark the wire failed',
        onSubmit: () => mark.mutate({ txn, status: 'FAILED', reason }),
      }}
      intro={
        <Text size="sm">
          {txn.payerCompanyName ?? 'The company'} keeps its current plan; the plan change is dropped.
        </Text>
      }
    >
      <Textarea
        label="Reason (shown to the company)"
        value={reason}
        maxLength={500}
        onChange={(event) => setReason(event.currentTarget.value)}
      />
    </FormDialog>
  );
}

function useMarkWire(onDone?: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      txn,
      status,
      reason,
    }: {
      txn: TOperatorTransaction;
      status: 'PAID' | 'FAILED';
      reason?: string;
    }) => markWire(txn._id, status, reason),
    onSuccess: (_result, { txn, status }) => {
      void queryClient.invalidateQueries({ queryKey: OPERATOR_KEYS.all });
      void queryClient.invalidateQueries({ queryKey: SUBSCRIPTION_KEYS.all });
      notifications.show({
        color: status === 'PAID' ? 'teal' : 'orange',
        title: status === 'PAID' ? 'Marked paid' : 'Marked failed',
        message: `${txn.payerCompanyName ?? 'The company'}: ${moneyText(txn.amount.amountMinor, txn.amount.currency)}`,
      });
      onDone?.();
    },
  });
}

function WireRow({ txn, onFail }: { txn: TOperatorTransaction; onFail: () => void }) {
  const mark = useMarkWire();
  return (
    <Table.Tr data-testid={`wire-${txn._id}`}>
      <Table.Td>{formatDate(txn.createdAt)}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {txn.payerCompanyName ?? '—'}
        </Text>
        <Text size="xs" c="dimmed">
          {txn.payer.email}
        </Text>
      </Table.Td>
      <Table.Td>{txn.lines.map((line) => line.description).join(', ')}</Table.Td>
      <Table.Td>{moneyText(txn.amount.amountMinor, txn.amount.currency)}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[txn.status] ?? 'gray'} variant="light">
          {txn.status}
        </Badge>
        {txn.failureReason && (
          <Text size="xs" c="dimmed">
            {txn.failureReason}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {txn.status === 'PENDING' && (
          <Group gap="xs" wrap="nowrap">
            <Button size="xs" loading={mark.isPending} onClick={() => mark.mutate({ txn, status: 'PAID' })}>
              Mark paid
            </Button>
            <Button size="xs" variant="default" color="red" onClick={onFail}>
              Mark failed
            </Button>
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The companies' wire plan payments: what waits to be marked paid or failed, and what was. */
export function WirePayments() {
  const [status, setStatus] = useState<WireStatus>('PENDING');
  const [page, setPage] = useState(1);
  const [failing, setFailing] = useState<TOperatorTransaction | null>(null);
  const query = useQuery({
    queryKey: OPERATOR_KEYS.wires(status, page),
    queryFn: ({ signal }) => fetchWireTransactions(status, page, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Show wire payments"
        value={status}
        onChange={(value) => {
          setStatus(value as WireStatus);
          setPage(1);
        }}
        data={[
          { value: 'PENDING', label: 'Waiting' },
          { value: 'PAID', label: 'Paid' },
          { value: 'FAILED', label: 'Failed' },
        ]}
        style={{ alignSelf: 'flex-start' }}
      />
      {query.isError ? (
        <QueryFailure query={query} title="Could not load the wire payments" />
      ) : !query.data ? (
        <Skeleton h={160} />
      ) : query.data.total === 0 ? (
        <Text c="dimmed" size="sm" data-testid="no-wires">
          {status === 'PENDING' ? 'No wire payment is waiting.' : 'None.'}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped data-testid="wire-payments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Company</Table.Th>
                <Table.Th>For</Table.Th>
                <Table.Th>Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th aria-label="Actions" />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.data.map((txn) => (
                <WireRow key={txn._id} txn={txn} onFail={() => setFailing(txn)} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {query.data && query.data.total_pages > 1 && (
        <ListPager
          page={page}
          limit={20}
          total={query.data.total}
          totalPages={query.data.total_pages}
          onPage={setPage}
        />
      )}
      {failing && <FailDialog txn={failing} onClose={() => setFailing(null)} />}
    </Stack>
  );
}
