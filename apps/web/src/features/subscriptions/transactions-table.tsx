import { useState } from 'react';
import { Anchor, Badge, Skeleton, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatDate } from '../../shared/format/date';
import { ListPager } from '../../shared/ui/list-pager';
import { QueryFailure } from '../../shared/ui/page-kit';
import { moneyText } from './plan-format';
import { SUBSCRIPTION_KEYS, fetchTransactions } from './subscriptions-api';

const STATUS_COLORS: Record<string, string> = {
  PAID: 'teal',
  PENDING: 'orange',
  CREATED: 'gray',
  FAILED: 'red',
  CANCELLED: 'gray',
  EXPIRED: 'gray',
  REFUNDED: 'blue',
};

/** What the instance billed the company, newest first, with a link to each invoice. */
export function TransactionsTable() {
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: SUBSCRIPTION_KEYS.transactions(page),
    queryFn: ({ signal }) => fetchTransactions(page, signal),
    placeholderData: keepPreviousData,
  });
  if (query.isError) return <QueryFailure query={query} title="Could not load the payments" />;
  if (!query.data) return <Skeleton h={120} />;
  if (query.data.total === 0) {
    return (
      <Text c="dimmed" size="sm" data-testid="no-transactions">
        No payments yet.
      </Text>
    );
  }
  return (
    <>
      <Table.ScrollContainer minWidth={560}>
        <Table striped data-testid="transactions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Date</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Amount</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Invoice</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {query.data.data.map((row) => (
              <Table.Tr key={row._id}>
                <Table.Td>{formatDate(row.created_at)}</Table.Td>
                <Table.Td>{row.description}</Table.Td>
                <Table.Td>{moneyText(row.amount_minor, row.currency)}</Table.Td>
                <Table.Td>
                  <Badge color={STATUS_COLORS[row.status] ?? 'gray'} variant="light">
                    {row.status}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  {row.invoice_id ? (
                    <Anchor component={Link} to={`/invoice?id=${row.invoice_id}`}>
                      View invoice
                    </Anchor>
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {query.data.total_pages > 1 && (
        <ListPager
          page={page}
          limit={10}
          total={query.data.total}
          totalPages={query.data.total_pages}
          onPage={setPage}
        />
      )}
    </>
  );
}
